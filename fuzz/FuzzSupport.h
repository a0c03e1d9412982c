//===- FuzzSupport.h - what the libFuzzer targets share ---------*- C++ -*-===//
//
// The fuzz targets in this folder are thin: each feeds its input to one
// library entry point of xfence, as the tools call it. This header holds
// the two things they share: running the work on a large stack (as the
// xfence tool does, so that deep nesting ends at a parser's limit rather
// than in a stack overflow of the fuzzer's thread) and the filter that keeps
// a source input from reading files of the host.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FUZZ_FUZZSUPPORT_H
#define XFENCE_FUZZ_FUZZSUPPORT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/thread.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace xfence::fuzz {

/// Runs `work` on a thread with a 256 MB stack (reserved, used only as deep
/// as needed). The xfence tool runs on 1 GB for inputs of any size; the
/// fuzzers' inputs are at most a few KB (-max_len).
inline void runOnLargeStack(llvm::function_ref<void()> work) {
  llvm::thread worker(std::optional<unsigned>(256u << 20), [&] { work(); });
  worker.join();
}

/// Writes the input to the file that XFENCE_FUZZ_LAST_INPUT names, if set,
/// before the target runs it. libFuzzer saves a crashing input from its
/// own handlers; a process killed by a signal that no handler saw (a fault
/// in a signal handler, a stack that cannot take the handler's frame) dies
/// without one, and fuzz/run.sh then keeps this file as the artifact.
inline void rememberInput(const uint8_t *data, size_t size) {
  static const char *path = std::getenv("XFENCE_FUZZ_LAST_INPUT");
  if (!path || !*path)
    return;
  if (std::FILE *file = std::fopen(path, "wb")) {
    std::fwrite(data, 1, size, file);
    std::fclose(file);
  }
}

/// The input as text.
inline llvm::StringRef asText(const uint8_t *data, size_t size) {
  return llvm::StringRef(reinterpret_cast<const char *>(data), size);
}

/// The input as a NUL-terminated copy. MLIR's lexer finds the end of its
/// buffer by the NUL after it (as a file read by mlir-opt has one), also
/// through mlir::parseSourceString, which takes any StringRef: libFuzzer's
/// input has no NUL after it, and the lexer would read past its end.
inline std::string asTerminatedText(const uint8_t *data, size_t size) {
  return std::string(reinterpret_cast<const char *>(data), size);
}

/// False for a C-family source that could make clang read a file of the
/// host: any spelling of `include`, `import` or `embed` (also split by
/// backslash-newlines or built by macros, so the check is on the letters
/// with whitespace and backslashes removed), or a path under /dev, /proc or
/// /sys. The translators' parses add -nostdlibinc, so that the host's
/// headers are out of reach as well; what is left is bounded by the input.
inline bool isSelfContained(llvm::StringRef text) {
  std::string letters;
  letters.reserve(text.size());
  for (char c : text)
    if (c != '\\' && c != ' ' && c != '\t' && c != '\n' && c != '\r' &&
        c != '\v' && c != '\f')
      letters.push_back(c);
  llvm::StringRef flat(letters);
  for (llvm::StringRef word :
       {"include", "import", "embed", "/dev", "/proc", "/sys"})
    if (flat.contains_insensitive(word))
      return false;
  return true;
}

/// The OpenCL C standard an input names (a seed's RUN line: -cl-std=CL2.0),
/// so that mutations of a seed keep its configuration; empty for CL1.2.
inline std::string standardNamed(llvm::StringRef text) {
  if (text.contains("CL3.0"))
    return "CL3.0";
  if (text.contains("CL2.0"))
    return "CL2.0";
  return "";
}

} // namespace xfence::fuzz

#endif // XFENCE_FUZZ_FUZZSUPPORT_H
