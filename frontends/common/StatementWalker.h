//===- StatementWalker.h - control flow of a body as xfence ops -*- C++ -*-===//
//
// The part of both importers (OpenCL C, CUDA) that does not depend on the
// language: a function body's statements in evaluation order, with its
// control flow as xfence structure ops, so that the passes never pair two
// synchronization ops that control flow separates:
//  * if/switch and their arms: xfence.branch with one region per arm;
//  * for/while/do bodies: xfence.loop (a do loop that runs at least once
//    is stated as one that may run zero times, the weaker claim);
//  * return/break/continue/goto: xfence.exit; a case, default or label is a
//    join point, also an exit, so that the ops on its two sides are not
//    neighbours.
//
// The language's importer derives from it (CRTP) and supplies
//   void visitExpr(const clang::Expr *);
//   void visitDeclInit(const clang::VarDecl *);  // after its initializer
//   void visitAsm(const clang::Stmt *);          // after its operands
//   mlir::Location locOf(const clang::Stmt *);
// and may hide visitOtherStmt (the statements not listed above; the
// default visits their children). An importer that walks C's operators
// with visitOperator supplies
//   void visitAccess(const clang::Expr *e, const clang::Expr *lvalue,
//                    bool read, bool write);
// too.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_COMMON_STATEMENTWALKER_H
#define XFENCE_FRONTENDS_COMMON_STATEMENTWALKER_H

#include "dialect/XFenceOps.h"

#include "mlir/IR/Builders.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

#include <initializer_list>

namespace xfence {

template <typename Derived> class StatementWalker {
public:
  explicit StatementWalker(mlir::MLIRContext *ctx) : builder(ctx) {}

  void visitStmt(const clang::Stmt *s) {
    if (!s)
      return;
    Derived &self = derived();
    if (auto *e = llvm::dyn_cast<clang::Expr>(s))
      return self.visitExpr(e);
    switch (s->getStmtClass()) {
    case clang::Stmt::CompoundStmtClass:
    case clang::Stmt::NullStmtClass:
    case clang::Stmt::AttributedStmtClass:
      return visitChildren(s);
    case clang::Stmt::DeclStmtClass:
      for (const clang::Decl *d : llvm::cast<clang::DeclStmt>(s)->decls())
        if (auto *var = llvm::dyn_cast<clang::VarDecl>(d))
          if (const clang::Expr *init = var->getInit()) {
            self.visitExpr(init);
            self.visitDeclInit(var);
          }
      return;
    case clang::Stmt::IfStmtClass: {
      auto *ifs = llvm::cast<clang::IfStmt>(s);
      visitStmt(ifs->getInit());
      visitStmt(ifs->getCond());
      auto branch =
          BranchOp::create(builder, self.locOf(s), ifs->getElse() ? 2u : 1u);
      inRegion(branch.getAlternatives()[0], [&] { visitStmt(ifs->getThen()); });
      if (ifs->getElse())
        inRegion(branch.getAlternatives()[1],
                 [&] { visitStmt(ifs->getElse()); });
      return;
    }
    case clang::Stmt::SwitchStmtClass: {
      auto *sw = llvm::cast<clang::SwitchStmt>(s);
      visitStmt(sw->getInit());
      visitStmt(sw->getCond());
      // Control enters the body at a case label: every label is a join
      // point (recorded as an exit, below).
      auto branch = BranchOp::create(builder, self.locOf(s), 1u);
      inRegion(branch.getAlternatives()[0], [&] { visitStmt(sw->getBody()); });
      return;
    }
    case clang::Stmt::CaseStmtClass:
    case clang::Stmt::DefaultStmtClass:
    case clang::Stmt::LabelStmtClass:
      // Control can arrive here from elsewhere, so the ops before and after
      // a label are not neighbours. The dialect has no join-point op; an
      // xfence.exit (unknown effects) keeps passes from pairing them.
      exit(s, ExitKind::goto_);
      if (auto *c = llvm::dyn_cast<clang::CaseStmt>(s))
        return visitStmt(c->getSubStmt());
      if (auto *d = llvm::dyn_cast<clang::DefaultStmt>(s))
        return visitStmt(d->getSubStmt());
      return visitStmt(llvm::cast<clang::LabelStmt>(s)->getSubStmt());
    case clang::Stmt::ForStmtClass: {
      auto *f = llvm::cast<clang::ForStmt>(s);
      visitStmt(f->getInit());
      return loop(s, {f->getCond(), f->getBody(), f->getInc()});
    }
    case clang::Stmt::CXXForRangeStmtClass: {
      // `for (T v : r)`: C++'s `auto &&__range = r; auto __begin = ...,
      // __end = ...; for (; __begin != __end; ++__begin) { T v = *__begin;
      // body }`.
      auto *f = llvm::cast<clang::CXXForRangeStmt>(s);
      visitStmt(f->getInit());
      visitStmt(f->getRangeStmt());
      visitStmt(f->getBeginStmt());
      visitStmt(f->getEndStmt());
      return loop(
          s, {f->getCond(), f->getLoopVarStmt(), f->getBody(), f->getInc()});
    }
    case clang::Stmt::WhileStmtClass: {
      auto *w = llvm::cast<clang::WhileStmt>(s);
      return loop(s, {w->getCond(), w->getBody()});
    }
    case clang::Stmt::DoStmtClass: {
      auto *d = llvm::cast<clang::DoStmt>(s);
      return loop(s, {d->getBody(), d->getCond()});
    }
    case clang::Stmt::ReturnStmtClass:
      visitStmt(llvm::cast<clang::ReturnStmt>(s)->getRetValue());
      return exit(s, ExitKind::return_);
    case clang::Stmt::BreakStmtClass:
      return exit(s, ExitKind::break_);
    case clang::Stmt::ContinueStmtClass:
      return exit(s, ExitKind::continue_);
    case clang::Stmt::GotoStmtClass:
    case clang::Stmt::IndirectGotoStmtClass:
      visitChildren(s);
      return exit(s, ExitKind::goto_);
    case clang::Stmt::GCCAsmStmtClass:
    case clang::Stmt::MSAsmStmtClass:
      visitChildren(s);
      return self.visitAsm(s);
    default:
      return self.visitOtherStmt(s);
    }
  }

  /// The operators of C, in evaluation order: an lvalue-to-rvalue
  /// conversion reads its operand; an assignment evaluates its right side,
  /// then its left, then writes it (a compound one reads it too); ++ and --
  /// read and write theirs; the right operand of `&&` and `||` runs only
  /// sometimes, and one arm of `c ? a : b` (an xfence.branch each). The
  /// accesses go to the importer's visitAccess (`e` the operator, `lvalue`
  /// the object). False if `e` is none of these.
  bool visitOperator(const clang::Expr *e) {
    Derived &self = derived();
    if (auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(e)) {
      self.visitExpr(cast->getSubExpr());
      if (cast->getCastKind() == clang::CK_LValueToRValue)
        self.visitAccess(e, cast->getSubExpr(), true, false);
      return true;
    }
    if (auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e)) {
      if (bin->isAssignmentOp()) {
        self.visitExpr(bin->getRHS());
        self.visitExpr(bin->getLHS());
        self.visitAccess(e, bin->getLHS(), bin->isCompoundAssignmentOp(), true);
        return true;
      }
      self.visitExpr(bin->getLHS());
      if (!bin->isLogicalOp()) {
        self.visitExpr(bin->getRHS());
        return true;
      }
      auto branch = BranchOp::create(builder, self.locOf(e), 1u);
      inRegion(branch.getAlternatives()[0],
               [&] { self.visitExpr(bin->getRHS()); });
      return true;
    }
    if (auto *un = llvm::dyn_cast<clang::UnaryOperator>(e)) {
      self.visitExpr(un->getSubExpr());
      if (un->isIncrementDecrementOp())
        self.visitAccess(e, un->getSubExpr(), true, true);
      return true;
    }
    auto *cond = llvm::dyn_cast<clang::AbstractConditionalOperator>(e);
    if (!cond)
      return false;
    self.visitExpr(cond->getCond());
    auto branch = BranchOp::create(builder, self.locOf(e), 2u);
    inRegion(branch.getAlternatives()[0],
             [&] { self.visitExpr(cond->getTrueExpr()); });
    inRegion(branch.getAlternatives()[1],
             [&] { self.visitExpr(cond->getFalseExpr()); });
    return true;
  }

  /// A statement the walker has no rule for: its children, in order.
  void visitOtherStmt(const clang::Stmt *s) { visitChildren(s); }

  void visitChildren(const clang::Stmt *s) {
    for (const clang::Stmt *child : s->children())
      if (child)
        visitStmt(child);
  }

  /// Builds into a new block at the end of `region`.
  template <typename Fn> void inRegion(mlir::Region &region, Fn &&fn) {
    mlir::Block *block = new mlir::Block();
    region.push_back(block);
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(block);
    fn();
  }

  /// An xfence.loop at `s` whose body runs `parts` (null ones left out) in
  /// order.
  void loop(const clang::Stmt *s,
            std::initializer_list<const clang::Stmt *> parts) {
    auto op = LoopOp::create(builder, derived().locOf(s));
    inRegion(op.getBody(), [&] {
      for (const clang::Stmt *part : parts)
        visitStmt(part);
    });
  }

  void exit(const clang::Stmt *s, ExitKind kind) {
    ExitOp::create(builder, derived().locOf(s), kind);
  }

protected:
  mlir::OpBuilder builder;

private:
  Derived &derived() { return static_cast<Derived &>(*this); }
};

} // namespace xfence

#endif // XFENCE_FRONTENDS_COMMON_STATEMENTWALKER_H
