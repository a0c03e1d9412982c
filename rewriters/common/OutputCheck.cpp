//===- OutputCheck.cpp - a translation compiled by its target's compiler --===//

#include "rewriters/common/OutputCheck.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

using namespace xfence;

std::optional<std::string>
xfence::findProgram(llvm::StringRef variable,
                    llvm::ArrayRef<llvm::StringRef> candidates) {
  if (std::optional<std::string> set = llvm::sys::Process::GetEnv(variable))
    if (!set->empty())
      return set;
  for (llvm::StringRef candidate : candidates) {
    if (llvm::sys::path::is_absolute(candidate)) {
      if (llvm::sys::fs::can_execute(candidate))
        return candidate.str();
      continue;
    }
    if (llvm::ErrorOr<std::string> found =
            llvm::sys::findProgramByName(candidate))
      return *found;
  }
  return std::nullopt;
}

std::optional<std::string> xfence::findClang() {
  return findProgram("XFENCE_CLANG", {XFENCE_LLVM_CLANG, "clang"});
}

/// Replaces every `from` in `text` with `to`.
static std::string replaceAll(std::string text, llvm::StringRef from,
                              llvm::StringRef to) {
  for (size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to.str());
  return text;
}

llvm::LogicalResult xfence::checkOutput(const OutputCompiler &compiler,
                                        llvm::StringRef text,
                                        llvm::StringRef shownAs,
                                        llvm::ArrayRef<std::string> defines,
                                        llvm::ArrayRef<std::string> includeDirs,
                                        llvm::raw_ostream &diag) {
  auto internalError = [&](const llvm::Twine &why) {
    diag << shownAs << ": error: internal error of xfence: " << why << "\n";
    return llvm::failure();
  };
  llvm::SmallString<128> dir;
  if (std::error_code ec =
          llvm::sys::fs::createUniqueDirectory("xfence-verify", dir))
    return internalError("cannot create a temporary directory to check the "
                         "translation (" +
                         ec.message() + ")");
  llvm::SmallString<128> file(dir), messages(dir), shim(dir);
  llvm::sys::path::append(
      file, llvm::sys::path::stem(shownAs.empty() ? "out" : shownAs) +
                compiler.extension);
  llvm::sys::path::append(messages, "messages.txt");
  llvm::sys::path::append(shim, "xfence-toolchain-shim.h");
  auto cleanUp = [&] {
    llvm::sys::fs::remove(file);
    llvm::sys::fs::remove(messages);
    llvm::sys::fs::remove(shim);
    llvm::sys::fs::remove(dir);
  };
  auto write = [](llvm::StringRef path, llvm::StringRef content) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (!ec)
      os << content;
    return !ec && !os.has_error();
  };
  if (!write(file, text) || (!compiler.toolchainShim.empty() &&
                             !write(shim, compiler.toolchainShim))) {
    cleanUp();
    return internalError("cannot write the translation to a temporary "
                         "file to check it");
  }
  std::vector<std::string> args = {compiler.program};
  args.insert(args.end(), compiler.args.begin(), compiler.args.end());
  if (!compiler.toolchainShim.empty()) {
    args.push_back("-include");
    args.push_back(std::string(shim));
  }
  for (const std::string &d : defines)
    args.push_back("-D" + d);
  for (const std::string &i : includeDirs)
    args.push_back("-I" + i);
  args.push_back(std::string(file));
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""),
                                                llvm::StringRef(messages),
                                                llvm::StringRef(messages)};
  std::string why;
  int status = llvm::sys::ExecuteAndWait(compiler.program, argRefs,
                                         std::nullopt, redirects,
                                         /*SecondsToWait=*/600, 0, &why);
  std::string output;
  if (auto buffer = llvm::MemoryBuffer::getFile(messages))
    output = replaceAll((*buffer)->getBuffer().str(), file, shownAs);
  cleanUp();
  if (status == 0)
    return llvm::success();
  (void)internalError(
      "the translation does not compile (" + compiler.name +
      (status < 0 ? ": " + why : "") +
      "); no file is written. Please report it, with the input.");
  diag << output;
  return llvm::failure();
}
