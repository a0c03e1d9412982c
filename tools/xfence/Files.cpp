//===- Files.cpp - the input and output files of every command ------------===//
//
// The output written through a temporary file and renamed only when the
// whole of it was written; the input and output checks every command
// shares, reported clang-style.
//
//===----------------------------------------------------------------------===//

#include "tools/xfence/Files.h"

#include "frontends/common/ClangSession.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace xfence;

static void error(llvm::raw_ostream &diag, llvm::StringRef message) {
  diag << "xfence: error: " << message << "\n";
}

int xfence::writeOutput(const std::string &output, llvm::StringRef text,
                        bool binary, llvm::raw_ostream &diag) {
  llvm::sys::fs::OpenFlags flags =
      binary ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text;
  // stdout, or a file that is not a regular one (/dev/null, a pipe): written
  // in place, since renaming over it would replace the device or pipe.
  llvm::sys::fs::file_status status;
  bool special = output == "-" || (!llvm::sys::fs::status(output, status) &&
                                   llvm::sys::fs::exists(status) &&
                                   !llvm::sys::fs::is_regular_file(status));
  if (llvm::sys::fs::is_directory(output)) {
    error(diag, "cannot write '" + output + "': Is a directory");
    return 1;
  }
  if (special) {
    std::error_code ec;
    llvm::raw_fd_ostream os(output, ec, flags);
    if (!ec) {
      os << text;
      os.flush();
      if (os.has_error()) {
        ec = os.error();
        os.clear_error();
      }
    }
    if (ec) {
      error(diag, "cannot write '" + output + "': " + ec.message());
      return 1;
    }
    return 0;
  }
  llvm::SmallString<256> temp;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          output + ".xfence-%%%%%%.tmp", fd, temp, flags,
          llvm::sys::fs::all_read | llvm::sys::fs::all_write)) {
    error(diag, "cannot write '" + output + "': " + ec.message());
    return 1;
  }
  std::error_code ec;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
    }
  }
  if (!ec)
    ec = llvm::sys::fs::rename(temp, output);
  if (ec) {
    llvm::sys::fs::remove(temp);
    error(diag, "cannot write '" + output + "': " + ec.message());
    return 1;
  }
  return 0;
}

std::unique_ptr<llvm::MemoryBuffer> xfence::readInput(const std::string &input,
                                                      const std::string &output,
                                                      llvm::raw_ostream &diag) {
  if (input == "-") {
    error(diag,
          "reading the source from standard input ('-') is not supported: "
          "xfence needs the file's name (its extension says the language, "
          "its directory where its headers are); pass the file");
    return nullptr;
  }
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(input, status)) {
    if (ec == std::errc::no_such_file_or_directory)
      error(diag, "no such file or directory: '" + input + "'");
    else
      error(diag, "cannot read '" + input + "': " + ec.message());
    return nullptr;
  }
  if (!llvm::sys::fs::is_regular_file(status)) {
    reportFileError(diag, input,
                    llvm::sys::fs::is_directory(status)
                        ? "is a directory, not a source file"
                        : "not a regular file");
    return nullptr;
  }
  bool same = false;
  if (output != "-" && llvm::sys::fs::exists(output) &&
      !llvm::sys::fs::equivalent(input, output, same) && same) {
    reportFileError(diag, input,
                    "the output file '" + output +
                        "' is the input file; writing it would destroy the "
                        "source (choose another -o)");
    return nullptr;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(input, /*IsText=*/true);
  if (!buffer) {
    error(diag, "cannot read '" + input + "': " + buffer.getError().message());
    return nullptr;
  }
  return std::move(*buffer);
}
