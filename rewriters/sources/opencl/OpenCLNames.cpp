//===- OpenCLNames.cpp - OpenCL C names a translated file defines again ---===//
//
// What a file translated from OpenCL C into a C++ language defines for the
// OpenCL names it keeps: the implementation's object-like macros it names,
// the OpenCL C type names and enumerations, and its OpenCL pragmas as
// comments.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/opencl/OpenCLSyntax.h"

#include "frontends/names/OpenCLSyncNames.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <vector>

using namespace xfence;

/// The object-like macros that the parse had from the OpenCL implementation
/// (clang's predefines and default header, the command line) and that the
/// user's files name: defined again, each under #ifndef, so that CUDA sees
/// the same values (`M_PI_F`, `FLT_MAX`, `cl_khr_fp64` tested by an `#if`,
/// `__OPENCL_VERSION__`, `-D BLOCK_SIZE=16`) and an `#if` takes the branch
/// that was translated. Macros the prelude defines itself are left out.
std::string xfence::implementationMacros(ParsedSource &src) {
  clang::SourceManager &sm = src.getSourceManager();
  clang::Preprocessor &pp = src.getUnit().getPreprocessor();
  const clang::LangOptions &lo = src.getLangOpts();
  // Every identifier of the user's files.
  llvm::StringSet<> names;
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    clang::FileID file = sm.translateFile(it->first);
    if (file.isInvalid() || !src.isUserLocation(sm.getLocForStartOfFile(file)))
      continue;
    llvm::StringRef buffer = sm.getBufferData(file);
    clang::Lexer lexer(sm.getLocForStartOfFile(file), lo, buffer.begin(),
                       buffer.begin(), buffer.end());
    clang::Token token;
    while (!lexer.LexFromRawLexer(token))
      if (token.is(clang::tok::raw_identifier))
        names.insert(token.getRawIdentifier());
  }
  std::vector<std::string> work(names.keys().begin(), names.keys().end());
  std::map<std::string, std::string> defines;
  while (!work.empty()) {
    std::string name = work.back();
    work.pop_back();
    if (defines.count(name) || name == "CLK_LOCAL_MEM_FENCE" ||
        name == "CLK_GLOBAL_MEM_FENCE" || name == "CLK_IMAGE_MEM_FENCE" ||
        name == "NULL")
      continue;
    clang::IdentifierInfo *id = pp.getIdentifierInfo(name);
    const clang::MacroInfo *macro = id ? pp.getMacroInfo(id) : nullptr;
    if (!macro || !macro->isObjectLike() || macro->isBuiltinMacro() ||
        src.isUserLocation(macro->getDefinitionLoc()))
      continue;
    std::string body;
    for (const clang::Token &token : macro->tokens()) {
      if (!body.empty() && token.hasLeadingSpace())
        body += " ";
      body += pp.getSpelling(token);
      if (clang::IdentifierInfo *inner = token.getIdentifierInfo())
        work.push_back(inner->getName().str());
    }
    defines[name] = body;
  }
  if (defines.empty())
    return "";
  std::string text = "// The OpenCL implementation's macros that this file "
                     "names, as the translation saw them.\n";
  for (auto &[name, body] : defines)
    text += "#ifndef " + name + "\n#define " + name +
            (body.empty() ? "" : " " + body) + "\n#endif\n";
  return text;
}

/// `enum name { e = value, ... };` with OpenCL's values of the enumerators
/// (frontends/names: one table of OpenCL's encodings).
static std::string enumeration(llvm::StringRef name,
                               llvm::ArrayRef<llvm::StringRef> enumerators) {
  std::string text = "enum " + name.str() + " {";
  for (llvm::StringRef e : enumerators)
    text += std::string(e == enumerators.front() ? " " : ", ") + e.str() +
            " = " + std::to_string(*openCLEnumeratorValue(e));
  return text + " };\n";
}

/// The OpenCL C type names that C++ lacks (the atomic types are their value
/// types: every atomic operation on them is translated), the fence flags
/// (so that a flags variable of the source still compiles) and the memory
/// order and scope enumerations.
std::string xfence::openclTypeNames() {
  return "typedef unsigned char uchar;\n"
         "typedef unsigned short ushort;\n"
         "typedef unsigned int uint;\n"
         "typedef unsigned long ulong;\n"
         "typedef int atomic_int;\n"
         "typedef unsigned int atomic_uint;\n"
         "typedef long atomic_long;\n"
         "typedef unsigned long atomic_ulong;\n"
         "typedef float atomic_float;\n"
         "typedef double atomic_double;\n"
         "typedef int atomic_flag;\n"
         "typedef int event_t;\n"
         "typedef unsigned int cl_mem_fence_flags;\n"
         "#define CLK_LOCAL_MEM_FENCE 0x01\n"
         "#define CLK_GLOBAL_MEM_FENCE 0x02\n"
         "#define CLK_IMAGE_MEM_FENCE 0x04\n" +
         enumeration("memory_order",
                     {"memory_order_relaxed", "memory_order_acquire",
                      "memory_order_release", "memory_order_acq_rel",
                      "memory_order_seq_cst"}) +
         enumeration("memory_scope",
                     {"memory_scope_work_item", "memory_scope_work_group",
                      "memory_scope_device", "memory_scope_all_svm_devices",
                      "memory_scope_all_devices", "memory_scope_sub_group"});
}

/// Comments out `#pragma OPENCL ...` lines of the main file (CUDA has no
/// such pragma).
void xfence::commentOutOpenCLPragmas(SourceEdits &edits) {
  clang::SourceManager &sm = edits.getSource().getSourceManager();
  clang::FileID file = sm.getMainFileID();
  llvm::StringRef buffer = sm.getBufferData(file);
  forEachLine(buffer, [&](size_t at, size_t end) {
    llvm::StringRef line = buffer.slice(at, end).ltrim();
    bool isPragma = line.consume_front("#");
    line = line.ltrim();
    isPragma = isPragma && line.consume_front("pragma");
    if (isPragma && line.ltrim().starts_with("OPENCL"))
      edits.replace(
          {file, static_cast<unsigned>(at), static_cast<unsigned>(at)},
          "// xfence: ");
  });
}
