//===- CudaTemplates.h - function templates as plain functions --*- C++ -*-===//
//
// OpenCL C has no templates, but a CUDA file uses a known set of
// specializations of each of its function templates. Before the
// translation proper, each user function template is replaced by one plain
// function per specialization the file uses (`name__arg_arg`), written
// where the template was, and every use of a specialization is renamed;
// the result is parsed again as CUDA (docs/cuda-to-opencl.md "Templates").
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_CUDATEMPLATES_H
#define XFENCE_REWRITERS_SOURCES_CUDA_CUDATEMPLATES_H

#include "frontends/common/ClangSession.h"
#include "rewriters/common/SourceEdits.h"

#include "mlir/Support/LLVM.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/TemplateBase.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xfence {

/// The new text of the files the expansion changed.
struct ExpandedFiles {
  /// The main file's new text, if it changed.
  std::optional<std::string> mainFile;
  /// Each changed user header, by its name as clang opened it.
  std::vector<std::pair<std::string, std::string>> headers;

  bool empty() const { return !mainFile && headers.empty(); }
};

/// Replaces the user's function templates (at file or namespace scope) by
/// their specializations. Returns no files if there is no such template.
/// The copies carry `#line` directives (marked by kTemplateLineMarker) so
/// that diagnostics on the new text name the user's lines. Reports errors
/// through the source and fails if there was one.
mlir::FailureOr<ExpandedFiles> expandFunctionTemplates(ParsedSource &src);

/// A use of a template parameter in the text of a template.
struct TemplateParamUse {
  FileCharRange range;
  unsigned index;
  /// The use in the AST (a macro location if the text is a macro's).
  clang::SourceLocation at;
  /// The type of a functional cast (`T(x)`): an argument of more than one
  /// word (`unsigned int`, `float *`) is written in parentheses there.
  bool castType = false;
};

/// The text of a template argument at `use`.
std::string argumentAt(const TemplateParamUse &use, std::string spelled);

/// The uses of the parameters of the template of `depth` in the text of
/// `pattern` (a function or a class), each where a file holds its text.
struct TemplateParamUses {
  std::vector<TemplateParamUse> uses;
  /// Type parameters used as `const T` or `volatile T`.
  llvm::DenseSet<unsigned> qualified;
  /// What keeps the text from being copied per specialization (a parameter
  /// in a macro body, one of a nested template, a pack), where.
  std::vector<std::pair<clang::SourceLocation, std::string>> problems;
};
TemplateParamUses findTemplateParamUses(ParsedSource &src, clang::Decl *pattern,
                                        unsigned depth);

/// The text of a template argument in a copy of its template, or (with
/// `why` set) none: a type without a name, a class of a library, an
/// argument that is neither a type nor an integer.
std::optional<std::string>
spellTemplateArgument(ParsedSource &src, const clang::PrintingPolicy &printing,
                      const clang::TemplateArgument &arg, std::string &why);

/// `base__arg_arg`: the name of a template's copy for `args`, made unique
/// among the program's identifiers and the names `taken` says are.
std::string mangleTemplateCopy(ParsedSource &src, llvm::StringRef base,
                               llvm::ArrayRef<clang::TemplateArgument> args,
                               const clang::PrintingPolicy &printing,
                               llvm::function_ref<bool(llvm::StringRef)> taken);

/// Where a copy of a template for `args` goes when an argument names a
/// user type declared after the template begins (`f<S>` with `struct S`
/// below `f`): just after the file-scope declaration of the last such type
/// (after its `;`), where C has seen the types. None: where the template
/// is.
struct CopyPlacement {
  FileCharRange at;           // empty: an insertion point
  clang::SourceLocation line; // the location of the insertion point
};
std::optional<CopyPlacement>
laterCopyPlacement(ParsedSource &src, clang::SourceLocation templateBegin,
                   llvm::ArrayRef<clang::TemplateArgument> args);

/// The edits that fold each `if constexpr` of `instantiation` (a function
/// template's specialization, or a class template's, whose member
/// functions are walked; `pattern` is the template's own declaration,
/// whose statements hold the text) in a copy of that text: the branch its
/// condition takes stays, the rest of the statement goes (C has no
/// `if constexpr`, and the other branch need not be valid for these
/// arguments). False, with `problem` set, where the text is a macro's.
struct TextEdit {
  FileCharRange range;
  std::string text;
};
bool constexprIfEdits(ParsedSource &src, clang::Decl *instantiation,
                      clang::Decl *pattern, std::vector<TextEdit> &edits,
                      std::pair<clang::SourceLocation, std::string> &problem);

/// The use of a type parameter written `const T` (or `volatile T`) whose
/// argument in `args` is a pointer, if one is: putting the argument's text
/// in place of `T` would qualify the pointee, not the pointer.
const TemplateParamUse *
qualifiedPointerUse(const TemplateParamUses &uses,
                    const clang::TemplateArgumentList &args);

/// `range`'s text with every character but its line breaks a blank: a
/// template header removed so, the columns and lines after it stay.
std::string blankedText(const clang::SourceManager &sm,
                        const FileCharRange &range);

/// The copies that go after the declaration of a type their arguments
/// name (laterCopyPlacement), by place: each place's prototypes, then its
/// copies.
class LaterCopies {
public:
  /// The prototypes and the copies written at `where`.
  std::pair<std::string *, std::string *> at(const CopyPlacement &where);
  bool empty() const { return places.empty(); }
  /// Inserts them, each place's text followed by a `#line` back to it.
  void write(SourceEdits &edits, const clang::SourceManager &sm) const;

private:
  struct Place {
    CopyPlacement where;
    std::string prototypes, copies;
  };
  std::map<std::pair<clang::FileID, unsigned>, Place> places;
};

/// Whether `d` is declared in the namespace of a library that CUDA code
/// uses (cub, cuda, std, thrust), whatever file declares it (a stand-in
/// header of a test is a user file).
bool inLibraryNamespace(const clang::Decl *d);

/// The comment that ends each `#line` directive the expansion writes.
constexpr llvm::StringLiteral kTemplateLineMarker = "// xfence: template copy";

/// `#line N "file"` (marked by kTemplateLineMarker) for the line of `loc`:
/// text copied elsewhere keeps its diagnostics on the user's lines.
std::string copyLineDirective(const clang::SourceManager &sm,
                              clang::SourceLocation loc);

/// The edit policy of the passes that rewrite CUDA text before the
/// translation (template copies, member functions, CUB's collectives): user
/// headers inlined; an edit inside a replaced span (a parameter inside the
/// explicit arguments of a renamed call) is moot.
SourceEditPolicy copyPolicy();

/// The ExpandedFiles of the new text of each changed file.
ExpandedFiles
expandedFiles(const clang::SourceManager &sm,
              std::vector<std::pair<clang::FileID, std::string>> texts);

/// `text` without the `#line` directives of the expansion.
std::string removeTemplateLineDirectives(llvm::StringRef text);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_CUDATEMPLATES_H
