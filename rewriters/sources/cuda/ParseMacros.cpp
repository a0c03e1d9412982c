//===- ParseMacros.cpp - macros of the parse that the output needs --------===//
//
// Part of the CUDA source side: the macros that the translation was parsed
// with and that the kept text names, defined in the prelude (see
// ParseMacros.h).
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/ParseMacros.h"

#include "rewriters/common/Identifiers.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <vector>

using namespace xfence;

/// The macros of the host platform that a conditional may test: the
/// translation was parsed for the host, and an OpenCL C compiler defines
/// none of them (or, on another system, others).
static bool isHostPlatformMacro(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      "__linux__",   "__linux",       "__gnu_linux__", "__unix__",
      "__unix",      "__APPLE__",     "__MACH__",      "_WIN32",
      "_WIN64",      "WIN32",         "WIN64",         "_MSC_VER",
      "__MINGW32__", "__MINGW64__",   "__CYGWIN__",    "__FreeBSD__",
      "__ANDROID__", "__QNX__",       "__QNXNTO__",    "__x86_64__",
      "__x86_64",    "__amd64__",     "__amd64",       "__i386__",
      "__aarch64__", "__arm__",       "__powerpc64__", "__ppc64__",
      "__GNUC__",    "__GNUC_MINOR__"};
  return names.contains(name);
}

/// The identifiers of `line` that name parse macros the output needs:
/// host platform macros in a conditional directive, CUDA's math constants
/// (math_constants.h's CUDART_PI_F, ...) anywhere.
void xfence::collectParseMacros(llvm::StringRef line,
                                std::set<std::string> &platform,
                                std::set<std::string> &constants) {
  llvm::StringRef text = line.ltrim();
  bool conditional = false;
  if (text.consume_front("#")) {
    text = text.ltrim();
    conditional = text.starts_with("if") || text.starts_with("elif");
  }
  llvm::StringSet<> words;
  collectIdentifiers(line, words);
  for (const auto &entry : words) {
    llvm::StringRef word = entry.getKey();
    if (conditional && isHostPlatformMacro(word))
      platform.insert(word.str());
    else if (word.starts_with("CUDART_") && word != "CUDART_VERSION")
      constants.insert(word.str());
  }
}

/// The definitions, for the prelude, of the parse macros that
/// collectParseMacros found: each host platform macro as the parse had it
/// (the #if branches translated are the ones the output compiles), and
/// each CUDA math constant that a CUDA header defines, with its tokens in
/// OpenCL C (`__int_as_float` is `as_float`; a `ULL` literal is `UL`,
/// OpenCL C's long long being 128 bits).
std::string
xfence::parseMacroDefinitions(clang::Preprocessor &pp, ParsedSource &src,
                              const std::set<std::string> &platform,
                              const std::set<std::string> &constants) {
  std::string text;
  if (!platform.empty()) {
    text += "// xfence: host platform macros that the code's #if tests, as "
            "the translation was parsed with:\n";
    for (const std::string &name : platform) {
      const clang::MacroInfo *info =
          pp.getMacroInfo(pp.getIdentifierInfo(name));
      if (!info) {
        text += "#undef " + name + "\n";
        continue;
      }
      std::string value;
      for (const clang::Token &tok : info->tokens())
        value += (value.empty() ? "" : " ") + pp.getSpelling(tok);
      text +=
          "#ifndef " + name + "\n#define " + name + " " + value + "\n#endif\n";
    }
  }
  std::vector<std::string> work(constants.begin(), constants.end());
  std::set<std::string> seen(constants.begin(), constants.end());
  std::string defines;
  while (!work.empty()) {
    std::string name = work.back();
    work.pop_back();
    const clang::MacroInfo *info = pp.getMacroInfo(pp.getIdentifierInfo(name));
    if (!info || info->isFunctionLike() ||
        src.isUserLocation(info->getDefinitionLoc()))
      continue;
    std::string value;
    bool written = true;
    for (const clang::Token &tok : info->tokens()) {
      std::string spelling = pp.getSpelling(tok);
      if (tok.is(clang::tok::identifier)) {
        llvm::StringRef word = spelling;
        if (word.starts_with("CUDART_")) {
          if (seen.insert(spelling).second)
            work.push_back(spelling);
        } else if (const char *as =
                       llvm::StringSwitch<const char *>(word)
                           .Case("__int_as_float", "as_float")
                           .Case("__float_as_int", "as_int")
                           .Case("__uint_as_float", "as_float")
                           .Case("__longlong_as_double", "as_double")
                           .Case("__double_as_longlong", "as_long")
                           .Default(nullptr)) {
          spelling = as;
        } else {
          written = false;
        }
      } else if (tok.is(clang::tok::numeric_constant)) {
        llvm::StringRef number = spelling;
        for (llvm::StringRef suffix : {"ULL", "ull", "LL", "ll"})
          if (number.consume_back(suffix)) {
            spelling =
                number.str() + (suffix.contains_insensitive("u") ? "UL" : "L");
            break;
          }
      }
      value += (value.empty() ? "" : " ") + spelling;
    }
    if (written)
      defines += "#define " + name + " " + value + "\n";
  }
  if (!defines.empty())
    text += "// xfence: CUDA's math constants (math_constants.h) that the "
            "code names:\n" +
            defines;
  return text;
}
