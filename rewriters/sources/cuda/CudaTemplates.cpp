//===- CudaTemplates.cpp - function templates as plain functions ----------===//
//
// For each user function template at file or namespace scope:
//  * its definition is replaced by one copy of its text per specialization
//    the program uses (implicit and explicit instantiations): the template
//    header removed, the name made `name__<arguments>`, each use of a type
//    parameter spelled as the argument type, each use of a value parameter
//    as the argument's value, and each use of a specialization of a
//    template in it (resolved in that specialization: `bar<T>(x)` names
//    `bar<float>` in the float copy) renamed;
//  * a declaration without body becomes the prototypes of those copies;
//  * an explicit specialization (`template <> int rev<2>(int)`) keeps its
//    text, without `template <>` and with its new name;
//  * explicit instantiation directives (`template void f<int>(int *);`)
//    are removed (their copies are written at the definition);
//  * uses of specializations elsewhere (calls, kernel launches, addresses)
//    are renamed.
// A template that the program never uses is left out. Templates this
// cannot copy faithfully (parameter packs, template template parameters,
// `const T` with T a pointer) are errors at the construct; a dependent
// member type (`typename R::TempStorage`) is copied as written, valid C++
// outside a template too, with the parameters in it replaced. Member
// templates and class templates are left to the translation, which refuses
// them.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/CudaTemplates.h"

#include "frontends/cuda/CudaImporter.h"
#include "rewriters/common/SourceEdits.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

#include <cctype>
#include <map>
#include <tuple>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

namespace {

/// An edit of a copy: in the template's text, or in the body of an
/// object-like macro that the template's text expands.
struct CopyEdit {
  FileCharRange range;
  std::string text;
  clang::SourceLocation at;
};

/// The text of a macro body, copied in place of its expansion.
struct MacroCopy {
  FileCharRange body, expansion;
  /// A function-like macro's parameters and the arguments of this use
  /// (the text of each), which replace the parameters in the body.
  std::vector<std::string> params;
  std::vector<FileCharRange> args;
  bool functionLike = false;
};

/// `body` with each identifier that names one of `params` replaced by the
/// argument text of the same index (string and character literals and
/// comments left as they are), as the preprocessor substitutes them.
std::string substituteParams(llvm::StringRef body,
                             llvm::ArrayRef<std::string> params,
                             llvm::ArrayRef<std::string> args) {
  std::string out;
  auto ident = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  for (size_t i = 0; i < body.size();) {
    char c = body[i];
    if (c == '"' || c == '\'') {
      size_t j = i + 1;
      while (j < body.size() && body[j] != c)
        j += body[j] == '\\' ? 2 : 1;
      j = std::min(j + 1, body.size());
      out += body.slice(i, j).str();
      i = j;
    } else if (body.substr(i).starts_with("//")) {
      size_t j = body.find('\n', i);
      j = j == llvm::StringRef::npos ? body.size() : j;
      out += body.slice(i, j).str();
      i = j;
    } else if (body.substr(i).starts_with("/*")) {
      size_t j = body.find("*/", i + 2);
      j = j == llvm::StringRef::npos ? body.size() : j + 2;
      out += body.slice(i, j).str();
      i = j;
    } else if (ident(c) && !std::isdigit(static_cast<unsigned char>(c))) {
      size_t j = i;
      while (j < body.size() && ident(body[j]))
        ++j;
      llvm::StringRef word = body.slice(i, j);
      auto it = llvm::find(params, word);
      out += it == params.end() ? word.str() : args[it - params.begin()];
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      // A number (with its suffix: `1u`, `0x1f`).
      size_t j = i;
      while (j < body.size() && (ident(body[j]) || body[j] == '.'))
        ++j;
      out += body.slice(i, j).str();
      i = j;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

class TemplateExpander {
public:
  explicit TemplateExpander(ParsedSource &src)
      : src(src), sm(src.getSourceManager()), lo(src.getLangOpts()),
        printing(lo) {
    printing.SuppressTagKeyword = true;
  }

  FailureOr<ExpandedFiles> run();

  bool error(clang::SourceLocation loc, const llvm::Twine &message) {
    src.report(loc, DiagnosticsEngine::Error, message.str());
    hadError = true;
    return true;
  }

  /// A template this expansion replaces.
  bool handles(const clang::FunctionTemplateDecl *ft) const {
    return handled.count(ft->getCanonicalDecl());
  }
  /// The new name of a specialization of a handled template, or null.
  const std::string *nameOf(const clang::FunctionDecl *fn) const {
    auto it = names.find(fn->getCanonicalDecl());
    return it == names.end() ? nullptr : &it->second;
  }
  /// The renaming of the use `ref` of a specialization (its name and
  /// explicit template arguments), if it is one.
  std::optional<CopyEdit> renameFor(const clang::DeclRefExpr *ref);
  /// The object-like macro whose body holds the text at `at`, if it is
  /// expanded (directly) inside `within`.
  std::optional<MacroCopy> macroCopyFor(clang::SourceLocation at,
                                        const FileCharRange &within);

  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  clang::PrintingPolicy printing;
  bool hadError = false;
  /// The templates that code outside the copied templates names, by the
  /// host template it is in (null: other code, a class template's member,
  /// a member template). A host template that names a copied one is copied
  /// too (run); if code that stays as written names a copied template, the
  /// expansion is not done (the translation reports the template).
  llvm::DenseMap<const clang::FunctionTemplateDecl *,
                 llvm::DenseSet<const clang::FunctionTemplateDecl *>>
      namedBy;
  /// Of those, the names that only the template resolves (a dependent
  /// call), which a copy cannot rename where the code stays as written.
  llvm::DenseMap<const clang::FunctionTemplateDecl *,
                 llvm::DenseSet<const clang::FunctionTemplateDecl *>>
      lookupsBy;
  /// The host templates at file scope that the collector walked (each
  /// declaration).
  std::vector<clang::FunctionTemplateDecl *> hostTemplates;

  /// Every redeclaration of the handled templates, in source order.
  std::vector<clang::FunctionTemplateDecl *> templates;
  llvm::DenseSet<const clang::FunctionTemplateDecl *> handled;
  std::vector<clang::FunctionDecl *> explicitSpecializations;
  std::vector<const clang::DeclRefExpr *> usesOutside;
  /// The new name of each specialization (canonical declarations).
  llvm::DenseMap<const clang::FunctionDecl *, std::string> names;

private:
  std::optional<std::string> spell(const clang::TemplateArgument &arg,
                                   clang::SourceLocation at);
  std::string mangle(const clang::FunctionDecl *spec);
  void expand(clang::FunctionTemplateDecl *ft, SourceEdits &edits);
  void removeExplicitInstantiations(SourceEdits &edits);
  std::string lineDirective(clang::SourceLocation loc) const;
  /// The text of an explicit specialization's `template <>` and of its
  /// name with its arguments (`f<0>`), if files hold them.
  struct SpecializationText {
    FileCharRange header, name;
  };
  std::optional<SpecializationText>
  specializationText(const clang::FunctionDecl *fn) const {
    if (fn->getNumTemplateParameterLists() != 1)
      return std::nullopt;
    clang::SourceLocation end = fn->getLocation();
    if (const clang::ASTTemplateArgumentListInfo *written =
            fn->getTemplateSpecializationArgsAsWritten())
      end = written->getRAngleLoc();
    clang::TemplateParameterList *list = fn->getTemplateParameterList(0);
    std::optional<FileCharRange> name =
        findRewriteRange(sm, lo, clang::SourceRange(fn->getLocation(), end));
    std::optional<FileCharRange> header = findRewriteRange(
        sm, lo,
        clang::SourceRange(list->getTemplateLoc(), list->getRAngleLoc()));
    if (!name || !header)
      return std::nullopt;
    return SpecializationText{*header, *name};
  }
  /// Appends the text of `signature` with `edits` and a `;` to
  /// `prototypes`; false after an error.
  bool addPrototype(SourceEdits &edits, const FileCharRange &signature,
                    clang::SourceLocation at, std::string &prototypes);
};

/// Collects the templates, explicit specializations and the uses of
/// specializations outside templates.
class Collector : public clang::DynamicRecursiveASTVisitor {
public:
  explicit Collector(TemplateExpander &x) : x(x) {}

  bool TraverseDecl(clang::Decl *d) override {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) &&
        !x.src.isUserLocation(d->getLocation()))
      return true;
    return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
  }
  bool TraverseFunctionTemplateDecl(clang::FunctionTemplateDecl *ft) override {
    // Its text is copied per specialization (expand); not walked here. A
    // template of host code only that names no template of device code
    // (helper_cuda.h's `check<T>`) is left out with the host code, as
    // written: its copies would only be names that differ between the uses
    // of one macro (`checkCudaErrors(...)`). One that launches a kernel
    // template is copied, so that each copy names the kernel's copy.
    if (isHostOnly(ft->getTemplatedDecl()) &&
        !namesDeviceTemplate(ft->getTemplatedDecl()->getBody())) {
      // (Copied after all where it names a template that is copied: run.)
      if (ft->getDeclContext()->getRedeclContext()->isFileContext())
        x.hostTemplates.push_back(ft);
      return traverseOwned(ft);
    }
    if (ft->getDeclContext()->getRedeclContext()->isFileContext()) {
      x.templates.push_back(ft);
      x.handled.insert(ft->getCanonicalDecl());
      // Walked for the names it resolves only as a template (run); its
      // uses of other specializations are renamed in its copies.
      return traverseOwned(ft);
    }
    return clang::DynamicRecursiveASTVisitor::TraverseFunctionTemplateDecl(ft);
  }
  /// Walks `ft` with the names it uses recorded as its own (namedBy,
  /// lookupsBy).
  bool traverseOwned(clang::FunctionTemplateDecl *ft) {
    const clang::FunctionTemplateDecl *saved = owner;
    owner = ft->getCanonicalDecl();
    bool result =
        clang::DynamicRecursiveASTVisitor::TraverseFunctionTemplateDecl(ft);
    owner = saved;
    return result;
  }
  static bool isHostOnly(const clang::FunctionDecl *fn) {
    return !fn->hasAttr<clang::CUDADeviceAttr>() &&
           !fn->hasAttr<clang::CUDAGlobalAttr>();
  }
  /// Whether `body` names a function template of device code (a kernel
  /// template it launches), written in the user's files.
  bool namesDeviceTemplate(const clang::Stmt *body) const {
    if (!body)
      return false;
    auto device = [&](const clang::NamedDecl *d) {
      const auto *ft =
          llvm::dyn_cast<clang::FunctionTemplateDecl>(d->getUnderlyingDecl());
      if (!ft) {
        const auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d);
        ft = fn ? fn->getPrimaryTemplate() : nullptr;
      }
      return ft && x.src.isUserLocation(ft->getLocation()) &&
             !isHostOnly(ft->getTemplatedDecl());
    };
    if (const auto *lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(body))
      if (llvm::any_of(lookup->decls(), device))
        return true;
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(body))
      if (device(ref->getDecl()))
        return true;
    return llvm::any_of(body->children(), [&](const clang::Stmt *child) {
      return namesDeviceTemplate(child);
    });
  }
  bool VisitFunctionDecl(clang::FunctionDecl *fn) override {
    if (fn->getTemplateSpecializationKind() ==
            clang::TSK_ExplicitSpecialization &&
        fn->getPrimaryTemplate())
      x.explicitSpecializations.push_back(fn);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override {
    x.usesOutside.push_back(ref);
    if (const auto *fn = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl()))
      if (const clang::FunctionTemplateDecl *ft = fn->getPrimaryTemplate())
        x.namedBy[owner].insert(ft->getCanonicalDecl());
    return true;
  }
  bool VisitUnresolvedLookupExpr(clang::UnresolvedLookupExpr *e) override {
    // A use that only a template resolves (a dependent call): where the
    // code stays as written (a class template's member, a member template,
    // a host template that is not copied) and the template is replaced by
    // its copies, it would be left without its template. run() decides
    // once every template is known.
    for (const clang::NamedDecl *d : e->decls())
      if (const auto *ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(
              d->getUnderlyingDecl());
          ft && x.src.isUserLocation(d->getLocation())) {
        x.namedBy[owner].insert(ft->getCanonicalDecl());
        x.lookupsBy[owner].insert(ft->getCanonicalDecl());
      }
    return true;
  }

private:
  TemplateExpander &x;
  /// The host template being walked (canonical), or null.
  const clang::FunctionTemplateDecl *owner = nullptr;
};

/// The uses of template parameters in a template's text.
class ParamUses : public clang::DynamicRecursiveASTVisitor {
public:
  ParamUses(ParsedSource &src, unsigned depth, TemplateParamUses &out)
      : sm(src.getSourceManager()), lo(src.getLangOpts()), depth(depth),
        out(out) {}

  bool
  VisitTemplateTypeParmTypeLoc(clang::TemplateTypeParmTypeLoc tl) override {
    const clang::TemplateTypeParmType *t = tl.getTypePtr();
    if (t->getDepth() != depth)
      return problem(tl.getNameLoc(), nestedParameter);
    add(tl.getSourceRange(), t->getIndex(), tl.getBeginLoc());
    if (castTypes.count(tl.getBeginLoc()) && !out.uses.empty() &&
        out.uses.back().at == tl.getBeginLoc())
      out.uses.back().castType = true;
    return true;
  }
  bool TraverseQualifiedTypeLoc(clang::QualifiedTypeLoc tl,
                                bool traverseQualifier = true) override {
    // (The visitor has no Visit for qualified type locations.)
    if (auto param = tl.getUnqualifiedLoc()
                         .getAsAdjusted<clang::TemplateTypeParmTypeLoc>())
      out.qualified.insert(param.getTypePtr()->getIndex());
    return clang::DynamicRecursiveASTVisitor::TraverseQualifiedTypeLoc(
        tl, traverseQualifier);
  }
  bool VisitCXXUnresolvedConstructExpr(
      clang::CXXUnresolvedConstructExpr *e) override {
    // (Visited before the type in it.)
    if (e->getNumArgs() == 1 && !e->isListInitialization())
      if (clang::TypeSourceInfo *tsi = e->getTypeSourceInfo())
        castTypes.insert(tsi->getTypeLoc().getBeginLoc());
    return true;
  }
  bool VisitPackExpansionTypeLoc(clang::PackExpansionTypeLoc tl) override {
    return problem(tl.getBeginLoc(), "a parameter pack has no OpenCL C form");
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override {
    auto *param =
        llvm::dyn_cast<clang::NonTypeTemplateParmDecl>(ref->getDecl());
    if (!param)
      return true;
    if (param->getDepth() != depth)
      return problem(ref->getLocation(), nestedParameter);
    add(ref->getSourceRange(), param->getIndex(), ref->getBeginLoc());
    return true;
  }

private:
  static constexpr llvm::StringLiteral nestedParameter =
      "this template parameter belongs to a nested template; xfence cannot "
      "copy the template per specialization";
  bool problem(clang::SourceLocation at, llvm::StringRef message) {
    out.problems.emplace_back(at, message.str());
    return true;
  }
  void add(clang::SourceRange range, unsigned index, clang::SourceLocation at) {
    if (std::optional<FileCharRange> r = findRewriteRange(sm, lo, range))
      out.uses.push_back({*r, index, at});
    else
      problem(at, "a template parameter used in a macro body; xfence cannot "
                  "copy the template per specialization");
  }

  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  unsigned depth;
  TemplateParamUses &out;
  llvm::DenseSet<clang::SourceLocation> castTypes;
};

/// The uses of specializations in one specialization's instantiated text.
class SpecializationUses : public clang::DynamicRecursiveASTVisitor {
public:
  explicit SpecializationUses(std::vector<const clang::DeclRefExpr *> &uses)
      : uses(uses) {}
  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override {
    uses.push_back(ref);
    return true;
  }

private:
  std::vector<const clang::DeclRefExpr *> &uses;
};

} // namespace

SourceEditPolicy xfence::copyPolicy() {
  SourceEditPolicy policy;
  policy.inlineHeaders = true;
  policy.allowMootEdits = true;
  policy.warnInactiveBranches = false;
  return policy;
}

std::optional<CopyEdit>
TemplateExpander::renameFor(const clang::DeclRefExpr *ref) {
  auto *fn = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl());
  if (!fn)
    return std::nullopt;
  const std::string *name = nameOf(fn);
  if (!name)
    return std::nullopt;
  clang::SourceLocation end =
      ref->hasExplicitTemplateArgs() ? ref->getRAngleLoc() : ref->getLocation();
  std::optional<FileCharRange> r =
      findRewriteRange(sm, lo, clang::SourceRange(ref->getLocation(), end));
  if (!r) {
    error(ref->getLocation(), "cannot rename this use of a function template "
                              "specialization (spelled by a macro)");
    return std::nullopt;
  }
  return CopyEdit{*r, *name, ref->getLocation()};
}

std::optional<MacroCopy>
TemplateExpander::macroCopyFor(clang::SourceLocation at,
                               const FileCharRange &within) {
  // A token that a macro's argument passes on (`CAST(n)` in `SUM(...)`'s
  // argument): the body it comes from.
  while (at.isMacroID() && sm.isMacroArgExpansion(at)) {
    clang::SourceLocation spelled = sm.getImmediateSpellingLoc(at);
    if (!spelled.isMacroID())
      return std::nullopt; // the argument's own text
    at = spelled;
  }
  if (!at.isMacroID())
    return std::nullopt;
  clang::CharSourceRange expansion = sm.getImmediateExpansionRange(at);
  if (expansion.getBegin().isMacroID() &&
      sm.isMacroArgExpansion(expansion.getBegin()) &&
      sm.isMacroArgExpansion(expansion.getEnd())) {
    // A use written in another macro's argument (`SUM(a, CAST(n))`): its
    // text is the file's.
    clang::SourceLocation begin = sm.getSpellingLoc(expansion.getBegin());
    clang::SourceLocation end = sm.getSpellingLoc(expansion.getEnd());
    if (begin.isFileID() && end.isFileID() &&
        sm.getFileID(begin) == sm.getFileID(end))
      expansion = clang::CharSourceRange::getTokenRange(begin, end);
  }
  if (expansion.getBegin().isMacroID())
    return std::nullopt; // a macro expanded by a macro
  clang::Preprocessor &pp = src.getUnit().getPreprocessor();
  llvm::StringRef name = clang::Lexer::getImmediateMacroName(at, sm, lo);
  clang::IdentifierInfo *ii = pp.getIdentifierInfo(name);
  const clang::MacroInfo *info =
      pp.getMacroDefinitionAtLoc(ii, expansion.getBegin()).getMacroInfo();
  if (!info)
    info = pp.getMacroInfo(ii);
  if (!info || info->tokens_empty())
    return std::nullopt;
  MacroCopy copy;
  if (info->isFunctionLike()) {
    // Its body is copied with the arguments of this use in place of the
    // parameters: not where the body stringizes or pastes them.
    for (const clang::Token &tok : info->tokens())
      if (tok.isOneOf(clang::tok::hash, clang::tok::hashhash))
        return std::nullopt;
    copy.functionLike = true;
    for (const clang::IdentifierInfo *param : info->params())
      copy.params.push_back(param->getName().str());
    // The arguments: the text between the parentheses, split at the
    // commas outside inner parentheses.
    clang::FileID file = sm.getFileID(expansion.getBegin());
    llvm::StringRef buffer = sm.getBufferData(file);
    clang::Lexer lexer(sm.getLocForStartOfFile(file), lo, buffer.begin(),
                       buffer.begin() + sm.getFileOffset(expansion.getBegin()),
                       buffer.end());
    clang::Token tok;
    lexer.LexFromRawLexer(tok); // the name
    lexer.LexFromRawLexer(tok);
    if (!tok.is(clang::tok::l_paren))
      return std::nullopt;
    unsigned argBegin = sm.getFileOffset(tok.getEndLoc());
    int depth = 0;
    for (;;) {
      lexer.LexFromRawLexer(tok);
      if (tok.is(clang::tok::eof))
        return std::nullopt;
      unsigned at = sm.getFileOffset(tok.getLocation());
      if (tok.is(clang::tok::l_paren)) {
        ++depth;
      } else if (tok.is(clang::tok::r_paren) && depth > 0) {
        --depth;
      } else if ((tok.is(clang::tok::comma) && depth == 0) ||
                 tok.is(clang::tok::r_paren)) {
        copy.args.push_back({file, argBegin, at});
        argBegin = sm.getFileOffset(tok.getEndLoc());
        if (tok.is(clang::tok::r_paren))
          break;
      }
    }
    if (info->isVariadic()) {
      // The variadic parameter takes the rest, commas and all.
      if (copy.args.size() < copy.params.size())
        copy.args.push_back({file, argBegin, argBegin});
      FileCharRange rest = copy.args[copy.params.size() - 1];
      rest.end = copy.args.back().end;
      copy.args.resize(copy.params.size() - 1);
      copy.args.push_back(rest);
    }
    if (copy.args.size() == 1 && copy.params.empty() &&
        copy.args[0].begin == copy.args[0].end)
      copy.args.clear(); // `F()` of a macro without parameters
    if (copy.args.size() != copy.params.size())
      return std::nullopt;
  }
  clang::SourceLocation first = info->tokens().front().getLocation();
  clang::SourceLocation last = clang::Lexer::getLocForEndOfToken(
      info->tokens().back().getLocation(), 0, sm, lo);
  auto [bodyFile, bodyBegin] = sm.getDecomposedLoc(first);
  auto [expFile, expBegin] = sm.getDecomposedLoc(expansion.getBegin());
  clang::SourceLocation expEnd =
      expansion.isTokenRange()
          ? clang::Lexer::getLocForEndOfToken(expansion.getEnd(), 0, sm, lo)
          : expansion.getEnd();
  copy.body = {bodyFile, bodyBegin, sm.getFileOffset(last)};
  copy.expansion = {expFile, expBegin, sm.getFileOffset(expEnd)};
  if (!within.contains(copy.expansion))
    return std::nullopt;
  return copy;
}

TemplateParamUses xfence::findTemplateParamUses(ParsedSource &src,
                                                clang::Decl *pattern,
                                                unsigned depth) {
  TemplateParamUses uses;
  ParamUses(src, depth, uses).TraverseDecl(pattern);
  return uses;
}

/// The user's types that a template argument names (through pointers,
/// references, arrays and the arguments of class template
/// specializations).
static void namedTypes(ParsedSource &src, const clang::TemplateArgument &arg,
                       llvm::SmallVectorImpl<const clang::Decl *> &out,
                       unsigned depth = 0) {
  if (arg.getKind() != clang::TemplateArgument::Type || depth > 8)
    return;
  clang::QualType type = arg.getAsType().getCanonicalType();
  while (true) {
    if (type->isPointerType() || type->isReferenceType())
      type = type->getPointeeType();
    else if (const clang::ArrayType *array = type->getAsArrayTypeUnsafe())
      type = array->getElementType();
    else
      break;
  }
  const clang::TagDecl *tag = type->getAsTagDecl();
  if (!tag || !src.isUserLocation(tag->getLocation()))
    return;
  out.push_back(tag);
  if (const auto *spec =
          llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(tag)) {
    if (const clang::ClassTemplateDecl *ct = spec->getSpecializedTemplate())
      out.push_back(ct);
    for (const clang::TemplateArgument &inner :
         spec->getTemplateArgs().asArray())
      namedTypes(src, inner, out, depth + 1);
  }
}

std::optional<CopyPlacement>
xfence::laterCopyPlacement(ParsedSource &src,
                           clang::SourceLocation templateBegin,
                           llvm::ArrayRef<clang::TemplateArgument> args) {
  clang::SourceManager &sm = src.getSourceManager();
  const clang::LangOptions &lo = src.getLangOpts();
  llvm::SmallVector<const clang::Decl *> types;
  for (const clang::TemplateArgument &arg : args)
    namedTypes(src, arg, types);
  clang::SourceLocation begin = sm.getExpansionLoc(templateBegin), last;
  for (const clang::Decl *d : types) {
    // The declaration at file (or namespace) scope that holds it.
    while (!d->getDeclContext()->getRedeclContext()->isFileContext())
      if (!(d = llvm::dyn_cast<clang::Decl>(d->getDeclContext())))
        break;
    if (!d)
      continue;
    // An unnamed struct's typedef (`typedef struct {...} U;`) ends later.
    if (const auto *tag = llvm::dyn_cast<clang::TagDecl>(d))
      if (const clang::TypedefNameDecl *name = tag->getTypedefNameForAnonDecl())
        d = name;
    clang::SourceLocation end = sm.getExpansionRange(d->getEndLoc()).getEnd();
    if (end.isInvalid() || !sm.isBeforeInTranslationUnit(begin, end) ||
        (last.isValid() && !sm.isBeforeInTranslationUnit(last, end)))
      continue;
    last = end;
  }
  if (last.isInvalid())
    return std::nullopt;
  std::optional<clang::Token> semi = clang::Lexer::findNextToken(last, sm, lo);
  clang::SourceLocation after =
      semi && semi->is(clang::tok::semi)
          ? semi->getEndLoc()
          : clang::Lexer::getLocForEndOfToken(last, 0, sm, lo);
  if (after.isInvalid() || after.isMacroID())
    return std::nullopt;
  auto [file, offset] = sm.getDecomposedLoc(after);
  return CopyPlacement{{file, offset, offset}, after};
}

bool xfence::constexprIfEdits(
    ParsedSource &src, clang::Decl *instantiation, clang::Decl *pattern,
    std::vector<TextEdit> &edits,
    std::pair<clang::SourceLocation, std::string> &problem) {
  struct Ifs : clang::DynamicRecursiveASTVisitor {
    Ifs() { ShouldVisitTemplateInstantiations = true; }
    bool VisitIfStmt(clang::IfStmt *s) override {
      if (s->isConstexpr())
        found.push_back(s);
      return true;
    }
    std::vector<const clang::IfStmt *> found;
  } ifs;
  ifs.TraverseDecl(instantiation);
  // The text's statements are the template's: an instantiation's discarded
  // branch is an empty statement where the template's text has the branch.
  Ifs written;
  written.ShouldVisitTemplateInstantiations = false;
  written.TraverseDecl(pattern);
  llvm::DenseMap<clang::SourceLocation, const clang::IfStmt *> byLoc;
  for (const clang::IfStmt *s : written.found)
    byLoc[s->getIfLoc()] = s;
  clang::SourceManager &sm = src.getSourceManager();
  const clang::LangOptions &lo = src.getLangOpts();
  for (const clang::IfStmt *instantiated : ifs.found) {
    const clang::IfStmt *s = byLoc.lookup(instantiated->getIfLoc());
    if (!s) {
      problem = {instantiated->getIfLoc(),
                 "cannot find this 'if constexpr' in the template's text"};
      return false;
    }
    bool value = false;
    if (s->getInit() || s->getConditionVariable()) {
      problem = {s->getIfLoc(), "an 'if constexpr' with an initializer; "
                                "xfence cannot fold it in a copy of the "
                                "template"};
      return false;
    }
    const clang::Expr *cond = instantiated->getCond();
    if (!cond || cond->isValueDependent() ||
        !cond->EvaluateAsBooleanCondition(value, src.getContext())) {
      problem = {s->getIfLoc(), "cannot evaluate the condition of this "
                                "'if constexpr' in a copy of the template"};
      return false;
    }
    std::optional<FileCharRange> whole =
        findRewriteRange(sm, lo, s->getSourceRange());
    std::optional<FileCharRange> then =
        findRewriteRange(sm, lo, s->getThen()->getSourceRange());
    std::optional<FileCharRange> other =
        s->getElse() ? findRewriteRange(sm, lo, s->getElse()->getSourceRange())
                     : std::nullopt;
    if (!whole || !then || (s->getElse() && !other)) {
      problem = {s->getIfLoc(), "an 'if constexpr' written in a macro; "
                                "xfence cannot fold it in a copy of the "
                                "template"};
      return false;
    }
    if (value) {
      // `if constexpr (c) A else B` -> `A` (with its `;`, which A's text
      // leaves out, where A is not a block).
      edits.push_back({{whole->file, whole->begin, then->begin}, ""});
      unsigned thenEnd = then->end;
      if (!llvm::isa<clang::CompoundStmt>(s->getThen()))
        if (clang::SourceLocation semi = clang::Lexer::findLocationAfterToken(
                sm.getExpansionLoc(s->getThen()->getEndLoc()), clang::tok::semi,
                sm, lo, /*SkipTrailingWhitespaceAndNewLine=*/false);
            semi.isValid() && semi.isFileID())
          thenEnd = sm.getFileOffset(semi);
      if (other)
        edits.push_back({{whole->file, thenEnd, whole->end}, ""});
    } else if (other) {
      // -> `B`
      edits.push_back({{whole->file, whole->begin, other->begin}, ""});
    } else {
      // Nothing: an empty block, or the `;` after the statement alone.
      edits.push_back(
          {*whole, llvm::isa<clang::CompoundStmt>(s->getThen()) ? "{}" : ""});
    }
  }
  return true;
}

const TemplateParamUse *
xfence::qualifiedPointerUse(const TemplateParamUses &uses,
                            const clang::TemplateArgumentList &args) {
  for (const TemplateParamUse &use : uses.uses) {
    const clang::TemplateArgument &arg = args.get(use.index);
    if (uses.qualified.count(use.index) &&
        arg.getKind() == clang::TemplateArgument::Type &&
        arg.getAsType()->isPointerType())
      return &use;
  }
  return nullptr;
}

std::string xfence::blankedText(const clang::SourceManager &sm,
                                const FileCharRange &range) {
  std::string blanks;
  for (char c : sm.getBufferData(range.file).slice(range.begin, range.end))
    blanks += c == '\n' ? '\n' : ' ';
  return blanks;
}

std::pair<std::string *, std::string *>
LaterCopies::at(const CopyPlacement &where) {
  Place &place = places[{where.at.file, where.at.begin}];
  place.where = where;
  return {&place.prototypes, &place.copies};
}

void LaterCopies::write(SourceEdits &edits,
                        const clang::SourceManager &sm) const {
  for (const auto &[key, place] : places)
    edits.replace(place.where.at, place.prototypes + place.copies +
                                      copyLineDirective(sm, place.where.line));
}

bool xfence::inLibraryNamespace(const clang::Decl *d) {
  for (const clang::DeclContext *dc = d->getDeclContext(); dc;
       dc = dc->getParent())
    if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (llvm::is_contained({"cub", "cuda", "std", "thrust"}, ns->getName()))
        return true;
  return false;
}

std::string xfence::argumentAt(const TemplateParamUse &use,
                               std::string spelled) {
  if (use.castType &&
      llvm::any_of(spelled, [](char c) { return c == ' ' || c == '*'; }))
    return "(" + spelled + ")";
  return spelled;
}

std::optional<std::string> xfence::spellTemplateArgument(
    ParsedSource &src, const clang::PrintingPolicy &printing,
    const clang::TemplateArgument &arg, std::string &why) {
  switch (arg.getKind()) {
  case clang::TemplateArgument::Type: {
    clang::QualType type = arg.getAsType();
    if (type->isFunctionType() || type->isArrayType() ||
        type->isMemberPointerType()) {
      why = "xfence cannot spell the template argument '" +
            type.getAsString(printing) + "' in a copy of the template";
      return std::nullopt;
    }
    std::string text = type.getAsString(printing);
    if (llvm::StringRef(text).contains("(unnamed") ||
        llvm::StringRef(text).contains("(anonymous") ||
        llvm::StringRef(text).contains("(lambda")) {
      why = "the template argument '" + text +
            "' has no name to write in a copy of the template";
      return std::nullopt;
    }
    // A class of a library's namespace (libcu++'s cuda::std::divides<float>,
    // the C++ standard library's): the copy would name it, and OpenCL C has
    // no such type. (The toolkit's vector types, float4 and the like, are
    // at file scope and have OpenCL C forms.)
    clang::QualType inner = type;
    while (inner->isPointerType() || inner->isReferenceType())
      inner = inner->getPointeeType();
    if (const clang::CXXRecordDecl *record = inner->getAsCXXRecordDecl())
      if (!src.isUserLocation(record->getLocation()) &&
          record->getEnclosingNamespaceContext()->isNamespace()) {
        why = "the template argument '" + text +
              "' is a class of a library, which has no OpenCL C form";
        return std::nullopt;
      }
    return text;
  }
  case clang::TemplateArgument::Integral: {
    llvm::APSInt value = arg.getAsIntegral();
    clang::QualType type = arg.getIntegralType();
    if (type->isBooleanType())
      return std::string(value.getBoolValue() ? "true" : "false");
    std::string number = llvm::toString(value, 10);
    if (type->isSpecificBuiltinType(clang::BuiltinType::Int))
      return value.isNegative() ? "(" + number + ")" : number;
    return "((" + type.getAsString(printing) + ")" + number + ")";
  }
  default:
    why = "xfence copies templates per specialization only for type and "
          "integer arguments";
    return std::nullopt;
  }
}

std::optional<std::string>
TemplateExpander::spell(const clang::TemplateArgument &arg,
                        clang::SourceLocation at) {
  std::string why;
  std::optional<std::string> text =
      spellTemplateArgument(src, printing, arg, why);
  if (!text)
    error(at, why);
  return text;
}

std::string
xfence::mangleTemplateCopy(ParsedSource &src, llvm::StringRef base,
                           llvm::ArrayRef<clang::TemplateArgument> args,
                           const clang::PrintingPolicy &printing,
                           llvm::function_ref<bool(llvm::StringRef)> taken) {
  std::string name = base.str() + "_";
  for (const clang::TemplateArgument &arg : args) {
    std::string part;
    if (arg.getKind() == clang::TemplateArgument::Integral) {
      llvm::APSInt value = arg.getAsIntegral();
      if (arg.getIntegralType()->isBooleanType())
        part = value.getBoolValue() ? "true" : "false";
      else
        part = (value.isNegative() ? "m" : "") +
               llvm::toString(value.abs(), 10, false);
    } else if (arg.getKind() == clang::TemplateArgument::Type) {
      for (char c : arg.getAsType().getAsString(printing)) {
        if (std::isalnum(static_cast<unsigned char>(c)))
          part += c;
        else if (c == '*')
          part += "_p";
        else if (!part.empty() && part.back() != '_')
          part += '_';
      }
      while (!part.empty() && part.back() == '_')
        part.pop_back();
    } else {
      part = "arg";
    }
    name += "_" + part;
  }
  // Unique among the program's identifiers and the other copies.
  std::string unique = name;
  for (unsigned n = 1;
       src.getContext().Idents.find(unique) != src.getContext().Idents.end() ||
       taken(unique);
       ++n)
    unique = name + "_" + std::to_string(n);
  return unique;
}

std::string TemplateExpander::mangle(const clang::FunctionDecl *spec) {
  return mangleTemplateCopy(src, spec->getNameAsString(),
                            spec->getTemplateSpecializationArgs()->asArray(),
                            printing, [&](llvm::StringRef unique) {
                              return llvm::any_of(names, [&](auto &entry) {
                                return entry.second == unique;
                              });
                            });
}

std::string TemplateExpander::lineDirective(clang::SourceLocation loc) const {
  return copyLineDirective(sm, loc);
}

bool TemplateExpander::addPrototype(SourceEdits &edits,
                                    const FileCharRange &signature,
                                    clang::SourceLocation at,
                                    std::string &prototypes) {
  FailureOr<std::string> declared = edits.applyWithin(signature);
  if (failed(declared)) {
    hadError = true;
    return false;
  }
  prototypes +=
      lineDirective(at) + llvm::StringRef(*declared).rtrim().str() + ";";
  return true;
}

std::string xfence::copyLineDirective(const clang::SourceManager &sm,
                                      clang::SourceLocation loc) {
  clang::PresumedLoc presumed = sm.getPresumedLoc(sm.getFileLoc(loc));
  std::string file;
  for (char c : llvm::StringRef(presumed.getFilename())) {
    if (c == '\\' || c == '"')
      file += '\\';
    file += c;
  }
  return "\n#line " + std::to_string(presumed.getLine()) + " \"" + file +
         "\" " + kTemplateLineMarker.str() + "\n";
}

ExpandedFiles xfence::expandedFiles(
    const clang::SourceManager &sm,
    std::vector<std::pair<clang::FileID, std::string>> texts) {
  ExpandedFiles files;
  for (auto &[file, text] : texts) {
    if (file == sm.getMainFileID())
      files.mainFile = std::move(text);
    else
      files.headers.emplace_back(sm.getFileEntryRefForID(file)->getName().str(),
                                 std::move(text));
  }
  return files;
}

void TemplateExpander::expand(clang::FunctionTemplateDecl *ft,
                              SourceEdits &edits) {
  clang::FunctionDecl *pattern = ft->getTemplatedDecl();
  bool definition = pattern->doesThisDeclarationHaveABody();
  // The whole text of the template (directives such as #pragma unroll
  // inside it included), if a file holds it.
  std::optional<FileCharRange> range;
  clang::SourceLocation begin = ft->getBeginLoc(), end = ft->getEndLoc();
  if (begin.isFileID() && end.isFileID() &&
      sm.getFileID(begin) == sm.getFileID(end))
    range = FileCharRange{
        sm.getFileID(begin), sm.getFileOffset(begin),
        sm.getFileOffset(clang::Lexer::getLocForEndOfToken(end, 0, sm, lo))};
  if (!range) {
    error(ft->getLocation(), "a function template written by a macro; "
                             "xfence cannot copy it per specialization");
    return;
  }
  clang::SourceLocation last = ft->getEndLoc();
  if (!definition) {
    // The prototypes end with the declaration's ';'.
    clang::SourceLocation after = clang::Lexer::findLocationAfterToken(
        last, clang::tok::semi, sm, lo, false);
    if (after.isValid() && !after.isMacroID()) {
      range->end = sm.getFileOffset(after);
      last = after;
    }
  }
  clang::TemplateParameterList *params = ft->getTemplateParameters();
  for (const clang::NamedDecl *param : *params) {
    if (param->isTemplateParameterPack() ||
        llvm::isa<clang::TemplateTemplateParmDecl>(param)) {
      error(param->getLocation(),
            "xfence copies templates per specialization only for type and "
            "integer parameters (not packs or template template parameters)");
      return;
    }
  }
  TemplateParamUses paramUses =
      findTemplateParamUses(src, pattern, params->getDepth());
  for (const auto &[at, message] : paramUses.problems)
    error(at, message);
  std::optional<FileCharRange> header = findRewriteRange(
      sm, lo,
      clang::SourceRange(params->getTemplateLoc(), params->getRAngleLoc()));
  std::optional<FileCharRange> nameRange = findRewriteRange(
      sm, lo,
      clang::SourceRange(pattern->getLocation(), pattern->getLocation()));
  if (!header || !nameRange) {
    error(ft->getLocation(), "cannot copy this function template (its "
                             "header or name is written by a macro)");
    return;
  }

  std::string text, prototypes;
  unsigned copies = 0;
  LaterCopies moved;
  // A specialization that calls another of the same template (wlcpow's
  // `__TEA_core<N - 1>` in `__TEA_core<N>`) needs its prototype first: the
  // copies come in an order C does not read ahead of.
  bool recursive = false;
  for (clang::FunctionDecl *spec : ft->specializations()) {
    std::vector<const clang::DeclRefExpr *> uses;
    SpecializationUses(uses).TraverseDecl(spec);
    for (const clang::DeclRefExpr *ref : uses)
      if (const auto *callee =
              llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl()))
        if (callee->getPrimaryTemplate() &&
            callee->getPrimaryTemplate()->getCanonicalDecl() ==
                ft->getCanonicalDecl())
          recursive = true;
  }
  for (clang::FunctionDecl *spec : ft->specializations()) {
    if (spec->getTemplateSpecializationKind() ==
        clang::TSK_ExplicitSpecialization)
      continue; // its own text
    const clang::TemplateArgumentList *args =
        spec->getTemplateSpecializationArgs();
    std::optional<CopyPlacement> later =
        definition ? laterCopyPlacement(src, ft->getBeginLoc(), args->asArray())
                   : std::nullopt;
    std::string *protoOut = &prototypes, *textOut = &text;
    if (later)
      std::tie(protoOut, textOut) = moved.at(*later);
    std::vector<CopyEdit> copyEdits;
    copyEdits.push_back({*header, blankedText(sm, *header), {}});
    copyEdits.push_back({*nameRange, names[spec->getCanonicalDecl()], {}});
    if (const TemplateParamUse *use = qualifiedPointerUse(paramUses, *args)) {
      error(use->at,
            "a qualified use of a template parameter whose "
            "argument is a pointer ('" +
                args->get(use->index).getAsType().getAsString(printing) +
                "'); xfence cannot spell it in a copy of the "
                "template");
      return;
    }
    bool ok = true;
    for (const TemplateParamUse &use : paramUses.uses) {
      const clang::TemplateArgument &arg = args->get(use.index);
      std::optional<std::string> spelled = spell(arg, use.at);
      if (!spelled) {
        ok = false;
        break;
      }
      copyEdits.push_back({use.range, argumentAt(use, *spelled), use.at});
    }
    if (!ok)
      return;
    std::vector<TextEdit> folds;
    std::pair<clang::SourceLocation, std::string> problem;
    if (!constexprIfEdits(src, spec, pattern, folds, problem)) {
      error(problem.first, problem.second);
      return;
    }
    for (TextEdit &fold : folds)
      copyEdits.push_back({fold.range, fold.text, {}});
    std::vector<const clang::DeclRefExpr *> uses;
    SpecializationUses(uses).TraverseDecl(spec);
    for (const clang::DeclRefExpr *ref : uses) {
      // Only this copy's text: the template's own, or macro bodies it
      // expands (not a default argument of another template, say).
      clang::SourceLocation at = sm.getExpansionLoc(ref->getLocation());
      if (sm.getFileID(at) != range->file ||
          sm.getFileOffset(at) < range->begin ||
          sm.getFileOffset(at) >= range->end)
        continue;
      if (std::optional<CopyEdit> edit = renameFor(ref))
        copyEdits.push_back(std::move(*edit));
    }
    // Edits in the bodies of macros that the template expands: the body,
    // with them, replaces the expansion in this copy.
    SourceEdits copy(src, copyPolicy());
    std::map<std::pair<unsigned, unsigned>,
             std::pair<MacroCopy, std::vector<const CopyEdit *>>>
        macroCopies;
    std::vector<const CopyEdit *> fileEdits;
    for (const CopyEdit &edit : copyEdits) {
      // Text of a macro's body (even one defined inside the template:
      // `#define EVAL(n) eval<T, n>(...)` used as EVAL(64) and EVAL(128)
      // needs other text at each use): copied at its uses.
      std::optional<MacroCopy> macro;
      if (edit.at.isValid() && edit.at.isMacroID())
        macro = macroCopyFor(edit.at, *range);
      if (macro && !macro->body.contains(edit.range))
        macro.reset();
      if (!macro && range->contains(edit.range)) {
        fileEdits.push_back(&edit);
        continue;
      }
      if (!macro) {
        error(edit.at.isValid() ? edit.at : ft->getLocation(),
              "this text of the template needs other text in each copy, "
              "but it is written in a macro that xfence cannot copy with "
              "it (a macro that another macro expands, or that stringizes "
              "or pastes its arguments)");
        return;
      }
      auto &slot = macroCopies[{macro->expansion.begin, macro->expansion.end}];
      slot.first = *macro;
      slot.second.push_back(&edit);
    }
    for (const CopyEdit *edit : fileEdits) {
      // In an argument of a function-like macro whose body is copied: in
      // that argument's text (below).
      bool inExpansion = false, inArgument = false;
      for (auto &[key, entry] : macroCopies)
        if (entry.first.functionLike &&
            entry.first.expansion.contains(edit->range)) {
          inExpansion = true;
          inArgument |= llvm::any_of(entry.first.args, [&](auto &arg) {
            return arg.contains(edit->range);
          });
        }
      if (inExpansion && !inArgument) {
        error(edit->at.isValid() ? edit->at : ft->getLocation(),
              "this text of the template needs other text in each copy, "
              "across the arguments of a macro whose body is copied");
        return;
      }
      if (!inExpansion)
        copy.replace(edit->range, edit->text);
    }
    // Inner uses first (`CAST(n)` in an argument of `SUM(...)`): their
    // text goes into the outer use's argument.
    std::vector<std::pair<MacroCopy, std::vector<const CopyEdit *>> *> order;
    for (auto &[key, entry] : macroCopies)
      order.push_back(&entry);
    llvm::stable_sort(order, [](auto *a, auto *b) {
      return a->first.expansion.end - a->first.expansion.begin <
             b->first.expansion.end - b->first.expansion.begin;
    });
    std::vector<std::pair<FileCharRange, std::string>> replaced;
    for (auto *entry : order) {
      SourceEdits body(src, copyPolicy());
      for (const CopyEdit *edit : entry->second)
        body.replace(edit->range, edit->text);
      FailureOr<std::string> text = body.applyWithin(entry->first.body);
      if (failed(text)) {
        hadError = true;
        return;
      }
      if (entry->first.functionLike) {
        std::vector<std::string> args;
        for (const FileCharRange &arg : entry->first.args) {
          SourceEdits argEdits(src, copyPolicy());
          for (const CopyEdit *edit : fileEdits)
            if (arg.contains(edit->range))
              argEdits.replace(edit->range, edit->text);
          for (const auto &[inner, innerText] : replaced)
            if (arg.contains(inner))
              argEdits.replace(inner, innerText);
          FailureOr<std::string> argText = argEdits.applyWithin(arg);
          if (failed(argText)) {
            hadError = true;
            return;
          }
          args.push_back(*argText);
        }
        *text = substituteParams(*text, entry->first.params, args);
      }
      replaced.emplace_back(entry->first.expansion, *text);
    }
    for (const auto &[expansion, text] : replaced)
      if (llvm::none_of(macroCopies, [&](auto &outer) {
            return outer.second.first.functionLike &&
                   !expansion.contains(outer.second.first.expansion) &&
                   outer.second.first.expansion.contains(expansion);
          }))
        copy.replace(expansion, text);
    FailureOr<std::string> copied = copy.applyWithin(*range);
    if (failed(copied)) {
      hadError = true;
      return;
    }
    if (recursive && definition && pattern->getBody()) {
      // The copy's text up to its body, without default arguments (the
      // definition keeps them).
      FileCharRange signature{range->file, range->begin,
                              sm.getFileOffset(sm.getExpansionLoc(
                                  pattern->getBody()->getBeginLoc()))};
      SourceEdits proto(src, copyPolicy());
      for (const CopyEdit &edit : copyEdits)
        if (signature.contains(edit.range))
          proto.replace(edit.range, edit.text);
      for (const clang::ParmVarDecl *p : pattern->parameters())
        if (p->hasDefaultArg() && p->getIdentifier()) {
          std::optional<FileCharRange> name = findRewriteRange(
              sm, lo, clang::SourceRange(p->getLocation(), p->getLocation()));
          std::optional<FileCharRange> whole = findRewriteRange(
              sm, lo,
              clang::SourceRange(p->getLocation(),
                                 p->getDefaultArgRange().getEnd()));
          if (name && whole && signature.contains(*whole))
            proto.replace({whole->file, name->end, whole->end}, "");
        }
      if (!addPrototype(proto, signature, ft->getBeginLoc(), *protoOut))
        return;
    }
    *textOut += lineDirective(ft->getBeginLoc()) + *copied;
    if (!definition && !llvm::StringRef(*copied).rtrim().ends_with(";"))
      *textOut += ";";
    ++copies;
  }
  moved.write(edits, sm);
  if (copies == 0 && definition && moved.empty())
    text = "/* xfence: function template '" + pattern->getNameAsString() +
           "' left out: this file uses no specialization of it */";
  // The explicit specializations (`template <> f<0>(...) {}`, written
  // after the template) are declared first too.
  if (recursive && definition)
    for (clang::FunctionDecl *fn : explicitSpecializations) {
      if (fn->getPrimaryTemplate()->getCanonicalDecl() !=
              ft->getCanonicalDecl() ||
          !fn->getBody() || fn->getNumTemplateParameterLists() != 1)
        continue;
      const std::string *name = nameOf(fn);
      std::optional<SpecializationText> written = specializationText(fn);
      clang::SourceLocation body =
          sm.getExpansionLoc(fn->getBody()->getBeginLoc());
      if (!name || !written || sm.getFileID(body) != written->header.file)
        continue; // reported where the specialization is renamed
      FileCharRange signature{written->header.file, written->header.begin,
                              sm.getFileOffset(body)};
      SourceEdits proto(src, copyPolicy());
      proto.replace(written->header, "");
      proto.replace(written->name, *name);
      if (!addPrototype(proto, signature, fn->getBeginLoc(), prototypes))
        return;
    }
  text = prototypes + text;
  text += lineDirective(last);
  edits.replace(*range, std::move(text));
}

void TemplateExpander::removeExplicitInstantiations(SourceEdits &edits) {
  // `[extern] template <declaration>;` of a handled template: the raw
  // tokens of each user file that has one.
  llvm::StringSet<> templateNames;
  llvm::DenseSet<clang::FileID> files;
  for (clang::FunctionTemplateDecl *ft : templates) {
    templateNames.insert(ft->getName());
    files.insert(sm.getFileID(sm.getExpansionLoc(ft->getLocation())));
  }
  for (const clang::Decl *d :
       src.getContext().getTranslationUnitDecl()->decls())
    if (src.isUserLocation(d->getLocation()))
      files.insert(sm.getFileID(sm.getExpansionLoc(d->getLocation())));
  for (clang::FileID file : files) {
    llvm::StringRef buffer = sm.getBufferData(file);
    clang::Lexer lexer(sm.getLocForStartOfFile(file), lo, buffer.begin(),
                       buffer.begin(), buffer.end());
    std::vector<clang::Token> tokens;
    clang::Token tok;
    while (!lexer.LexFromRawLexer(tok))
      tokens.push_back(tok);
    for (size_t i = 0; i + 1 < tokens.size(); ++i) {
      if (!tokens[i].is(clang::tok::raw_identifier) ||
          tokens[i].getRawIdentifier() != "template" ||
          tokens[i + 1].is(clang::tok::less) ||
          tokens[i].isAtStartOfLine() == false)
        continue;
      size_t begin = i, end = i + 1;
      int depth = 0;
      bool names = false;
      for (; end < tokens.size(); ++end) {
        const clang::Token &t = tokens[end];
        if (t.isOneOf(clang::tok::l_paren, clang::tok::l_brace,
                      clang::tok::l_square))
          ++depth;
        else if (t.isOneOf(clang::tok::r_paren, clang::tok::r_brace,
                           clang::tok::r_square))
          --depth;
        else if (t.is(clang::tok::semi) && depth == 0)
          break;
        else if (t.is(clang::tok::raw_identifier) && depth == 0 &&
                 templateNames.count(t.getRawIdentifier()))
          names = true;
        if (t.is(clang::tok::l_brace))
          break; // a definition, not an instantiation
      }
      if (!names || end == tokens.size() || !tokens[end].is(clang::tok::semi))
        continue;
      unsigned from = sm.getFileOffset(tokens[begin].getLocation());
      if (begin > 0 && tokens[begin - 1].is(clang::tok::raw_identifier) &&
          tokens[begin - 1].getRawIdentifier() == "extern")
        from = sm.getFileOffset(tokens[begin - 1].getLocation());
      unsigned to = sm.getFileOffset(tokens[end].getEndLoc());
      edits.replace({file, from, to},
                    "/* xfence: explicit instantiation removed (the "
                    "specialization is written at its template) */");
      i = end;
    }
  }
}

FailureOr<ExpandedFiles> TemplateExpander::run() {
  Collector collector(*this);
  collector.TraverseDecl(src.getContext().getTranslationUnitDecl());
  if (templates.empty())
    return ExpandedFiles();
  // A host template that names a copied template (run_gemm_example<T>
  // calling run_simple_gemm<T>, which launches a kernel template) is copied
  // too, until no more are.
  auto namesCopied = [&](const clang::FunctionTemplateDecl *owner) {
    auto it = namedBy.find(owner);
    return it != namedBy.end() &&
           llvm::any_of(it->second, [&](const clang::FunctionTemplateDecl *t) {
             return handles(t);
           });
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (clang::FunctionTemplateDecl *ft : hostTemplates)
      if (!handles(ft) && namesCopied(ft->getCanonicalDecl())) {
        handled.insert(ft->getCanonicalDecl());
        changed = true;
      }
  }
  for (clang::FunctionTemplateDecl *ft : hostTemplates)
    if (handles(ft))
      templates.push_back(ft);
  llvm::sort(templates, [&](const clang::FunctionTemplateDecl *a,
                            const clang::FunctionTemplateDecl *b) {
    return sm.isBeforeInTranslationUnit(a->getBeginLoc(), b->getBeginLoc());
  });
  // A template that code left as written (a class template's member, a
  // host template that is not copied) names by a dependent lookup stays a
  // template this time, and so does every template it names that way: its
  // text still needs them. The rest is copied; the caller runs the pass
  // again once the code that named them is copied (a class template's).
  llvm::DenseSet<const clang::FunctionTemplateDecl *> kept;
  llvm::SmallVector<const clang::FunctionTemplateDecl *> work;
  for (const auto &[owner, named] : lookupsBy)
    if (!owner || !handles(owner))
      for (const clang::FunctionTemplateDecl *t : named)
        if (handles(t) && kept.insert(t).second)
          work.push_back(t);
  while (!work.empty()) {
    auto it = lookupsBy.find(work.pop_back_val());
    if (it != lookupsBy.end())
      for (const clang::FunctionTemplateDecl *t : it->second)
        if (handles(t) && kept.insert(t).second)
          work.push_back(t);
  }
  for (const clang::FunctionTemplateDecl *t : kept)
    handled.erase(t);
  llvm::erase_if(templates, [&](const clang::FunctionTemplateDecl *ft) {
    return !handles(ft);
  });
  if (templates.empty())
    return ExpandedFiles();
  // Names first: a copy renames uses of other templates' specializations.
  for (clang::FunctionTemplateDecl *ft : templates) {
    if (ft != ft->getCanonicalDecl())
      continue;
    for (clang::FunctionDecl *spec : ft->specializations())
      names[spec->getCanonicalDecl()] = mangle(spec);
  }
  SourceEdits edits(src, copyPolicy());
  for (clang::FunctionTemplateDecl *ft : templates)
    expand(ft, edits);
  for (clang::FunctionDecl *fn : explicitSpecializations) {
    if (!handles(fn->getPrimaryTemplate()))
      continue;
    const std::string *name = nameOf(fn);
    std::optional<SpecializationText> written = specializationText(fn);
    if (!name || !written) {
      error(fn->getLocation(), "cannot rewrite this explicit specialization "
                               "as a plain function");
      continue;
    }
    edits.replace(written->header, "");
    edits.replace(written->name, *name);
  }
  for (const clang::DeclRefExpr *ref : usesOutside)
    if (std::optional<CopyEdit> edit = renameFor(ref))
      edits.replace(edit->range, edit->text);
  removeExplicitInstantiations(edits);
  if (hadError)
    return failure();
  FailureOr<std::vector<std::pair<clang::FileID, std::string>>> texts =
      edits.applyToFiles();
  if (mlir::failed(texts))
    return failure();
  return expandedFiles(sm, std::move(*texts));
}

FailureOr<ExpandedFiles> xfence::expandFunctionTemplates(ParsedSource &src) {
  return TemplateExpander(src).run();
}

std::string xfence::removeTemplateLineDirectives(llvm::StringRef text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    bool newline = text.size() > line.size();
    if (!(line.starts_with("#line ") && line.ends_with(kTemplateLineMarker))) {
      out += line;
      if (newline)
        out += '\n';
    }
    text = rest;
  }
  return out;
}
