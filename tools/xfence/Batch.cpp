//===- Batch.cpp - `xfence translate DIR -o OUTDIR` -----------------------===//
//
// One process for a whole tree: the start-up (loading, registering the
// dialects) is paid once, and the files are translated on `jobs` threads.
// Each translation has its own Clang compiler instance and MLIR context, and
// writes its messages to a buffer of its own, printed whole, in file order.
//
//===----------------------------------------------------------------------===//

#include "tools/xfence/Batch.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <map>
#include <mutex>
#include <vector>

using namespace xfence;

namespace {

void error(llvm::StringRef message) {
  llvm::errs() << "xfence: error: " << message << "\n";
}

/// The files under `dir` with one of the extensions `exts`, relative to
/// `dir`, sorted. False after a message if the tree cannot be read.
bool listSources(const std::string &dir, llvm::ArrayRef<llvm::StringRef> exts,
                 std::vector<std::string> &files) {
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(dir, ec), end;
       it != end && !ec; it.increment(ec)) {
    const std::string &path = it->path();
    if (!llvm::is_contained(exts, llvm::sys::path::extension(path)))
      continue;
    llvm::ErrorOr<llvm::sys::fs::basic_file_status> status = it->status();
    if (!status || !llvm::sys::fs::is_regular_file(*status))
      continue;
    llvm::StringRef relative(path);
    relative.consume_front(dir);
    relative = relative.ltrim(llvm::sys::path::get_separator());
    files.push_back(relative.str());
  }
  if (ec) {
    error("cannot read the directory '" + dir + "': " + ec.message());
    return false;
  }
  std::sort(files.begin(), files.end());
  return true;
}

} // namespace

int xfence::translateDirectory(const std::string &dir,
                               const std::string &outDir,
                               llvm::ArrayRef<llvm::StringRef> inExts,
                               llvm::StringRef outExt, unsigned jobs,
                               unsigned stackSize, TranslateOne one) {
  if (outDir.empty() || outDir == "-") {
    error("translating the directory '" + dir +
          "' needs an output directory: -o OUTDIR");
    return 1;
  }
  if (llvm::sys::fs::exists(outDir) && !llvm::sys::fs::is_directory(outDir)) {
    error("the output '" + outDir +
          "' is not a directory (a directory input writes a tree)");
    return 1;
  }
  if (llvm::sys::fs::equivalent(dir, outDir)) {
    error("the output directory is the input directory '" + dir +
          "' (choose another -o)");
    return 1;
  }
  std::vector<std::string> files;
  if (!listSources(dir, inExts, files))
    return 1;
  if (files.empty()) {
    std::string kinds;
    for (llvm::StringRef ext : inExts)
      kinds += (kinds.empty() ? "" : " or ") + ext.str();
    error("no " + kinds + " files under '" + dir + "'");
    return 1;
  }
  // Two inputs (k.cl and k.cu) must not write one output.
  std::map<std::string, std::string> outputOf;
  for (const std::string &file : files) {
    llvm::SmallString<256> out(file);
    llvm::sys::path::replace_extension(out, outExt);
    auto [it, fresh] = outputOf.try_emplace(std::string(out), file);
    if (!fresh) {
      error("'" + it->second + "' and '" + file +
            "' would both be written to '" + std::string(out) +
            "' (translate them apart)");
      return 1;
    }
  }

  struct Result {
    std::string messages;
    int status = 0;
    bool done = false;
  };
  std::vector<Result> results(files.size());
  std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable finished;

  auto work = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      llvm::SmallString<256> input(dir), output(outDir);
      llvm::sys::path::append(input, files[i]);
      llvm::sys::path::append(output, files[i]);
      llvm::sys::path::replace_extension(output, outExt);
      std::string messages;
      llvm::raw_string_ostream diag(messages);
      int status;
      if (std::error_code ec = llvm::sys::fs::create_directories(
              llvm::sys::path::parent_path(output))) {
        diag << "xfence: error: cannot create the directory of '" << output
             << "': " << ec.message() << "\n";
        status = 1;
      } else {
        status = one(std::string(input), std::string(output), diag);
      }
      std::lock_guard<std::mutex> lock(mutex);
      results[i] = {std::move(messages), status, true};
      finished.notify_one();
    }
  };

  if (jobs == 0)
    jobs = llvm::hardware_concurrency().compute_thread_count();
  jobs = std::max(1u, std::min<unsigned>(jobs, files.size()));
  std::vector<llvm::thread> workers;
  for (unsigned j = 0; j < jobs; ++j)
    workers.emplace_back(std::optional<unsigned>(stackSize), work);

  // Print each file's messages whole, in the files' order, as they come.
  size_t failed = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    std::unique_lock<std::mutex> lock(mutex);
    finished.wait(lock, [&] { return results[i].done; });
    llvm::errs() << results[i].messages;
    failed += results[i].status != 0;
    results[i].messages.clear();
  }
  for (llvm::thread &worker : workers)
    worker.join();
  if (failed) {
    error(std::to_string(failed) + " of " + std::to_string(files.size()) +
          " files failed to translate (no output written for them)");
    return 1;
  }
  return 0;
}
