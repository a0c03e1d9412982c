//===- ClassTemplates.cpp - class templates as plain structs --------------===//
//
// For each user class template at file or namespace scope that can be
// copied and that no other template's text names:
//  * its definition is replaced by one copy of its text per specialization
//    the file names: the template header removed, the name made
//    `name__<arguments>`, each use of a parameter spelled as the argument,
//    the class's own name in it (the injected name, `C<T, N>`, constructor
//    and destructor names) the copy's; a member function that the
//    specialization does not use is left out of the copy (C++ does not
//    instantiate it, and its text need not be valid for these arguments);
//  * an explicit specialization (`template <> struct C<bool, 1>`) keeps its
//    text, without `template <>` and with its new name;
//  * a declaration without body becomes declarations of the copies;
//  * every use `C<args>` elsewhere is renamed.
// A template named in another template's text (`C<T>` in `D<T>`) waits for
// a later round, in which that text is a copy naming `C<float>`.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/ClassTemplates.h"

#include "rewriters/common/SourceEdits.h"
#include "rewriters/sources/cuda/MemberFunctions.h"

#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>

using namespace xfence;
using namespace mlir;

namespace {

/// A use of a class template's name in a user file.
struct ClassUse {
  const clang::ClassTemplateDecl *tmpl; // canonical
  /// From the name to its `>` (or the name alone).
  clang::SourceLocation begin, end;
  /// The specialization it names, or the template's own class (its
  /// injected name inside its text), or null (dependent arguments).
  const clang::CXXRecordDecl *named;
  /// The template whose text holds the use (canonical for class
  /// templates), or null.
  const clang::Decl *inTemplate;
};

class ClassCopier {
public:
  explicit ClassCopier(ParsedSource &src)
      : src(src), sm(src.getSourceManager()), lo(src.getLangOpts()),
        printing(lo) {
    printing.SuppressTagKeyword = true;
  }

  FailureOr<ExpandedFiles> run();

  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  clang::PrintingPolicy printing;

  /// The defining declarations of the user's class templates at file or
  /// namespace scope, and their other declarations.
  std::vector<clang::ClassTemplateDecl *> definitions, declarations;
  llvm::DenseSet<const clang::ClassTemplateDecl *> blocked;
  std::vector<ClassUse> uses;
  std::vector<clang::ClassTemplateSpecializationDecl *> explicitSpecs;

  /// The template a record is (its pattern) or specializes, canonical.
  static const clang::ClassTemplateDecl *
  templateOf(const clang::CXXRecordDecl *record) {
    if (!record)
      return nullptr;
    if (const clang::ClassTemplateDecl *ct =
            record->getDescribedClassTemplate())
      return ct->getCanonicalDecl();
    if (const auto *spec =
            llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record))
      return spec->getSpecializedTemplate()->getCanonicalDecl();
    return nullptr;
  }

  void block(const clang::ClassTemplateDecl *ct) {
    blocked.insert(ct->getCanonicalDecl());
  }

private:
  std::optional<FileCharRange> fileRange(clang::SourceLocation begin,
                                         clang::SourceLocation end) const {
    return findRewriteRange(sm, lo, clang::SourceRange(begin, end));
  }
  /// The text of a use: its name, or from its name to its `>` (one
  /// character: the `>` of `C<D<float>>` is half a `>>` token).
  std::optional<FileCharRange> fileRange(const ClassUse &use) const {
    std::optional<FileCharRange> name = fileRange(use.begin, use.begin);
    if (!name || use.begin == use.end)
      return name;
    if (!use.end.isFileID() || sm.getFileID(use.end) != name->file)
      return std::nullopt;
    return FileCharRange{name->file, name->begin,
                         sm.getFileOffset(use.end) + 1};
  }
  /// The `template` of an explicit specialization's `template <>`, if a
  /// file holds it.
  std::optional<clang::SourceLocation>
  templateKeyword(const clang::ClassTemplateSpecializationDecl *spec) const {
    clang::SourceLocation at = spec->getSourceRange().getBegin();
    clang::Token tok;
    if (!at.isFileID() || clang::Lexer::getRawToken(at, tok, sm, lo, true) ||
        !tok.is(clang::tok::raw_identifier) ||
        tok.getRawIdentifier() != "template")
      return std::nullopt;
    return at;
  }
  /// The text of a template's declaration: from `template` to the `;`.
  std::optional<FileCharRange>
  declarationRange(const clang::ClassTemplateDecl *ct) const;
  /// Whether `ct` (a definition) is one this pass can copy, apart from its
  /// uses.
  bool copyable(clang::ClassTemplateDecl *ct);
  void checkUses();
  bool copy(clang::ClassTemplateDecl *ct, SourceEdits &edits);
  std::string nameOf(const clang::CXXRecordDecl *record) const {
    auto it = names.find(record->getCanonicalDecl());
    return it == names.end() ? std::string() : it->second;
  }

  llvm::DenseMap<const clang::CXXRecordDecl *, std::string> names;
};

/// Collects the templates and every use of their names.
class Collector : public clang::DynamicRecursiveASTVisitor {
public:
  explicit Collector(ClassCopier &x) : x(x) {}

  bool TraverseDecl(clang::Decl *d) override {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) &&
        !x.src.isUserLocation(d->getLocation()))
      return true;
    return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
  }
  bool TraverseClassTemplateDecl(clang::ClassTemplateDecl *ct) override {
    if (ct->getDeclContext()->getRedeclContext()->isFileContext() &&
        !inLibraryNamespace(ct)) {
      if (ct->isThisDeclarationADefinition())
        x.definitions.push_back(ct);
      else
        x.declarations.push_back(ct);
    } else {
      x.block(ct);
    }
    return within(ct->getCanonicalDecl(), [&] {
      return clang::DynamicRecursiveASTVisitor::TraverseClassTemplateDecl(ct);
    });
  }
  bool TraverseFunctionTemplateDecl(clang::FunctionTemplateDecl *ft) override {
    return within(ft, [&] {
      return clang::DynamicRecursiveASTVisitor::TraverseFunctionTemplateDecl(
          ft);
    });
  }
  bool TraverseClassTemplatePartialSpecializationDecl(
      clang::ClassTemplatePartialSpecializationDecl *d) override {
    x.block(d->getSpecializedTemplate());
    return within(d, [&] {
      return clang::DynamicRecursiveASTVisitor::
          TraverseClassTemplatePartialSpecializationDecl(d);
    });
  }
  bool TraverseVarTemplateDecl(clang::VarTemplateDecl *d) override {
    return within(d, [&] {
      return clang::DynamicRecursiveASTVisitor::TraverseVarTemplateDecl(d);
    });
  }
  bool TraverseTypeAliasTemplateDecl(clang::TypeAliasTemplateDecl *d) override {
    return within(d, [&] {
      return clang::DynamicRecursiveASTVisitor::TraverseTypeAliasTemplateDecl(
          d);
    });
  }
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *m) override {
    // A member of a class template defined outside it
    // (`template <class T> void C<T>::f() {}`) is the template's text too.
    if (m->isOutOfLine())
      if (const clang::ClassTemplateDecl *ct = ClassCopier::templateOf(
              llvm::dyn_cast<clang::CXXRecordDecl>(m->getDeclContext())))
        return within(ct, [&] {
          return clang::DynamicRecursiveASTVisitor::TraverseCXXMethodDecl(m);
        });
    return clang::DynamicRecursiveASTVisitor::TraverseCXXMethodDecl(m);
  }

  bool VisitClassTemplateSpecializationDecl(
      clang::ClassTemplateSpecializationDecl *spec) override {
    if (spec->getSpecializationKind() == clang::TSK_ExplicitSpecialization &&
        !llvm::isa<clang::ClassTemplatePartialSpecializationDecl>(spec))
      x.explicitSpecs.push_back(spec);
    else if (spec->isExplicitInstantiationOrSpecialization())
      x.block(spec->getSpecializedTemplate());
    return true;
  }
  bool VisitCXXConstructorDecl(clang::CXXConstructorDecl *ctor) override {
    addName(ctor->getParent(), ctor->getLocation());
    return true;
  }
  bool VisitCXXDestructorDecl(clang::CXXDestructorDecl *dtor) override {
    // The name after `~`.
    clang::SourceLocation at = dtor->getLocation();
    if (at.isFileID())
      if (std::optional<clang::Token> tok =
              clang::Lexer::findNextToken(at, x.sm, x.lo);
          tok && tok->is(clang::tok::raw_identifier))
        at = tok->getLocation();
    addName(dtor->getParent(), at);
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(
      clang::TemplateSpecializationTypeLoc tl) override {
    const auto *ct = llvm::dyn_cast_or_null<clang::ClassTemplateDecl>(
        tl.getTypePtr()->getTemplateName().getAsTemplateDecl());
    if (!ct || !x.src.isUserLocation(ct->getLocation()))
      return true;
    const clang::CXXRecordDecl *named =
        tl.getType()->isDependentType() &&
                !tl.getType()->getAs<clang::InjectedClassNameType>()
            ? nullptr
            : tl.getType()->getAsCXXRecordDecl();
    add(ct, tl.getTemplateNameLoc(), tl.getRAngleLoc(), named);
    return true;
  }
  bool
  VisitInjectedClassNameTypeLoc(clang::InjectedClassNameTypeLoc tl) override {
    addName(tl.getDecl(), tl.getNameLoc());
    return true;
  }
  bool VisitRecordTypeLoc(clang::RecordTypeLoc tl) override {
    const auto *record = llvm::dyn_cast<clang::CXXRecordDecl>(tl.getDecl());
    if (record && ClassCopier::templateOf(record))
      addName(record, tl.getNameLoc());
    return true;
  }
  bool VisitDeducedTemplateSpecializationTypeLoc(
      clang::DeducedTemplateSpecializationTypeLoc tl) override {
    // Class template argument deduction: not renamed.
    if (const auto *ct = llvm::dyn_cast_or_null<clang::ClassTemplateDecl>(
            tl.getTypePtr()->getTemplateName().getAsTemplateDecl()))
      x.block(ct);
    return true;
  }
  bool
  TraverseTemplateArgumentLoc(const clang::TemplateArgumentLoc &arg) override {
    // A class template passed as a template template argument.
    if (arg.getArgument().getKind() == clang::TemplateArgument::Template)
      if (const auto *ct = llvm::dyn_cast_or_null<clang::ClassTemplateDecl>(
              arg.getArgument().getAsTemplate().getAsTemplateDecl()))
        x.block(ct);
    return clang::DynamicRecursiveASTVisitor::TraverseTemplateArgumentLoc(arg);
  }

private:
  template <typename F> bool within(const clang::Decl *t, F traverse) {
    const clang::Decl *saved = current;
    current = t;
    bool result = traverse();
    current = saved;
    return result;
  }
  /// A use of the name of `record` (a specialization, or a template's own
  /// class inside its text) at `at`.
  void addName(const clang::CXXRecordDecl *record, clang::SourceLocation at) {
    if (record && record->isInjectedClassName())
      record = llvm::dyn_cast<clang::CXXRecordDecl>(record->getDeclContext());
    const clang::ClassTemplateDecl *ct = ClassCopier::templateOf(record);
    if (!ct || !x.src.isUserLocation(ct->getLocation()))
      return;
    add(ct, at, at, record);
  }
  void add(const clang::ClassTemplateDecl *ct, clang::SourceLocation begin,
           clang::SourceLocation end, const clang::CXXRecordDecl *named) {
    if (named && named->isInjectedClassName())
      named = llvm::dyn_cast<clang::CXXRecordDecl>(named->getDeclContext());
    x.uses.push_back({ct->getCanonicalDecl(), begin, end, named, current});
  }

  ClassCopier &x;
  const clang::Decl *current = nullptr;
};

} // namespace

std::optional<FileCharRange>
ClassCopier::declarationRange(const clang::ClassTemplateDecl *ct) const {
  clang::SourceLocation begin = ct->getBeginLoc(), end = ct->getEndLoc();
  if (!begin.isFileID() || !end.isFileID() ||
      sm.getFileID(begin) != sm.getFileID(end))
    return std::nullopt;
  std::optional<clang::Token> semi = clang::Lexer::findNextToken(end, sm, lo);
  if (!semi || !semi->is(clang::tok::semi))
    return std::nullopt;
  return FileCharRange{sm.getFileID(begin), sm.getFileOffset(begin),
                       sm.getFileOffset(semi->getEndLoc())};
}

bool ClassCopier::copyable(clang::ClassTemplateDecl *ct) {
  if (blocked.count(ct->getCanonicalDecl()) || !declarationRange(ct))
    return false;
  clang::TemplateParameterList *params = ct->getTemplateParameters();
  for (const clang::NamedDecl *param : *params)
    if (param->isTemplateParameterPack() ||
        llvm::isa<clang::TemplateTemplateParmDecl>(param))
      return false;
  if (!fileRange(params->getTemplateLoc(), params->getRAngleLoc()))
    return false;
  clang::CXXRecordDecl *pattern = ct->getTemplatedDecl();
  if (!fileRange(pattern->getLocation(), pattern->getLocation()))
    return false;
  for (const clang::Decl *member : pattern->decls()) {
    if (llvm::isa<clang::FunctionTemplateDecl, clang::ClassTemplateDecl,
                  clang::VarTemplateDecl, clang::TypeAliasTemplateDecl,
                  clang::FriendDecl>(member))
      return false;
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(member))
      if (!var->isConstexpr())
        return false;
    if (const auto *m = llvm::dyn_cast<clang::CXXMethodDecl>(member)) {
      if (m->isImplicit())
        continue;
      // A member defined outside the class: its definition is template
      // text that a copy of the class does not hold.
      if (const clang::FunctionDecl *def = m->getDefinition(); def && def != m)
        return false;
      if (m->doesThisDeclarationHaveABody() &&
          !memberDeclarationRange(sm, lo, m))
        return false;
    }
  }
  // Each specialization's arguments must be spelled in its copy.
  for (const clang::ClassTemplateSpecializationDecl *spec :
       ct->specializations()) {
    for (const clang::TemplateArgument &arg :
         spec->getTemplateArgs().asArray()) {
      std::string why;
      if (!spellTemplateArgument(src, printing, arg, why))
        return false;
    }
  }
  TemplateParamUses paramUses =
      findTemplateParamUses(src, pattern, params->getDepth());
  if (!paramUses.problems.empty())
    return false;
  // (A parameter used in a macro's body: its text is not the class's.)
  std::optional<FileCharRange> whole = declarationRange(ct);
  for (const TemplateParamUse &use : paramUses.uses)
    if (!whole->contains(use.range))
      return false;
  for (const clang::ClassTemplateSpecializationDecl *spec :
       ct->specializations())
    if (qualifiedPointerUse(paramUses, spec->getTemplateArgs()))
      return false; // `const T` with T a pointer
  return true;
}

void ClassCopier::checkUses() {
  for (const ClassUse &use : uses) {
    if (blocked.count(use.tmpl))
      continue;
    bool ownText = use.inTemplate == use.tmpl;
    bool self =
        use.named && use.named->getDescribedClassTemplate() &&
        use.named->getDescribedClassTemplate()->getCanonicalDecl() == use.tmpl;
    const auto *spec =
        llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
            use.named);
    bool ok =
        fileRange(use).has_value() &&
        ((ownText && (self || spec)) || (!use.inTemplate && spec && !self));
    if (!ok)
      block(use.tmpl);
  }
  for (const clang::ClassTemplateSpecializationDecl *spec : explicitSpecs) {
    const clang::ASTTemplateArgumentListInfo *written =
        spec->getTemplateArgsAsWritten();
    if (!written || !templateKeyword(spec) ||
        !fileRange(spec->getLocation(), written->getRAngleLoc()) ||
        !src.isUserLocation(spec->getLocation()))
      block(spec->getSpecializedTemplate());
  }
  for (const clang::ClassTemplateDecl *ct : declarations)
    if (!declarationRange(ct))
      block(ct);
}

bool ClassCopier::copy(clang::ClassTemplateDecl *ct, SourceEdits &edits) {
  std::optional<FileCharRange> range = declarationRange(ct);
  clang::TemplateParameterList *params = ct->getTemplateParameters();
  clang::CXXRecordDecl *pattern = ct->getTemplatedDecl();
  std::optional<FileCharRange> header =
      fileRange(params->getTemplateLoc(), params->getRAngleLoc());
  std::optional<FileCharRange> nameRange =
      fileRange(pattern->getLocation(), pattern->getLocation());
  TemplateParamUses paramUses =
      findTemplateParamUses(src, pattern, params->getDepth());
  std::string blanks = blankedText(sm, *header);
  // The member functions with a body in the class's text.
  std::vector<const clang::CXXMethodDecl *> defined;
  for (const clang::CXXMethodDecl *m : pattern->methods())
    if (!m->isImplicit() && m->doesThisDeclarationHaveABody() &&
        !m->isDefaulted() && !m->isDeleted())
      defined.push_back(m);

  std::string text;
  LaterCopies moved;
  for (clang::ClassTemplateSpecializationDecl *spec : ct->specializations()) {
    if (spec->getSpecializationKind() == clang::TSK_ExplicitSpecialization)
      continue; // its own text
    std::string name = nameOf(spec);
    // Edits of this copy, by their range (a constructor's name is also
    // the injected class name's use, say).
    std::map<std::pair<unsigned, unsigned>, std::string> copyEdits;
    auto edit = [&](const FileCharRange &r, std::string with) {
      copyEdits[{r.begin, r.end}] = std::move(with);
    };
    edit(*header, blanks); // (every edit is in `range`: copyable)
    edit(*nameRange, name);
    const clang::TemplateArgumentList &args = spec->getTemplateArgs();
    for (const TemplateParamUse &use : paramUses.uses) {
      std::string why;
      std::optional<std::string> spelled =
          spellTemplateArgument(src, printing, args.get(use.index), why);
      edit(use.range, argumentAt(use, *spelled));
    }
    for (const ClassUse &use : uses) {
      if (use.inTemplate != ct->getCanonicalDecl() ||
          use.tmpl != ct->getCanonicalDecl())
        continue; // (another template's name: copied in a later round)
      std::optional<FileCharRange> r = fileRange(use);
      if (!range->contains(*r))
        continue;
      const auto *named =
          llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(use.named);
      edit(*r, named ? nameOf(named) : name);
    }
    // A member function this specialization does not use has no
    // instantiated body: it is left out of the copy.
    llvm::DenseSet<const clang::FunctionDecl *> used;
    for (const clang::CXXMethodDecl *m : spec->methods())
      if (const clang::FunctionDecl *from =
              m->getInstantiatedFromMemberFunction();
          from && m->doesThisDeclarationHaveABody())
        used.insert(from->getCanonicalDecl());
    for (const clang::CXXMethodDecl *m : defined)
      if (!used.count(m->getCanonicalDecl()))
        edit(*memberDeclarationRange(sm, lo, m),
             "/* xfence: " +
                 (llvm::isa<clang::CXXConstructorDecl>(m)
                      ? std::string("a constructor")
                  : llvm::isa<clang::CXXDestructorDecl>(m)
                      ? std::string("the destructor")
                      : "member function '" + m->getNameAsString() + "'") +
                 " left out: this specialization does not use it */");
    std::vector<TextEdit> folds;
    std::pair<clang::SourceLocation, std::string> problem;
    if (!constexprIfEdits(src, spec, pattern, folds, problem)) {
      src.report(problem.first, clang::DiagnosticsEngine::Error,
                 problem.second);
      return false;
    }
    for (TextEdit &fold : folds)
      if (range->contains(fold.range))
        edit(fold.range, fold.text);
    SourceEdits copy(src, copyPolicy());
    for (auto &[at, with] : copyEdits)
      copy.replace({range->file, at.first, at.second}, with);
    FailureOr<std::string> copiedText = copy.applyWithin(*range);
    if (failed(copiedText))
      return false;
    std::string copyText =
        copyLineDirective(sm, ct->getBeginLoc()) + *copiedText;
    if (std::optional<CopyPlacement> later = laterCopyPlacement(
            src, ct->getBeginLoc(), spec->getTemplateArgs().asArray()))
      *moved.at(*later).second += copyText; // after a type the arguments name
    else
      text += copyText;
  }
  moved.write(edits, sm);
  if (text.empty() && moved.empty())
    text = "/* xfence: class template '" + pattern->getNameAsString() +
           "' left out: this file names no specialization of it */";
  text += copyLineDirective(sm, ct->getEndLoc());
  edits.replace(*range, std::move(text));
  return true;
}

FailureOr<ExpandedFiles> ClassCopier::run() {
  Collector collector(*this);
  collector.TraverseDecl(src.getContext().getTranslationUnitDecl());
  if (definitions.empty())
    return ExpandedFiles();
  for (clang::ClassTemplateDecl *ct : definitions)
    if (!copyable(ct))
      block(ct);
  // A template without a definition in the user's files is not copied.
  for (clang::ClassTemplateDecl *ct : declarations)
    if (!ct->getTemplatedDecl()->getDefinition())
      block(ct);
  checkUses();
  std::vector<clang::ClassTemplateDecl *> handled;
  for (clang::ClassTemplateDecl *ct : definitions)
    if (!blocked.count(ct->getCanonicalDecl()))
      handled.push_back(ct);
  if (handled.empty())
    return ExpandedFiles();
  // Names first: a copy renames uses of other specializations.
  for (clang::ClassTemplateDecl *ct : handled)
    for (clang::ClassTemplateSpecializationDecl *spec : ct->specializations())
      names[spec->getCanonicalDecl()] = mangleTemplateCopy(
          src, ct->getName(), spec->getTemplateArgs().asArray(), printing,
          [&](llvm::StringRef unique) {
            return llvm::any_of(
                names, [&](auto &entry) { return entry.second == unique; });
          });
  SourceEdits edits(src, copyPolicy());
  for (clang::ClassTemplateDecl *ct : handled)
    if (!copy(ct, edits))
      return failure();
  auto isHandled = [&](const clang::ClassTemplateDecl *ct) {
    return !blocked.count(ct->getCanonicalDecl());
  };
  for (clang::ClassTemplateSpecializationDecl *spec : explicitSpecs) {
    if (!isHandled(spec->getSpecializedTemplate()))
      continue;
    // `template <>` goes; `C<bool, 1>` is the copy's name.
    clang::SourceLocation keyword = *templateKeyword(spec);
    std::optional<clang::Token> close;
    for (clang::SourceLocation at = keyword;;) {
      close = clang::Lexer::findNextToken(at, sm, lo);
      if (!close || close->is(clang::tok::greater))
        break;
      at = close->getLocation();
    }
    std::optional<FileCharRange> templ = fileRange(keyword, keyword);
    if (!close)
      return failure();
    edits.replace(
        {templ->file, templ->begin, sm.getFileOffset(close->getEndLoc())}, "");
    edits.replace(*fileRange(spec->getLocation(),
                             spec->getTemplateArgsAsWritten()->getRAngleLoc()),
                  nameOf(spec));
  }
  // Uses outside the copied text, the explicit specializations' included.
  for (const ClassUse &use : uses)
    if (isHandled(use.tmpl) && use.inTemplate != use.tmpl)
      if (const auto *spec =
              llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(use.named))
        edits.replace(*fileRange(use), nameOf(spec));
  // Declarations without a body: the copies' declarations.
  for (clang::ClassTemplateDecl *ct : declarations) {
    if (!isHandled(ct))
      continue;
    std::string text;
    for (const clang::ClassTemplateSpecializationDecl *spec :
         ct->specializations())
      text += "struct " + nameOf(spec) + "; ";
    edits.replace(*declarationRange(ct),
                  text.empty() ? "/* xfence: class template declaration "
                                 "left out */"
                               : text);
  }
  FailureOr<std::vector<std::pair<clang::FileID, std::string>>> texts =
      edits.applyToFiles();
  if (failed(texts))
    return failure();
  return expandedFiles(sm, std::move(*texts));
}

FailureOr<ExpandedFiles> xfence::expandClassTemplates(ParsedSource &src) {
  return ClassCopier(src).run();
}
