//===- MemberFunctions.cpp - C++ member functions as free functions -------===//
//
// See MemberFunctions.h. The edits are made on the text of one parse and
// the result is CUDA again: plain structs, free functions and calls, which
// the translation proper then reads as it reads any CUDA code (the address
// space of `self` is inferred as any pointer parameter's).
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/MemberFunctions.h"

#include "frontends/common/SourceRanges.h"
#include "frontends/cuda/CudaAddressSpaces.h"
#include "frontends/cuda/CudaImporter.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/sources/cuda/OperatorFunctions.h"

#include "clang/AST/DeclFriend.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

using namespace xfence;
using clang::DiagnosticsEngine;
using mlir::failure;
using mlir::FailureOr;

namespace {

bool isHostMember(const clang::CXXMethodDecl *m);

/// The edits of this lowering, kept so that the text of a member function
/// can be copied with the edits inside it (SourceEdits::applyWithin takes
/// only those) and the files then rewritten with all of them.
class EditLog {
public:
  enum class Kind { Replace, Prefix, Suffix };
  void replace(const FileCharRange &range, std::string text) {
    log.push_back({Kind::Replace, range, std::move(text)});
  }
  void insertBefore(const FileCharRange &owner, std::string text) {
    log.push_back({Kind::Prefix, owner, std::move(text)});
  }
  void insertAfter(const FileCharRange &owner, std::string text) {
    log.push_back({Kind::Suffix, owner, std::move(text)});
  }
  /// Adds the edits that `keep` accepts to `edits`.
  void addTo(SourceEdits &edits,
             llvm::function_ref<bool(const FileCharRange &)> keep) const {
    for (const Entry &e : log) {
      if (!keep(e.range))
        continue;
      switch (e.kind) {
      case Kind::Replace:
        edits.replace(e.range, e.text);
        break;
      case Kind::Prefix:
        edits.insertBefore(e.range, e.text);
        break;
      case Kind::Suffix:
        edits.insertAfter(e.range, e.text);
        break;
      }
    }
  }

private:
  struct Entry {
    Kind kind;
    FileCharRange range;
    std::string text;
  };
  std::vector<Entry> log;
};

/// A struct or class whose member functions become free functions.
struct LoweredRecord {
  clang::CXXRecordDecl *decl;
  /// Its name in C: the tag, or the typedef's of an unnamed one.
  std::string name;
};

class MemberLowering {
public:
  explicit MemberLowering(ParsedSource &src)
      : src(src), sm(src.getSourceManager()), lo(src.getLangOpts()) {}

  FailureOr<ExpandedFiles> run();

  bool error(clang::SourceLocation loc, const llvm::Twine &message) {
    src.report(loc, DiagnosticsEngine::Error, message.str());
    hadError = true;
    return true;
  }

  /// The lowered record that `method` belongs to, or null.
  const LoweredRecord *recordOf(const clang::CXXMethodDecl *method) const {
    if (isHostMember(method))
      return nullptr; // host code: stays in its class
    auto it = index.find(method->getParent()->getCanonicalDecl());
    return it == index.end() ? nullptr : &records[it->second];
  }
  /// The free function a member function of a lowered record becomes.
  const std::string &nameOf(const clang::CXXMethodDecl *method) const {
    return names.find(method->getCanonicalDecl())->second;
  }
  /// The name of `self` in `method` (`xfence_self` where the member
  /// function has a variable named `self`).
  std::string selfOf(const clang::CXXMethodDecl *method) const {
    return selfNames.lookup(method->getCanonicalDecl());
  }
  /// Whether `self` of `method` is a const reference rather than a
  /// pointer: a const operator, whose left operand may be a temporary
  /// (`(a + b) * c`), which C++ binds to a const reference (the
  /// translation then passes a temporary's copy, as for any const
  /// reference parameter).
  static bool selfByReference(const clang::CXXMethodDecl *method) {
    return method->isOverloadedOperator() && method->isConst() &&
           method->getOverloadedOperator() != clang::OO_Call;
  }
  /// `self` as a pointer, and the prefix of a member through it.
  std::string selfPointer(const clang::CXXMethodDecl *method) const {
    return selfByReference(method) ? "(&" + selfOf(method) + ")"
                                   : selfOf(method);
  }
  std::string selfMember(const clang::CXXMethodDecl *method) const {
    return selfOf(method) + (selfByReference(method) ? "." : "->");
  }

  std::optional<FileCharRange> rangeOf(clang::SourceRange range) {
    return findRewriteRange(sm, lo, range);
  }
  /// The text of the token at `loc`; nothing (and an error) where it
  /// cannot be rewritten (a macro's).
  std::optional<FileCharRange> tokenText(clang::SourceLocation loc) {
    std::optional<FileCharRange> r = rangeOf({loc, loc});
    if (!r)
      error(loc, "cannot rewrite this text for a member function (written "
                 "in a macro?)");
    return r;
  }
  bool replaceToken(clang::SourceLocation loc, std::string text) {
    std::optional<FileCharRange> r = tokenText(loc);
    if (r)
      edits.replace(*r, std::move(text));
    return r.has_value();
  }
  bool insertBefore(clang::SourceLocation loc, std::string text) {
    std::optional<FileCharRange> r = tokenText(loc);
    if (r)
      edits.insertBefore(*r, std::move(text));
    return r.has_value();
  }
  bool insertAfter(clang::SourceLocation loc, std::string text) {
    std::optional<FileCharRange> r = tokenText(loc);
    if (r)
      edits.insertAfter(*r, std::move(text));
    return r.has_value();
  }
  /// Where the text at `loc` is written: in a macro's argument, there;
  /// else where the macro is used.
  clang::SourceLocation fileLoc(clang::SourceLocation loc) const {
    while (loc.isMacroID() && sm.isMacroArgExpansion(loc))
      loc = sm.getImmediateSpellingLoc(loc);
    return sm.getExpansionLoc(loc);
  }
  /// Whether the text at `loc` is written in a file or a macro's argument
  /// (not in a macro's body, which other uses share).
  bool writtenInFile(clang::SourceLocation loc) const {
    while (loc.isMacroID()) {
      if (!sm.isMacroArgExpansion(loc))
        return false;
      loc = sm.getImmediateSpellingLoc(loc);
    }
    return true;
  }
  /// The first token after the text at `loc`.
  std::optional<clang::Token> next(clang::SourceLocation loc) const {
    return clang::Lexer::findNextToken(fileLoc(loc), sm, lo);
  }

  /// The text of a member function declaration, with the attributes
  /// written before it (`__device__ int f()`) and its `;`.
  /// The type of a member of `record` (or of a member's member) whose
  /// default construction calls a constructor this lowering writes as a
  /// function, if one is.
  const clang::CXXRecordDecl *
  loweredMemberConstructor(const clang::CXXRecordDecl *record,
                           unsigned depth = 0) const {
    if (!record || !record->hasDefinition() || depth > 8)
      return nullptr;
    for (const clang::FieldDecl *field : record->fields()) {
      const clang::CXXRecordDecl *member =
          field->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
      if (!member || !member->hasDefinition())
        continue;
      for (const clang::CXXConstructorDecl *ctor : member->ctors())
        if (ctor->isDefaultConstructor() &&
            names.count(ctor->getCanonicalDecl()))
          return member;
      if (const clang::CXXRecordDecl *inner =
              loweredMemberConstructor(member, depth + 1))
        return inner;
    }
    return nullptr;
  }
  std::optional<FileCharRange> declRange(const clang::CXXMethodDecl *m) {
    return memberDeclarationRange(sm, lo, m);
  }
  /// The end of a member function's signature: its body's `{`, its
  /// initializers' `:`, its `= default`, or its `;`.
  clang::SourceLocation signatureEnd(const clang::CXXMethodDecl *m);

  void rewriteDeclaration(clang::CXXMethodDecl *m);
  void rewriteConstructorBody(clang::CXXConstructorDecl *ctor,
                              const LoweredRecord &record);
  void moveMembers(const LoweredRecord &record);
  std::string lineDirective(clang::SourceLocation loc) const;
  bool lowerable(clang::CXXRecordDecl *record, std::string &name);
  /// Records that would be lowered but that a library or a template's
  /// instantiation uses (UseAudit).
  llvm::DenseSet<const clang::CXXRecordDecl *> excluded;
  /// Host code in a lowered class (member functions, friends) whose body
  /// calls a device member function, which moves after the class: it stays
  /// a declaration (the translation leaves host code out in any case).
  llvm::DenseSet<const clang::FunctionDecl *> declaredOnly;
  void declareOnly(const clang::FunctionDecl *fn);
  /// Member functions that keep a host declaration in their class: host
  /// templates' instantiations call them.
  llvm::DenseSet<const clang::CXXMethodDecl *> hostDeclared;
  /// The host declaration of `m` (no attributes: a host function), or
  /// nothing where a type has no spelling to write.
  std::optional<std::string> hostDeclaration(const clang::CXXMethodDecl *m);

  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  EditLog edits;
  bool hadError = false;
  std::vector<LoweredRecord> records;
  llvm::DenseMap<const clang::CXXRecordDecl *, unsigned> index;
  llvm::DenseMap<const clang::FunctionDecl *, std::string> names;
  llvm::DenseMap<const clang::FunctionDecl *, std::string> selfNames;

  /// The text of `range` with the edits inside it.
  FailureOr<std::string> copyText(const FileCharRange &range) {
    SourceEdits copy(src, copyPolicy());
    edits.addTo(copy,
                [&](const FileCharRange &r) { return range.contains(r); });
    return copy.applyWithin(range);
  }

private:
};

/// Whether a member function is one this lowering writes.
bool isLowerableMethod(const clang::CXXMethodDecl *m, std::string &why) {
  if (m->isVirtual())
    return why = "a virtual function", false;
  if (m->isDefaulted() || m->isDeleted())
    return true; // the declaration goes
  if (llvm::isa<clang::CXXDestructorDecl>(m))
    return why = "a destructor", false;
  if (llvm::isa<clang::CXXConversionDecl>(m))
    return why = "a conversion function", false;
  if (const auto *ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(m)) {
    if (ctor->isCopyOrMoveConstructor())
      return why = "a copy or move constructor", false;
    for (const clang::CXXCtorInitializer *init : ctor->inits())
      if (init->isWritten() && !init->isMemberInitializer())
        return why = "a base or delegating constructor initializer", false;
  }
  if (m->isOverloadedOperator() &&
      m->getOverloadedOperator() != clang::OO_Call &&
      !operatorWord(m->getOverloadedOperator(), m->getNumParams() == 0))
    return why = "an operator other than (), an arithmetic, comparison or "
                 "compound assignment one",
           false;
  if (m->getRefQualifier() != clang::RQ_None ||
      m->getMethodQualifiers().hasVolatile())
    return why = "a ref- or volatile-qualified member function", false;
  return true;
}

/// A member function that only the host calls (neither __device__ nor
/// __global__; not a defaulted or deleted one): host code, which stays in
/// its class and is left out with the host code.
bool isHostMember(const clang::CXXMethodDecl *m) {
  return !m->isDefaulted() && !m->isDeleted() && isHostOnlyFunction(m);
}

/// A friend function (or function template) that only the host calls.
bool isHostFriend(const clang::Decl *member) {
  const clang::FunctionDecl *fn = friendFunction(member);
  return fn && isHostOnlyFunction(fn);
}

/// Whether `d`'s text (host code that stays in its class) uses a member
/// function of `record` that the lowering moves out of it, and which would
/// then be named before its declaration.
bool callsDeviceMember(const clang::Decl *d,
                       const clang::CXXRecordDecl *record) {
  struct Finder : clang::DynamicRecursiveASTVisitor {
    const clang::CXXRecordDecl *record;
    bool found = false;
    void check(const clang::Decl *used) {
      if (const auto *m = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(used))
        found |= m->getParent()->getCanonicalDecl() == record &&
                 !m->isImplicit() && !isHostMember(m);
    }
    bool VisitMemberExpr(clang::MemberExpr *e) override {
      check(e->getMemberDecl());
      return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr *e) override {
      check(e->getDecl());
      return true;
    }
    bool VisitCXXConstructExpr(clang::CXXConstructExpr *e) override {
      check(e->getConstructor());
      return true;
    }
  } finder;
  finder.record = record->getCanonicalDecl();
  finder.TraverseDecl(const_cast<clang::Decl *>(d));
  return finder.found;
}

/// Whether host code in a class (a member function or a friend) can stay
/// there as a declaration without its body: its return type is written and
/// nothing needs its value at compile time. Its body may then name the
/// device member functions that the lowering moves after the class.
bool canDeclareOnly(const clang::FunctionDecl *fn) {
  return fn && !fn->isConstexpr() &&
         !fn->getReturnType()->getContainedDeducedType() &&
         !fn->isDefaulted() && !fn->isDeleted();
}

/// Whether `record` has a `__device__` (or `__global__`) member function.
bool hasDeviceMember(const clang::CXXRecordDecl *record) {
  for (const clang::Decl *member : record->decls())
    if (const auto *m = llvm::dyn_cast<clang::CXXMethodDecl>(member);
        m && !m->isImplicit() &&
        (m->hasAttr<clang::CUDADeviceAttr>() ||
         m->hasAttr<clang::CUDAGlobalAttr>()))
      return true;
  return false;
}

} // namespace

std::optional<MemberLoweringObstacle>
xfence::memberLoweringObstacle(const clang::CXXRecordDecl *record) {
  auto obstacle = [](clang::SourceLocation at, std::string why) {
    return MemberLoweringObstacle{at, std::move(why)};
  };
  if (record->getNumBases())
    return obstacle(record->getLocation(), "base classes");
  if (record->isPolymorphic()) {
    for (const clang::CXXMethodDecl *m : record->methods())
      if (m->isVirtual())
        return obstacle(m->getLocation(), "virtual functions");
    return obstacle(record->getLocation(), "virtual functions");
  }
  bool constructor = false, hostConstructor = false, initializers = false;
  std::string why;
  for (const clang::Decl *member : record->decls()) {
    if (member->isImplicit() ||
        llvm::isa<clang::AccessSpecDecl, clang::StaticAssertDecl>(member))
      continue;
    if (const auto *field = llvm::dyn_cast<clang::FieldDecl>(member)) {
      if (field->hasInClassInitializer())
        initializers = true;
      if (field->getDeclName().isEmpty())
        return obstacle(field->getLocation(), "an unnamed member");
      continue;
    }
    if (const auto *m = llvm::dyn_cast<clang::CXXMethodDecl>(member)) {
      if (llvm::isa<clang::CXXConstructorDecl>(m) && !m->isDefaulted() &&
          !m->isDeleted())
        (isHostMember(m) ? hostConstructor : constructor) = true;
      // Host code (an operator==, a constructor of the host's, ...) stays
      // in the class; the translation leaves it out with the host code.
      if (!isHostMember(m) && !isLowerableMethod(m, why))
        return obstacle(m->getLocation(), why);
      if (isHostMember(m) && callsDeviceMember(m, record) &&
          !canDeclareOnly(m))
        return obstacle(m->getLocation(),
                        "host code in the class that calls a device member "
                        "function and cannot be only declared (its return "
                        "type is deduced or it is constexpr)");
      continue;
    }
    if (isHostFriend(member)) {
      if (callsDeviceMember(member, record) &&
          !canDeclareOnly(friendFunction(member)))
        return obstacle(member->getLocation(),
                        "host code in the class that calls a device member "
                        "function and cannot be only declared (its return "
                        "type is deduced or it is constexpr)");
      continue;
    }
    if (llvm::isa<clang::FunctionTemplateDecl>(member))
      return obstacle(member->getLocation(), "a member template");
    if (llvm::isa<clang::VarDecl>(member))
      return obstacle(member->getLocation(), "a static data member");
    if (llvm::isa<clang::TypeDecl>(member))
      return obstacle(member->getLocation(), "a nested type");
    if (llvm::isa<clang::FriendDecl>(member))
      return obstacle(member->getLocation(), "a friend of the device");
    return obstacle(member->getLocation(),
                    "a member other than data and member functions");
  }
  // A constructor builds its object in a default-constructed local, which a
  // constructor of the host's would stand in the way of.
  if (constructor && hostConstructor)
    return obstacle(record->getLocation(),
                    "constructors of both the host and the device");
  if (initializers && !constructor)
    return obstacle(record->getLocation(),
                    "default member initializers but no constructor");
  if (!record->getIdentifier() && !record->getTypedefNameForAnonDecl())
    return obstacle(record->getLocation(), "no name");
  return std::nullopt;
}

bool MemberLowering::lowerable(clang::CXXRecordDecl *record,
                               std::string &name) {
  if (excluded.count(record->getCanonicalDecl()) ||
      !record->isThisDeclarationADefinition() || record->isLambda() ||
      record->isUnion() || record->getDescribedClassTemplate() ||
      llvm::isa<clang::ClassTemplateSpecializationDecl>(record) ||
      record->isDependentContext() ||
      !record->getDeclContext()->getRedeclContext()->isFileContext() ||
      !src.isUserLocation(record->getLocation()))
    return false;
  if (!hasDeviceMember(record))
    return false;
  // A class this does not lower is left to the translation, which
  // reports it (with the obstacle).
  if (memberLoweringObstacle(record))
    return false;
  if (record->getIdentifier())
    name = record->getName().str();
  else
    name = record->getTypedefNameForAnonDecl()->getName().str();
  return true;
}

void MemberLowering::declareOnly(const clang::FunctionDecl *fn) {
  const clang::Stmt *body = fn->getBody();
  clang::SourceLocation begin = body->getBeginLoc();
  if (const auto *m = llvm::dyn_cast<clang::CXXMethodDecl>(fn))
    begin = signatureEnd(m); // a constructor's `:` and initializers too
  std::optional<FileCharRange> text = rangeOf({begin, body->getEndLoc()});
  if (!text) {
    error(fn->getLocation(), "cannot rewrite this host code of a class "
                             "whose member functions xfence lowers (written "
                             "in a macro?)");
    return;
  }
  edits.replace(*text, ";");
  declaredOnly.insert(fn);
}

std::string MemberLowering::lineDirective(clang::SourceLocation loc) const {
  return copyLineDirective(sm, loc);
}

std::optional<FileCharRange>
xfence::memberDeclarationRange(const clang::SourceManager &sm,
                               const clang::LangOptions &lo,
                               const clang::CXXMethodDecl *m) {
  clang::SourceLocation begin = sm.getExpansionLoc(m->getBeginLoc());
  for (const clang::Attr *attr : m->attrs()) {
    if (attr->isImplicit() || attr->isInherited() ||
        attr->getLocation().isInvalid())
      continue;
    clang::SourceLocation at = sm.getExpansionLoc(attr->getLocation());
    if (sm.getFileID(at) == sm.getFileID(begin) &&
        sm.isBeforeInTranslationUnit(at, begin))
      begin = at;
  }
  clang::SourceLocation last = sm.getExpansionRange(m->getEndLoc()).getEnd();
  if (sm.getFileID(begin) != sm.getFileID(last))
    return std::nullopt;
  if (!m->doesThisDeclarationHaveABody() || m->isDefaulted() || m->isDeleted())
    if (std::optional<clang::Token> semi =
            clang::Lexer::findNextToken(last, sm, lo);
        semi && semi->is(clang::tok::semi))
      last = semi->getLocation();
  return FileCharRange{sm.getFileID(begin), sm.getFileOffset(begin),
                       sm.getFileOffset(last) +
                           clang::Lexer::MeasureTokenLength(last, sm, lo)};
}

clang::SourceLocation
MemberLowering::signatureEnd(const clang::CXXMethodDecl *m) {
  if (const auto *ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(m))
    for (const clang::CXXCtorInitializer *init : ctor->inits())
      if (init->isWritten()) {
        // The `:` before the first initializer.
        clang::SourceLocation at = init->getSourceLocation();
        clang::FunctionTypeLoc type =
            m->getTypeSourceInfo()
                ->getTypeLoc()
                .getAsAdjusted<clang::FunctionTypeLoc>();
        for (std::optional<clang::Token> tok = next(type.getRParenLoc());
             tok && sm.isBeforeInTranslationUnit(tok->getLocation(), at);
             tok = next(tok->getLocation()))
          if (tok->is(clang::tok::colon))
            return tok->getLocation();
        return at;
      }
  if (m->doesThisDeclarationHaveABody() && m->getBody())
    return m->getBody()->getBeginLoc();
  clang::SourceLocation last = sm.getExpansionRange(m->getEndLoc()).getEnd();
  std::optional<clang::Token> after = next(last);
  return after ? after->getLocation() : last;
}

void MemberLowering::rewriteDeclaration(clang::CXXMethodDecl *m) {
  const LoweredRecord *record = recordOf(m);
  if (m->isDefaulted() || m->isDeleted())
    return; // the declaration goes (moveMembers)
  const std::string &name = nameOf(m);
  bool ctor = llvm::isa<clang::CXXConstructorDecl>(m);
  // The name, with the class's qualifier of a definition outside it.
  clang::SourceLocation nameBegin = m->getNameInfo().getBeginLoc();
  if (clang::NestedNameSpecifierLoc q = m->getQualifierLoc())
    nameBegin = q.getBeginLoc();
  std::optional<FileCharRange> nameText =
      rangeOf({nameBegin, m->getNameInfo().getEndLoc()});
  if (!nameText)
    return (void)error(m->getLocation(), "cannot rewrite the name of this "
                                         "member function (written in a "
                                         "macro?)");
  edits.replace(*nameText, (ctor ? record->name + " " : std::string()) + name);
  // `static` and `explicit` in the class: the free function's linkage is
  // the file's, and it converts nothing.
  if (m->getLexicalDeclContext() == m->getParent()) {
    clang::SourceLocation at = sm.getExpansionLoc(m->getBeginLoc());
    clang::SourceLocation stop = sm.getExpansionLoc(nameBegin);
    while (at.isValid() && sm.isBeforeInTranslationUnit(at, stop)) {
      clang::Token tok;
      if (clang::Lexer::getRawToken(at, tok, sm, lo, true))
        break;
      if (tok.is(clang::tok::raw_identifier) &&
          (tok.getRawIdentifier() == "static" ||
           tok.getRawIdentifier() == "explicit"))
        replaceToken(at, "");
      std::optional<clang::Token> after = next(at);
      if (!after)
        break;
      at = after->getLocation();
    }
  }
  clang::FunctionTypeLoc type = m->getTypeSourceInfo()
                                    ->getTypeLoc()
                                    .getAsAdjusted<clang::FunctionTypeLoc>();
  if (!type)
    return (void)error(m->getLocation(), "cannot rewrite this member "
                                         "function's parameters");
  if (!m->isStatic() && !ctor) {
    std::string self = (m->isConst() ? "const " : "") + record->name +
                       (selfByReference(m) ? " &" : " *") + selfOf(m);
    std::optional<clang::Token> first = next(type.getLParenLoc());
    if (!m->getNumParams() && first && first->is(clang::tok::raw_identifier) &&
        first->getRawIdentifier() == "void")
      replaceToken(first->getLocation(), self); // `f(void)`
    else
      insertAfter(type.getLParenLoc(), self + (m->getNumParams() ? ", " : ""));
  }
  // `const` after the parameters goes: `self` points to const.
  if (m->isConst())
    for (std::optional<clang::Token> tok = next(type.getRParenLoc());
         tok &&
         !tok->isOneOf(clang::tok::l_brace, clang::tok::semi, clang::tok::colon,
                       clang::tok::equal, clang::tok::eof);
         tok = next(tok->getLocation()))
      if (tok->is(clang::tok::raw_identifier) &&
          tok->getRawIdentifier() == "const") {
        replaceToken(tok->getLocation(), "");
        break;
      }
  if (ctor && m->doesThisDeclarationHaveABody())
    rewriteConstructorBody(llvm::cast<clang::CXXConstructorDecl>(m), *record);
}

void MemberLowering::rewriteConstructorBody(clang::CXXConstructorDecl *ctor,
                                            const LoweredRecord &record) {
  auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(ctor->getBody());
  if (!body)
    return (void)error(ctor->getLocation(), "cannot rewrite this "
                                            "constructor (a function try "
                                            "block?)");
  std::string self = selfOf(ctor);
  std::string open = "{ " + record.name + " xfence_object; " + record.name +
                     " *" + self + " = &xfence_object; ";
  // The members that the default member initializers set, where the
  // constructor's initializers do not.
  // C++ initializes the members in their declaration order, whatever the
  // order of the initializers: the assignments keep it, the written ones
  // in their place and the default member initializers before or after
  // them; an order the assignments cannot keep is refused.
  llvm::SmallPtrSet<const clang::FieldDecl *, 8> initialized;
  const clang::CXXCtorInitializer *last = nullptr;
  int lastOrder = -1, firstWritten = -1, lastWritten = -1;
  // (inits() is in the members' order; getSourceOrder() is the written.)
  for (const clang::CXXCtorInitializer *init : ctor->inits())
    if (init->isWritten()) {
      int index = init->getMember()->getFieldIndex();
      if (init->getSourceOrder() < lastOrder)
        return (void)error(init->getSourceLocation(),
                           "the member initializers of this constructor are "
                           "not in the members' order, which C++ "
                           "initializes them in; write them in that order");
      lastOrder = init->getSourceOrder();
      if (firstWritten < 0)
        firstWritten = index;
      lastWritten = index;
      initialized.insert(init->getMember());
      last = init;
    }
  // A member that C++ constructs without a written initializer, by a
  // constructor that the lowering makes a function: nothing would call it.
  for (const clang::CXXCtorInitializer *init : ctor->inits())
    if (!init->isWritten() && init->getMember() && init->getInit())
      if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(
              init->getInit()->IgnoreImplicit());
          construct && construct->getConstructor() &&
          (names.count(construct->getConstructor()->getCanonicalDecl()) ||
           (construct->getConstructor()->isImplicit() &&
            !construct->getConstructor()->isTrivial() &&
            loweredMemberConstructor(
                construct->getConstructor()->getParent()))))
        return (void)error(init->getMember()->getLocation(),
                           "this member is constructed by a constructor "
                           "that xfence writes as a function, which the "
                           "lowered constructor of '" +
                               record.name +
                               "' would not call; initialize the member in "
                               "the constructor's initializer list");
  // `this` other than for a member: the object is built in a local and
  // returned (copied), so its address would not be the object's.
  struct ThisUses : clang::DynamicRecursiveASTVisitor {
    clang::SourceLocation other;
    bool TraverseMemberExpr(clang::MemberExpr *e) override {
      if (llvm::isa<clang::CXXThisExpr>(e->getBase()->IgnoreParenImpCasts()))
        return true; // `this->x`, `x`
      return clang::DynamicRecursiveASTVisitor::TraverseMemberExpr(e);
    }
    bool VisitCXXThisExpr(clang::CXXThisExpr *e) override {
      if (other.isInvalid())
        other = e->getLocation();
      return true;
    }
  } thisUses;
  thisUses.TraverseStmt(body);
  if (thisUses.other.isValid())
    return (void)error(thisUses.other,
                       "a constructor that uses 'this' other than for its "
                       "members has no form that xfence writes (the object "
                       "is built in a local and returned)");
  // The default member initializers of the members declared before the
  // first written one, and of those after the last.
  std::string before, after;
  for (const clang::FieldDecl *field : record.decl->fields()) {
    if (!field->hasInClassInitializer() || initialized.count(field))
      continue;
    int index = field->getFieldIndex();
    if (firstWritten >= 0 && index > firstWritten && index < lastWritten)
      return (void)error(field->getLocation(),
                         "this default member initializer falls between the "
                         "members a constructor initializes, an order that "
                         "xfence does not write; initialize it in the "
                         "constructor");
    std::string &defaults =
        firstWritten >= 0 && index > lastWritten ? after : before;
    const clang::Expr *value = field->getInClassInitializer();
    clang::CharSourceRange text = clang::Lexer::makeFileCharRange(
        clang::CharSourceRange::getTokenRange(value->getSourceRange()), sm, lo);
    if (text.isInvalid())
      return (void)error(field->getLocation(),
                         "cannot copy this default member initializer into "
                         "the constructor (written in a macro?)");
    std::string init = clang::Lexer::getSourceText(text, sm, lo).str();
    if (llvm::isa<clang::InitListExpr>(value->IgnoreImplicit()))
      return (void)error(field->getLocation(),
                         "a braced default member initializer has no form "
                         "that xfence writes in the constructor; write "
                         "`= value`");
    defaults += self + "->" + field->getName().str() + " = (" + init + "); ";
  }
  if (last) {
    clang::SourceLocation colon = signatureEnd(ctor);
    if (!replaceToken(colon, open + before))
      return;
    for (const clang::CXXCtorInitializer *init : ctor->inits()) {
      if (!init->isWritten())
        continue;
      const clang::FieldDecl *field = init->getMember();
      std::string to = self + "->" + field->getName().str() + " = ";
      // A member of a lowered class built by its constructor.
      if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(
              init->getInit()->IgnoreImplicit())) {
        const clang::CXXConstructorDecl *built = construct->getConstructor();
        if (names.count(built->getCanonicalDecl()))
          to += nameOf(built);
        else if (construct->getNumArgs() != 1)
          return (void)error(init->getSourceLocation(),
                             "this member initializer has no form that "
                             "xfence writes as an assignment; give one "
                             "value");
      } else if (llvm::isa<clang::InitListExpr>(
                     init->getInit()->IgnoreImplicit()) ||
                 llvm::isa<clang::ParenListExpr>(init->getInit())) {
        return (void)error(init->getSourceLocation(),
                           "this member initializer has no form that xfence "
                           "writes as an assignment; give one value");
      }
      if (!replaceToken(init->getMemberLocation(), to))
        return;
      clang::SourceLocation lparen = init->getLParenLoc();
      clang::SourceLocation rparen = init->getRParenLoc();
      std::optional<clang::Token> brace =
          clang::Lexer::findNextToken(init->getMemberLocation(), sm, lo);
      if (brace && brace->is(clang::tok::l_brace)) {
        lparen = brace->getLocation();
        replaceToken(lparen, "(");
        replaceToken(rparen, ")");
      }
      std::optional<clang::Token> after = next(rparen);
      if (after && after->is(clang::tok::comma))
        replaceToken(after->getLocation(), ";");
      else
        insertAfter(rparen, ";");
    }
    replaceToken(body->getLBracLoc(), " " + after);
  } else {
    replaceToken(body->getLBracLoc(), open + before);
  }
  insertBefore(body->getRBracLoc(), " return xfence_object; ");
  // `return;` in the constructor returns the object.
  struct Returns : clang::DynamicRecursiveASTVisitor {
    MemberLowering &x;
    explicit Returns(MemberLowering &x) : x(x) {}
    bool VisitReturnStmt(clang::ReturnStmt *r) override {
      if (!r->getRetValue())
        x.replaceToken(r->getReturnLoc(), "return xfence_object");
      return true;
    }
    bool TraverseLambdaExpr(clang::LambdaExpr *) override { return true; }
  } returns(*this);
  returns.TraverseStmt(body);
}

namespace {

/// Rewrites the uses of the lowered records' member functions and, inside
/// the member functions, of `this` and the members.
class UseRewriter : public clang::DynamicRecursiveASTVisitor {
public:
  explicit UseRewriter(MemberLowering &x) : x(x) {}

  bool TraverseDecl(clang::Decl *d) override {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) &&
        !x.src.isUserLocation(d->getLocation()))
      return true;
    if (d && x.declaredOnly.count(
                 friendFunction(d) ? friendFunction(d)
                                   : llvm::dyn_cast<clang::FunctionDecl>(d)))
      return true; // its body goes
    const clang::CXXMethodDecl *saved = method;
    if (auto *m = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(d))
      method = x.recordOf(m) ? m : nullptr;
    else if (d && llvm::isa<clang::FunctionDecl>(d))
      method = nullptr;
    bool result = clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
    method = saved;
    return result;
  }

  bool VisitCXXThisExpr(clang::CXXThisExpr *e) override {
    if (!method || e->isImplicit())
      return true;
    x.replaceToken(e->getLocation(), x.selfPointer(method));
    return true;
  }

  bool VisitMemberExpr(clang::MemberExpr *e) override {
    // `x` for `this->x` in a member function: `self->x`.
    if (!method || !llvm::isa<clang::FieldDecl>(e->getMemberDecl()) ||
        !e->isImplicitAccess())
      return true;
    x.insertBefore(e->getMemberLoc(), x.selfMember(method));
    return true;
  }

  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *call) override {
    const clang::CXXMethodDecl *callee = call->getMethodDecl();
    if (!callee || !x.recordOf(callee))
      return true;
    const auto *member =
        llvm::dyn_cast<clang::MemberExpr>(call->getCallee()->IgnoreParens());
    if (!member)
      return x.error(call->getBeginLoc(), "cannot rewrite this call of a "
                                          "member function");
    const std::string &name = x.nameOf(callee);
    bool args = call->getNumArgs() > 0;
    std::optional<clang::Token> lparen =
        x.next(member->getMemberNameInfo().getEndLoc());
    if (!x.writtenInFile(member->getMemberLoc()) ||
        (!member->isImplicitAccess() &&
         !x.writtenInFile(member->getOperatorLoc())) ||
        !lparen || !lparen->is(clang::tok::l_paren))
      return x.error(call->getBeginLoc(), "cannot rewrite this call of a "
                                          "member function (written in a "
                                          "macro?)");
    if (member->isImplicitAccess()) {
      // `next()` in a member function: `R_next(self)`.
      std::optional<FileCharRange> text =
          x.rangeOf(member->getMemberNameInfo().getSourceRange());
      if (!text || !method)
        return x.error(call->getBeginLoc(), "cannot rewrite this call of a "
                                            "member function");
      x.edits.replace(*text, name);
      x.insertAfter(lparen->getLocation(),
                    x.selfPointer(method) + (args ? ", " : ""));
      return true;
    }
    const clang::Expr *object = member->getBase();
    if (!member->isArrow() && !object->isLValue())
      return x.error(call->getBeginLoc(),
                     "a member function called on a temporary has no form "
                     "that xfence writes; call it on a variable");
    std::optional<FileCharRange> objectText =
        x.rangeOf(object->getSourceRange());
    std::optional<FileCharRange> between =
        x.rangeOf({x.fileLoc(member->getOperatorLoc()), lparen->getLocation()});
    if (!objectText || !between)
      return x.error(call->getBeginLoc(), "cannot rewrite this call of a "
                                          "member function (written in a "
                                          "macro?)");
    x.edits.insertBefore(*objectText,
                         name + (member->isArrow() ? "((" : "(&("));
    x.edits.replace(*between, std::string(")") + (args ? ", " : ""));
    return true;
  }

  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *call) override {
    const auto *callee =
        llvm::dyn_cast_or_null<clang::CXXMethodDecl>(call->getDirectCallee());
    if (!callee || !x.recordOf(callee))
      return true;
    if (call->getOperator() != clang::OO_Call)
      return rewriteOperator(call, callee);
    // `f(a)` of a functor: `R_call(&(f), a)`.
    const clang::Expr *object = call->getArg(0);
    if (!object->isLValue())
      return x.error(call->getBeginLoc(),
                     "a functor called as a temporary has no form that "
                     "xfence writes; call it on a variable");
    std::optional<FileCharRange> objectText =
        x.rangeOf(object->getSourceRange());
    std::optional<clang::Token> lparen = x.next(object->getEndLoc());
    if (!x.writtenInFile(object->getEndLoc()) ||
        !x.writtenInFile(call->getOperatorLoc()))
      lparen.reset();
    if (!objectText || !lparen || !lparen->is(clang::tok::l_paren))
      return x.error(call->getBeginLoc(), "cannot rewrite this call of a "
                                          "functor (written in a macro?)");
    x.edits.insertBefore(*objectText, x.nameOf(callee) + "(&(");
    x.replaceToken(lparen->getLocation(),
                   std::string(")") + (call->getNumArgs() > 1 ? ", " : ""));
    return true;
  }

  /// `a * b` of a member operator: `R_operator_mul(a, b)` where `self` is a
  /// const reference, `R_operator_add_assign(&(a), b)` where it is a
  /// pointer; `-a`, `a++` alike.
  bool rewriteOperator(clang::CXXOperatorCallExpr *call,
                       const clang::CXXMethodDecl *callee) {
    clang::SourceLocation at = call->getOperatorLoc();
    std::optional<FileCharRange> whole = x.rangeOf(call->getSourceRange());
    std::optional<FileCharRange> op = x.rangeOf({at, at});
    std::optional<FileCharRange> object =
        x.rangeOf(call->getArg(0)->getSourceRange());
    if (!whole || !op || !object || !x.writtenInFile(at))
      return x.error(at, "cannot rewrite this use of a member operator "
                         "(written in a macro?)");
    bool pointer = !MemberLowering::selfByReference(callee);
    if (pointer && !call->getArg(0)->IgnoreImplicit()->isLValue())
      return x.error(at, "a non-const member operator applied to a "
                         "temporary has no form that xfence writes; apply "
                         "it to a variable");
    const std::string &name = x.nameOf(callee);
    std::string open = name + (pointer ? "(&(" : "(");
    std::string close = pointer ? ")" : "";
    bool postfix = callee->getNumParams() == 1 &&
                   (call->getOperator() == clang::OO_PlusPlus ||
                    call->getOperator() == clang::OO_MinusMinus);
    auto planned =
        operatorCallEdits(*whole, *op, *object, callee->getNumParams() == 0,
                          postfix, open, close);
    if (!planned)
      return x.error(at, "cannot rewrite this use of a member operator "
                         "(written in a macro?)");
    for (const OperatorCallEdit &e : *planned)
      switch (e.kind) {
      case OperatorCallEdit::Kind::Replace:
        x.edits.replace(e.range, e.text);
        break;
      case OperatorCallEdit::Kind::Prefix:
        x.edits.insertBefore(e.range, e.text);
        break;
      case OperatorCallEdit::Kind::Suffix:
        x.edits.insertAfter(e.range, e.text);
        break;
      }
    return true;
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override {
    const auto *callee = llvm::dyn_cast<clang::CXXMethodDecl>(ref->getDecl());
    if (!callee || !x.recordOf(callee) || callee->isOverloadedOperator())
      return true; // a functor's call: VisitCXXOperatorCallExpr
    if (!callee->isStatic())
      return x.error(ref->getLocation(), "a member function named other than "
                                         "in a call has no form that xfence "
                                         "writes");
    // `R::f(a)` or `f(a)`: `R_f(a)`, after the qualifier's namespaces.
    clang::SourceLocation begin = ref->getLocation();
    if (clang::NestedNameSpecifierLoc q = ref->getQualifierLoc()) {
      // The last `R` of the qualifier's tokens (`ns::R::`).
      const std::string &record = x.recordOf(callee)->name;
      clang::SourceLocation at = x.fileLoc(q.getBeginLoc());
      clang::SourceLocation stop = x.fileLoc(ref->getLocation());
      while (at.isValid() && x.sm.isBeforeInTranslationUnit(at, stop)) {
        clang::Token tok;
        if (clang::Lexer::getRawToken(at, tok, x.sm, x.lo, true))
          break;
        if (tok.is(clang::tok::raw_identifier) &&
            tok.getRawIdentifier() == record)
          begin = at;
        std::optional<clang::Token> after = x.next(at);
        if (!after)
          break;
        at = after->getLocation();
      }
    }
    std::optional<FileCharRange> text = x.rangeOf({begin, ref->getEndLoc()});
    if (!text)
      return x.error(ref->getLocation(), "cannot rewrite this call of a "
                                         "member function (written in a "
                                         "macro?)");
    x.edits.replace(*text, x.nameOf(callee));
    return true;
  }

  bool
  TraverseConstructorInitializer(clang::CXXCtorInitializer *init) override {
    // A member's initializer: rewriteConstructorBody writes it.
    if (init->getInit())
      if (auto *e = llvm::dyn_cast<clang::CXXConstructExpr>(
              init->getInit()->IgnoreImplicit()))
        memberInits.insert(e);
    return clang::DynamicRecursiveASTVisitor::TraverseConstructorInitializer(
        init);
  }

  bool VisitCXXConstructExpr(clang::CXXConstructExpr *e) override {
    const clang::CXXConstructorDecl *ctor = e->getConstructor();
    // C++ runs the members' constructors where a struct without one of its
    // own is default-constructed (`P p;` with `A a;` in P): the lowered
    // constructors are functions that nothing would call.
    if (ctor && ctor->isImplicit() && ctor->isDefaultConstructor() &&
        !ctor->isTrivial() && !memberInits.count(e))
      if (const clang::CXXRecordDecl *member =
              x.loweredMemberConstructor(ctor->getParent()))
        return x.error(e->getBeginLoc(),
                       "default-constructing '" +
                           ctor->getParent()->getNameAsString() +
                           "' runs the constructor of its member of type '" +
                           member->getNameAsString() +
                           "', which xfence writes as a function that only "
                           "an explicit construction calls; construct the "
                           "member explicitly");
    if (ctor && e->getType()->isArrayType() && x.recordOf(ctor) &&
        x.names.count(ctor->getCanonicalDecl()))
      return x.error(e->getBeginLoc(),
                     "an array whose elements a constructor of '" +
                         x.recordOf(ctor)->name +
                         "' initializes has no form that xfence writes; "
                         "construct each element explicitly");
    if (!ctor || !x.recordOf(ctor) || ctor->isImplicit() ||
        ctor->isCopyOrMoveConstructor() || memberInits.count(e))
      return true;
    if (!x.names.count(ctor->getCanonicalDecl()))
      return true; // defaulted: the struct's own
    const std::string &name = x.nameOf(ctor);
    clang::SourceRange parens = e->getParenOrBraceRange();
    bool braces = false;
    if (parens.isValid()) {
      clang::Token tok;
      braces =
          !clang::Lexer::getRawToken(x.sm.getSpellingLoc(parens.getBegin()),
                                     tok, x.sm, x.lo, true) &&
          tok.is(clang::tok::l_brace);
    }
    auto toParens = [&] {
      if (braces) {
        x.replaceToken(parens.getBegin(), "(");
        x.replaceToken(parens.getEnd(), ")");
      }
    };
    if (llvm::isa<clang::CXXTemporaryObjectExpr>(e)) {
      // `R(a, b)`: `R_make(a, b)`.
      clang::TypeSourceInfo *tsi =
          llvm::cast<clang::CXXTemporaryObjectExpr>(e)->getTypeSourceInfo();
      std::optional<FileCharRange> type =
          tsi ? x.rangeOf(tsi->getTypeLoc().getSourceRange()) : std::nullopt;
      if (!type)
        return x.error(e->getBeginLoc(), "cannot rewrite this construction "
                                         "(written in a macro?)");
      x.edits.replace(*type, name);
      toParens();
      return true;
    }
    clang::DynTypedNodeList parents = x.src.getContext().getParents(*e);
    while (!parents.empty() && parents[0].get<clang::ExprWithCleanups>())
      parents = x.src.getContext().getParents(parents[0]);
    const clang::Stmt *parent =
        parents.empty() ? nullptr : parents[0].get<clang::Stmt>();
    if (const auto *cast =
            llvm::dyn_cast_or_null<clang::CXXFunctionalCastExpr>(parent)) {
      // `R(a)` of one argument: `R_make(a)`.
      std::optional<FileCharRange> type = x.rangeOf(
          cast->getTypeInfoAsWritten()->getTypeLoc().getSourceRange());
      if (!type)
        return x.error(e->getBeginLoc(), "cannot rewrite this construction "
                                         "(written in a macro?)");
      x.edits.replace(*type, name);
      return true;
    }
    const auto *var =
        parents.empty() ? nullptr : parents[0].get<clang::VarDecl>();
    if (var && var->getInit() &&
        var->getInit()->IgnoreImplicit() == e->IgnoreImplicit()) {
      if (parens.isValid() &&
          (var->getInitStyle() == clang::VarDecl::CallInit ||
           var->getInitStyle() == clang::VarDecl::ListInit)) {
        // `R r(a);`: `R r = R_make(a);`.
        x.insertBefore(parens.getBegin(), " = " + name);
        toParens();
        return true;
      }
      if (parens.isInvalid() && e->getNumArgs() == 0) {
        // `R r;`: `R r = R_make();`.
        x.insertAfter(var->getLocation(), " = " + name + "()");
        return true;
      }
    }
    return x.error(e->getBeginLoc(),
                   "this construction of '" + x.recordOf(ctor)->name +
                       "' has no form that xfence writes (its constructor "
                       "becomes the function " +
                       name + "); write `" + x.recordOf(ctor)->name +
                       " v(...);` or `" + x.recordOf(ctor)->name + "(...)`");
  }

private:
  MemberLowering &x;
  const clang::CXXMethodDecl *method = nullptr;
  llvm::SmallPtrSet<const clang::CXXConstructExpr *, 8> memberInits;
};

/// Collects the records to lower and the user's member function
/// declarations (in-class and out-of-line).
class Collector : public clang::DynamicRecursiveASTVisitor {
public:
  explicit Collector(MemberLowering &x) : x(x) {}
  bool TraverseDecl(clang::Decl *d) override {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) &&
        !x.src.isUserLocation(d->getLocation()))
      return true;
    return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
  }
  bool VisitCXXRecordDecl(clang::CXXRecordDecl *record) override {
    std::string name;
    if (!x.lowerable(record, name))
      return true;
    x.index[record->getCanonicalDecl()] = x.records.size();
    x.records.push_back({record, name});
    llvm::StringMap<unsigned> used;
    for (clang::Decl *member : record->decls()) {
      auto *m = llvm::dyn_cast<clang::CXXMethodDecl>(member);
      if (!m || m->isImplicit() || m->isDefaulted() || m->isDeleted() ||
          isHostMember(m))
        continue;
      std::string base =
          llvm::isa<clang::CXXConstructorDecl>(m)        ? "make"
          : m->getOverloadedOperator() == clang::OO_Call ? "call"
          : m->isOverloadedOperator()
              ? "operator_" + *operatorWord(m->getOverloadedOperator(),
                                            m->getNumParams() == 0)
              : m->getNameAsString();
      unsigned n = ++used[base];
      x.names[m->getCanonicalDecl()] =
          name + "_" + base + (n > 1 ? "_" + std::to_string(n) : "");
      // `self`, unless the member function has a variable of that name.
      struct Selfish : clang::DynamicRecursiveASTVisitor {
        bool found = false;
        bool VisitVarDecl(clang::VarDecl *v) override {
          found |= v->getName() == "self";
          return true;
        }
      } selfish;
      const clang::FunctionDecl *def = m->getDefinition();
      selfish.TraverseDecl(const_cast<clang::FunctionDecl *>(def ? def : m));
      x.selfNames[m->getCanonicalDecl()] =
          selfish.found ? "xfence_self" : "self";
    }
    return true;
  }
  bool VisitCXXMethodDecl(clang::CXXMethodDecl *m) override {
    if (!m->isImplicit() && x.recordOf(m))
      methods.push_back(m);
    return true;
  }

  MemberLowering &x;
  std::vector<clang::CXXMethodDecl *> methods;
};

/// Finds the candidate records whose member functions something other
/// than the user's own code calls: a library's template (Thrust calling a
/// functor's operator()) or an instantiation of a template the user wrote
/// (whose text is the template's, shared with its other
/// specializations). Their calls cannot be rewritten, so those records
/// stay as they are.
class UseAudit : public clang::DynamicRecursiveASTVisitor {
public:
  UseAudit(MemberLowering &x,
           const llvm::DenseSet<const clang::CXXRecordDecl *> &candidates)
      : x(x), candidates(candidates) {
    ShouldVisitTemplateInstantiations = true;
    ShouldVisitImplicitCode = true;
  }

  bool VisitCallExpr(clang::CallExpr *call) override {
    check(llvm::dyn_cast_or_null<clang::CXXMethodDecl>(call->getDirectCallee()),
          call->getBeginLoc(), call);
    return true;
  }
  /// Device code that names a candidate's type (a variable or parameter
  /// of it, a pointer or reference to it) outside the candidate's own
  /// member functions: the candidates that device code does not use are
  /// host code, left out whole by the translation.
  bool VisitVarDecl(clang::VarDecl *var) override {
    const auto *fn =
        llvm::dyn_cast_or_null<clang::FunctionDecl>(var->getParentFunctionOrMethod());
    if (!fn || !(fn->hasAttr<clang::CUDADeviceAttr>() ||
                 fn->hasAttr<clang::CUDAGlobalAttr>()))
      return true;
    clang::QualType type = var->getType().getNonReferenceType();
    while (type->isPointerType() || type->isArrayType())
      type = type->isPointerType() ? type->getPointeeType()
                                   : clang::QualType(
                                         type->getPointeeOrArrayElementType(), 0);
    if (const auto *record = type->getAsCXXRecordDecl()) {
      const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(fn);
      if (candidates.count(record->getCanonicalDecl()) &&
          !(method && method->getParent()->getCanonicalDecl() ==
                          record->getCanonicalDecl()))
        usedByDevice.insert(record->getCanonicalDecl());
    }
    return true;
  }
  llvm::DenseSet<const clang::CXXRecordDecl *> usedByDevice;
  bool TraverseDecl(clang::Decl *d) override {
    const clang::FunctionDecl *saved = current;
    if (auto *fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(d))
      current = fn;
    bool result = clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
    current = saved;
    return result;
  }
  const clang::FunctionDecl *current = nullptr;
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *e) override {
    check(e->getConstructor(), e->getBeginLoc(), e);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override {
    check(llvm::dyn_cast<clang::CXXMethodDecl>(ref->getDecl()),
          ref->getLocation(), ref);
    return true;
  }

  llvm::DenseSet<const clang::CXXRecordDecl *> kept;
  /// Member functions that host templates' instantiations call.
  llvm::DenseSet<const clang::CXXMethodDecl *> hostCalled;

private:
  void check(const clang::CXXMethodDecl *m, clang::SourceLocation at,
             const clang::Stmt *use) {
    // Host member functions stay in the class: who calls them is moot.
    if (!m || m->isImplicit() || isHostMember(m))
      return;
    const clang::CXXRecordDecl *record = m->getParent()->getCanonicalDecl();
    if (!candidates.count(record))
      return;
    if (const auto *method =
            llvm::dyn_cast_or_null<clang::CXXMethodDecl>(current);
        current &&
        (current->hasAttr<clang::CUDADeviceAttr>() ||
         current->hasAttr<clang::CUDAGlobalAttr>()) &&
        !(method && method->getParent()->getCanonicalDecl() == record))
      usedByDevice.insert(record);
    if (kept.count(record))
      return;
    if (!x.src.isUserLocation(x.sm.getExpansionLoc(at)))
      return (void)kept.insert(record);
    if (!inInstantiation(use))
      return;
    // A host template's instantiation (left out with the host code, whose
    // text the lowering cannot rewrite per instantiation): the class keeps
    // a host declaration of the member function for it to call.
    if (current && isHostOnlyFunction(current) &&
        current->isTemplateInstantiation() &&
        x.src.isUserLocation(current->getLocation()))
      return (void)hostCalled.insert(m->getCanonicalDecl());
    kept.insert(record);
  }
  bool inInstantiation(const clang::Stmt *use) {
    clang::ASTContext &ctx = x.src.getContext();
    clang::DynTypedNodeList parents = ctx.getParents(*use);
    while (!parents.empty()) {
      if (const auto *fn = parents[0].get<clang::FunctionDecl>())
        return fn->isTemplateInstantiation() || fn->isDependentContext() ||
               fn->getTemplateSpecializationKind() != clang::TSK_Undeclared;
      if (const auto *d = parents[0].get<clang::Decl>())
        return d->isTemplated();
      parents = ctx.getParents(parents[0]);
    }
    return false;
  }

  MemberLowering &x;
  const llvm::DenseSet<const clang::CXXRecordDecl *> &candidates;
};

} // namespace

void MemberLowering::moveMembers(const LoweredRecord &record) {
  clang::CXXRecordDecl *decl = record.decl;
  // The `;` that ends the declaration the struct is in (`} R;`, `} a, b;`).
  clang::SourceLocation end = decl->getBraceRange().getEnd();
  if (end.isMacroID())
    return (void)error(decl->getLocation(), "cannot rewrite this struct "
                                            "(written in a macro?)");
  int depth = 0;
  std::optional<clang::Token> semi = next(end);
  for (; semi && !semi->is(clang::tok::eof); semi = next(semi->getLocation())) {
    if (semi->isOneOf(clang::tok::l_paren, clang::tok::l_square,
                      clang::tok::l_brace))
      ++depth;
    else if (semi->isOneOf(clang::tok::r_paren, clang::tok::r_square,
                           clang::tok::r_brace))
      --depth;
    else if (semi->is(clang::tok::semi) && depth == 0)
      break;
  }
  if (!semi || !semi->is(clang::tok::semi))
    return (void)error(decl->getLocation(), "cannot find the end of this "
                                            "struct's declaration");
  // C++'s `class`: a struct, whose members are all public.
  if (decl->isClass())
    replaceToken(decl->getBeginLoc(), "struct");
  std::string prototypes, definitions;
  for (clang::Decl *member : decl->decls()) {
    if (auto *access = llvm::dyn_cast<clang::AccessSpecDecl>(member)) {
      std::optional<FileCharRange> text =
          rangeOf({access->getAccessSpecifierLoc(), access->getColonLoc()});
      if (text)
        edits.replace(*text, "");
      continue;
    }
    if (auto *field = llvm::dyn_cast<clang::FieldDecl>(member)) {
      // The constructors set it; C has no initializer in a struct, and
      // the member cannot be const where they assign it.
      if (const clang::Expr *init = field->getInClassInitializer()) {
        clang::SourceLocation from = field->getLocation();
        std::optional<FileCharRange> text =
            rangeOf({from, sm.getExpansionRange(init->getEndLoc()).getEnd()});
        std::optional<FileCharRange> name = rangeOf({from, from});
        if (!text || !name)
          return (void)error(field->getLocation(),
                             "cannot rewrite this member's initializer "
                             "(written in a macro?)");
        edits.replace({text->file, name->end, text->end}, "");
      }
      if (field->getType().isConstQualified())
        for (std::optional<clang::Token> tok = clang::Lexer::findNextToken(
                 sm.getExpansionLoc(field->getBeginLoc()).getLocWithOffset(-1),
                 sm, lo);
             tok &&
             sm.isBeforeInTranslationUnit(
                 tok->getLocation(), sm.getExpansionLoc(field->getLocation()));
             tok = next(tok->getLocation()))
          if (tok->is(clang::tok::raw_identifier) &&
              tok->getRawIdentifier() == "const")
            replaceToken(tok->getLocation(), "");
      continue;
    }
    auto *m = llvm::dyn_cast<clang::CXXMethodDecl>(member);
    if (!m || m->isImplicit() || isHostMember(m))
      continue;
    std::optional<FileCharRange> range = declRange(m);
    if (!range)
      return (void)error(m->getLocation(), "cannot move this member function "
                                           "out of its class (written in a "
                                           "macro?)");
    if (!m->isDefaulted() && !m->isDeleted()) {
      if (m->doesThisDeclarationHaveABody()) {
        FailureOr<std::string> text = copyText(*range);
        if (failed(text)) {
          hadError = true;
          return;
        }
        definitions += lineDirective(m->getBeginLoc()) + *text;
        // The definition keeps the default arguments; its prototype, which
        // comes first, cannot repeat them.
        for (const clang::ParmVarDecl *p : m->parameters())
          if (p->hasDefaultArg() && p->getIdentifier()) {
            std::optional<FileCharRange> param =
                rangeOf({p->getLocation(), p->getDefaultArgRange().getEnd()});
            std::optional<FileCharRange> name =
                rangeOf({p->getLocation(), p->getLocation()});
            if (param && name)
              edits.replace({param->file, name->end, param->end}, "");
          }
      }
      clang::SourceLocation sigEnd = sm.getExpansionLoc(signatureEnd(m));
      FileCharRange signature{range->file, range->begin,
                              sm.getFileOffset(sigEnd)};
      FailureOr<std::string> proto = copyText(signature);
      if (failed(proto)) {
        hadError = true;
        return;
      }
      prototypes += lineDirective(m->getBeginLoc()) +
                    llvm::StringRef(*proto).rtrim().rtrim(';').str() + ";";
    }
    // The class's text keeps its lines (diagnostics on the rest of it).
    llvm::StringRef removed =
        sm.getBufferData(range->file).slice(range->begin, range->end);
    std::string kept(removed.count('\n'), '\n');
    if (hostDeclared.count(m->getCanonicalDecl())) {
      std::optional<std::string> declaration = hostDeclaration(m);
      if (!declaration)
        return (void)error(m->getLocation(),
                           "cannot write a host declaration of this member "
                           "function, which a host template calls");
      kept = *declaration + kept;
    }
    edits.replace(*range, kept);
  }
  insertAfter(semi->getLocation(),
              prototypes + definitions + lineDirective(semi->getLocation()));
}

std::optional<std::string>
MemberLowering::hostDeclaration(const clang::CXXMethodDecl *m) {
  clang::PrintingPolicy policy(lo);
  policy.SuppressTagKeyword = true;
  auto spell = [&](clang::QualType type) -> std::optional<std::string> {
    if (type->isDependentType() ||
        (type->getAsCXXRecordDecl() && type->getAsCXXRecordDecl()->isLambda()))
      return std::nullopt;
    return type.getAsString(policy);
  };
  std::string text;
  if (m->isStatic())
    text += "static ";
  if (!llvm::isa<clang::CXXConstructorDecl>(m)) {
    std::optional<std::string> result = spell(m->getReturnType());
    if (!result)
      return std::nullopt;
    text += *result + " ";
  }
  text += m->getNameAsString() + "(";
  for (unsigned i = 0; i < m->getNumParams(); ++i) {
    std::optional<std::string> type = spell(m->getParamDecl(i)->getType());
    if (!type)
      return std::nullopt;
    text += (i ? ", " : "") + *type;
  }
  if (m->isVariadic())
    text += m->getNumParams() ? ", ..." : "...";
  text += ")";
  if (m->isConst())
    text += " const";
  return text + ";";
}

FailureOr<ExpandedFiles> MemberLowering::run() {
  // The candidates first; those whose member functions a library or a
  // template's instantiation calls stay classes.
  {
    Collector candidates(*this);
    candidates.TraverseDecl(src.getContext().getTranslationUnitDecl());
    if (records.empty())
      return ExpandedFiles();
    llvm::DenseSet<const clang::CXXRecordDecl *> set;
    for (const LoweredRecord &record : records)
      set.insert(record.decl->getCanonicalDecl());
    UseAudit audit(*this, set);
    audit.TraverseDecl(src.getContext().getTranslationUnitDecl());
    excluded = std::move(audit.kept);
    hostDeclared = std::move(audit.hostCalled);
    for (const clang::CXXRecordDecl *record : set)
      if (!audit.usedByDevice.count(record))
        excluded.insert(record);
    records.clear();
    index.clear();
    names.clear();
    selfNames.clear();
  }
  Collector collector(*this);
  collector.TraverseDecl(src.getContext().getTranslationUnitDecl());
  if (records.empty())
    return ExpandedFiles();
  for (const LoweredRecord &record : records)
    for (const clang::Decl *member : record.decl->decls()) {
      const clang::FunctionDecl *fn = friendFunction(member);
      if (const auto *m = llvm::dyn_cast<clang::CXXMethodDecl>(member);
          m && !m->isImplicit() && isHostMember(m))
        fn = m;
      else if (fn && !isHostOnlyFunction(fn))
        fn = nullptr;
      if (fn && fn->doesThisDeclarationHaveABody() &&
          callsDeviceMember(member, record.decl))
        declareOnly(fn);
    }
  for (clang::CXXMethodDecl *m : collector.methods)
    rewriteDeclaration(m);
  UseRewriter uses(*this);
  uses.TraverseDecl(src.getContext().getTranslationUnitDecl());
  // Last: the member functions' text, with every edit above, moves.
  for (const LoweredRecord &record : records)
    moveMembers(record);
  if (hadError)
    return failure();
  SourceEdits files(src, copyPolicy());
  edits.addTo(files, [](const FileCharRange &) { return true; });
  FailureOr<std::vector<std::pair<clang::FileID, std::string>>> texts =
      files.applyToFiles();
  if (failed(texts))
    return failure();
  return expandedFiles(sm, std::move(*texts));
}

FailureOr<ExpandedFiles> xfence::lowerMemberFunctions(ParsedSource &src) {
  return MemberLowering(src).run();
}
