//===- CudaImporter.cpp - CUDA C++ to the xfence dialect ------------------===//
//
// The meaning of each construct follows docs/semantics.md §2 (CUDA):
//  * __threadfence_block/__threadfence/__threadfence_system are seq_cst
//    fences at workgroup/device/system scope; CUDA fences order every memory
//    space, so they carry [local, global].
//  * __syncthreads() is a workgroup barrier ordering the block's memory
//    (bar.sync 0): memory workgroup acq_rel [local, global];
//    __syncthreads_count/_and/_or the same with a reduction.
//  * __syncwarp(mask) orders memory only among the participating lanes: a
//    subgroup barrier with a mask (partial), never a block fence. An omitted
//    mask is the full mask 0xffffffff, still a lane mask of a 32-lane warp.
//  * cooperative groups: thread_block::sync() is __syncthreads();
//    grid_group::sync() is a barrier of the whole grid (execution scope
//    device, memory device); cluster_group::sync() a cluster barrier
//    (execution and memory scope cluster); the sync() of a tile of at most
//    32 threads or of a coalesced_group is a partial subgroup barrier. A
//    wider tile (a barrier over part of a block) and a thread_group (whose
//    kind is known at run time only) are errors.
//  * atomicX is relaxed at device scope, atomicX_block at workgroup,
//    atomicX_system at system scope. atomicInc(p, m) / atomicDec(p, m) are
//    the wrapping `inc`/`dec` kinds with m as the value operand.
//  * cuda::atomic_thread_fence(o, s) is a fence of order o at scope s
//    (seq_cst -> fence.sc, else fence.acq_rel); cuda::std:: forms and an
//    omitted scope are system scope; thread_scope_thread orders nothing
//    between threads (a thread-scope fence). atomic_signal_fence is a
//    thread-scope fence.
//  * cuda::atomic_ref<T, S> and cuda::atomic<T, S> member functions have
//    scope S (system for the cuda::std:: forms) and the order argument
//    (default seq_cst); compare_exchange with one order derives the failure
//    order as C++ does (acq_rel -> acquire, release -> relaxed); the
//    expected value is an lvalue the exchange writes on failure ("member").
//  * GNU builtins __atomic_{load,store,exchange,compare_exchange}_n and
//    __atomic_fetch_{add,sub,and,or,xor,min,max} are atomics at system scope
//    (clang's device code gives them the default sync scope) with their
//    constant __ATOMIC_* order; __atomic_thread_fence(o) a system fence.
//    Other atomic builtins (op_fetch, nand, by-pointer, __c11_, __scoped_,
//    __sync_) and a non-constant GNU order are errors at their location.
//  * inline PTX: membar.{cta,gl,sys} = fence.sc.{cta,gpu,sys} (synonyms on
//    sm_70+), fence.acq_rel.X and plain `fence` are acq_rel, bar.sync 0 /
//    barrier.sync 0 is __syncthreads(); any other asm is xfence.opaque.
// A non-constant order or scope argument gets the strongest meaning
// (seq_cst, system) and a warning.
//
//===----------------------------------------------------------------------===//

#include "frontends/cuda/CudaImporter.h"

#include "dialect/XFenceOps.h"
#include "frontends/common/StatementWalker.h"
#include "frontends/names/AtomicNames.h"
#include "frontends/names/OpenCLSyncNames.h"
#include "frontends/names/PTXSyncNames.h"
#include "frontends/names/ScopeNames.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Regex.h"

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

bool xfence::isUserDecl(ParsedSource &src, const clang::Decl *d) {
  // A built-in function (__syncthreads) is declared implicitly at its first
  // use, which may be in the user's file.
  if (d->isImplicit())
    return false;
  if (auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d))
    if (fn->getBuiltinID())
      return false;
  return src.isUserLocation(d->getLocation());
}

//===----------------------------------------------------------------------===//
// Recognising the constructs
//===----------------------------------------------------------------------===//

namespace {

/// The names of the (non-inline) namespaces around `d`, outermost first,
/// joined with "::".
std::string namespacePath(const clang::Decl *d) {
  llvm::SmallVector<llvm::StringRef> names;
  for (const clang::DeclContext *dc = d->getDeclContext(); dc;
       dc = dc->getParent())
    if (auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (!ns->isInline() && !ns->getName().starts_with("__"))
        names.push_back(ns->getName());
  std::string path;
  for (llvm::StringRef name : llvm::reverse(names))
    path += (path.empty() ? "" : "::") + name.str();
  return path;
}

const clang::CXXRecordDecl *recordOf(clang::QualType type) {
  if (type.isNull())
    return nullptr;
  if (type->isPointerType())
    type = type->getPointeeType();
  return type->getAsCXXRecordDecl();
}

enum class SyncKind {
  Fence,       // __threadfence*, PTX fences: scope, order
  ThreadFence, // cuda::atomic_thread_fence(o[, s]), atomic_signal_fence
  Barrier,     // __syncthreads, bar.sync 0, thread_block::sync
  BarrierReduce,
  SyncWarp,     // __syncwarp([mask])
  GroupSync,    // grid or tile sync
  AtomicFn,     // atomicX[_block|_system]
  AtomicMember, // atomic_ref / atomic member function
  // HIP: __builtin_amdgcn_fence(order, "scope"), __builtin_amdgcn_s_barrier
  // (an execution barrier only), __hip_atomic_*(ptr, ..., order, scope).
  HipFence,
  HipBarrier,
  HipAtomic,
  // GNU builtins: __atomic_<op>_n(ptr, ..., order), __atomic_fetch_<op>.
  GnuAtomic,
  /// A construct xfence recognises and refuses (Sync::refusal says why).
  Refused,
};

enum class MemberOp { Load, Store, Exchange, CmpXchg, Fetch };

struct Sync {
  SyncKind kind;
  Scope scope = Scope::device;
  MemoryOrder order = MemoryOrder::seq_cst;
  BarrierReduction reduction = BarrierReduction::count;
  AtomicRMWKind rmw = AtomicRMWKind::add;
  bool cas = false;  // atomicCAS
  bool weak = false; // compare_exchange_weak
  bool signal = false;
  bool partial = false;
  Scope execScope = Scope::workgroup;
  MemberOp member = MemberOp::Fetch;
  /// A construct that is recognised but has no meaning in the dialect: the
  /// error that says what it is.
  std::string refusal;
};

/// N of cooperative_groups::thread_block_tile<N, ...>, if it is known.
std::optional<uint64_t> tileWidth(const clang::CXXRecordDecl *tile) {
  auto *spec =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(tile);
  if (!spec || spec->getTemplateArgs().size() == 0)
    return std::nullopt;
  const clang::TemplateArgument &arg = spec->getTemplateArgs()[0];
  if (arg.getKind() != clang::TemplateArgument::Integral)
    return std::nullopt;
  return arg.getAsIntegral().getZExtValue();
}

std::optional<Sync> classifyAsm(const clang::GCCAsmStmt *s) {
  std::optional<PTXSync> ptx = classifyPTXAsm(s->getAsmString());
  if (!ptx)
    return std::nullopt;
  if (ptx->barrier)
    return Sync{SyncKind::Barrier};
  Sync sync{SyncKind::Fence};
  sync.scope = ptx->scope;
  sync.order = ptx->order;
  return sync;
}

/// The object expression of a member call (the pointer for `->`).
const clang::Expr *memberObject(const clang::CallExpr *call, bool &arrow) {
  arrow = false;
  if (auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call))
    return op->getNumArgs() ? op->getArg(0) : nullptr;
  auto *member = llvm::dyn_cast<clang::MemberExpr>(
      call->getCallee()->IgnoreParenImpCasts());
  if (!member)
    return nullptr;
  arrow = member->isArrow();
  // The object as written, before the conversion to the base class that
  // declares the member (libcu++ and cooperative groups use bases).
  const clang::Expr *base = member->getBase();
  while (auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(base)) {
    if (cast->getCastKind() != clang::CK_UncheckedDerivedToBase &&
        cast->getCastKind() != clang::CK_DerivedToBase &&
        cast->getCastKind() != clang::CK_NoOp)
      break;
    base = cast->getSubExpr();
  }
  return base;
}

using AE = clang::AtomicExpr;

/// The atomic builtins that xfence imports, GNU's (__atomic_<op>_n,
/// __atomic_fetch_<op>) and HIP's scoped ones (__hip_atomic_<op>), which
/// clang parses as AtomicExpr: the two families name the same operations.
/// (HIP's compare_exchange_weak is the weak form of its strong one.)
struct AtomicBuiltin {
  AE::AtomicOp gnu, hip;
  MemberOp member;
  AtomicRMWKind rmw = AtomicRMWKind::add; // of a Fetch
};
constexpr AtomicBuiltin kAtomicBuiltins[] = {
    {AE::AO__atomic_load_n, AE::AO__hip_atomic_load, MemberOp::Load},
    {AE::AO__atomic_store_n, AE::AO__hip_atomic_store, MemberOp::Store},
    {AE::AO__atomic_exchange_n, AE::AO__hip_atomic_exchange,
     MemberOp::Exchange},
    {AE::AO__atomic_compare_exchange_n,
     AE::AO__hip_atomic_compare_exchange_strong, MemberOp::CmpXchg},
    {AE::AO__atomic_fetch_add, AE::AO__hip_atomic_fetch_add, MemberOp::Fetch,
     AtomicRMWKind::add},
    {AE::AO__atomic_fetch_sub, AE::AO__hip_atomic_fetch_sub, MemberOp::Fetch,
     AtomicRMWKind::sub},
    {AE::AO__atomic_fetch_and, AE::AO__hip_atomic_fetch_and, MemberOp::Fetch,
     AtomicRMWKind::and_},
    {AE::AO__atomic_fetch_or, AE::AO__hip_atomic_fetch_or, MemberOp::Fetch,
     AtomicRMWKind::or_},
    {AE::AO__atomic_fetch_xor, AE::AO__hip_atomic_fetch_xor, MemberOp::Fetch,
     AtomicRMWKind::xor_},
    {AE::AO__atomic_fetch_min, AE::AO__hip_atomic_fetch_min, MemberOp::Fetch,
     AtomicRMWKind::min},
    {AE::AO__atomic_fetch_max, AE::AO__hip_atomic_fetch_max, MemberOp::Fetch,
     AtomicRMWKind::max},
};

/// The Sync of `e` if it is an atomic builtin of `kind` (GnuAtomic or
/// HipAtomic) in the table.
std::optional<Sync> atomicBuiltin(const clang::AtomicExpr *e, SyncKind kind) {
  AE::AtomicOp op = e->getOp();
  bool weak = op == AE::AO__hip_atomic_compare_exchange_weak;
  if (weak)
    op = AE::AO__hip_atomic_compare_exchange_strong;
  for (const AtomicBuiltin &b : kAtomicBuiltins)
    if ((kind == SyncKind::GnuAtomic ? b.gnu : b.hip) == op) {
      Sync sync{kind};
      sync.member = b.member;
      sync.rmw = b.rmw;
      sync.weak = weak;
      return sync;
    }
  return std::nullopt;
}

/// A refused atomic builtin: `why`, after its name.
Sync refusedAtomic(const clang::AtomicExpr *e, const llvm::Twine &why) {
  Sync sync{SyncKind::Refused};
  sync.refusal = ("'" + e->getOpAsString() + "' " + why).str();
  return sync;
}

/// The GNU atomic builtins. In device code clang gives them the default
/// sync scope, the system's (what `atomicrmw ... seq_cst` without a
/// syncscope means on NVPTX), and the order argument.
std::optional<Sync> classifyGnuAtomic(const clang::AtomicExpr *e) {
  if (std::optional<Sync> sync = atomicBuiltin(e, SyncKind::GnuAtomic)) {
    sync->scope = Scope::system;
    return sync;
  }
  switch (e->getOp()) {
  case AE::AO__atomic_load:
  case AE::AO__atomic_store:
  case AE::AO__atomic_exchange:
  case AE::AO__atomic_compare_exchange:
    return refusedAtomic(e, "passes its values by pointer, which xfence does "
                            "not translate; use '" +
                                e->getOpAsString() + "_n'");
  case AE::AO__atomic_add_fetch:
  case AE::AO__atomic_sub_fetch:
  case AE::AO__atomic_and_fetch:
  case AE::AO__atomic_or_fetch:
  case AE::AO__atomic_xor_fetch:
  case AE::AO__atomic_min_fetch:
  case AE::AO__atomic_max_fetch:
    return refusedAtomic(e, "returns the new value, which xfence's atomics "
                            "do not (they return the old one); use the "
                            "__atomic_fetch_<op> form");
  default:
    return std::nullopt;
  }
}

/// HIP's scoped atomics (and GNU's, classifyGnuAtomic).
std::optional<Sync> classifyHipAtomic(const clang::AtomicExpr *e) {
  if (std::optional<Sync> gnu = classifyGnuAtomic(e))
    return gnu;
  if (std::optional<Sync> hip = atomicBuiltin(e, SyncKind::HipAtomic))
    return hip;
  // The other atomic builtins (nand, wrapping inc/dec, test_and_set,
  // __c11_atomic_*, __scoped_atomic_*, ...) synchronize and have no xfence
  // meaning here: refused where they are, never copied.
  Sync refused{SyncKind::Refused};
  refused.refusal = "the atomic builtin '" + e->getOpAsString().str() +
                    "' is not translated (xfence imports the GNU "
                    "__atomic_<op>_n and __atomic_fetch_{add,sub,and,or,"
                    "xor,min,max} builtins and HIP's __hip_atomic_*)";
  return refused;
}

std::optional<Sync> classify(ParsedSource &src, const clang::Stmt *s) {
  if (auto *asmStmt = llvm::dyn_cast<clang::GCCAsmStmt>(s))
    return classifyAsm(asmStmt);
  if (auto *atomic = llvm::dyn_cast<clang::AtomicExpr>(s))
    return classifyHipAtomic(atomic);
  auto *call = llvm::dyn_cast<clang::CallExpr>(s);
  if (!call)
    return std::nullopt;
  const clang::FunctionDecl *callee = call->getDirectCallee();
  if (!callee || isUserDecl(src, callee) || !callee->getIdentifier())
    return std::nullopt;
  llvm::StringRef name = callee->getName();
  std::string ns = namespacePath(callee);

  // Member functions of atomic_ref / atomic.
  if (llvm::isa<clang::CXXMethodDecl>(callee) &&
      !llvm::isa<clang::CXXOperatorCallExpr>(call)) {
    bool arrow;
    const clang::Expr *object = memberObject(call, arrow);
    if (object && atomicValueType(object->getType())) {
      Sync sync{SyncKind::AtomicMember};
      if (name == "load")
        sync.member = MemberOp::Load;
      else if (name == "store")
        sync.member = MemberOp::Store;
      else if (name == "exchange")
        sync.member = MemberOp::Exchange;
      else if (name == "compare_exchange_strong" ||
               name == "compare_exchange_weak") {
        sync.member = MemberOp::CmpXchg;
        sync.weak = name.ends_with("weak");
      } else if (name.consume_front("fetch_")) {
        std::optional<AtomicRMWKind> kind = rmwKindOfFetchName(name);
        if (!kind)
          return std::nullopt;
        sync.rmw = *kind;
      } else
        return std::nullopt;
      return sync;
    }
  }
  if (auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(callee);
      (method && name == "sync" &&
       llvm::StringRef(namespacePath(method->getParent()))
           .starts_with("cooperative_groups")) ||
      (name == "sync" && ns == "cooperative_groups" &&
       call->getNumArgs() == 1)) {
    const clang::CXXRecordDecl *group = nullptr;
    if (method) {
      bool arrow;
      if (const clang::Expr *object = memberObject(call, arrow))
        group = recordOf(object->getType());
    } else {
      group = recordOf(call->getArg(0)->getType());
    }
    llvm::StringRef groupName =
        group && group->getIdentifier() ? group->getName() : "";
    if (groupName == "thread_block")
      return Sync{SyncKind::Barrier};
    Sync sync{SyncKind::GroupSync};
    if (groupName == "grid_group") {
      sync.execScope = Scope::device;
    } else if (groupName == "cluster_group") {
      // barrier.cluster.arrive + barrier.cluster.wait: every thread of the
      // cluster, memory ordered at cluster scope (shared memory of the
      // other blocks included).
      sync.execScope = Scope::cluster;
    } else if (groupName == "coalesced_group") {
      // The active threads of one warp: part of a warp.
      sync.execScope = Scope::subgroup;
      sync.partial = true;
    } else if (groupName == "thread_block_tile") {
      // tiled_partition<N>: N threads of consecutive rank. Up to 32 it is
      // part of one warp (__syncwarp with the tile's mask); wider, it spans
      // warps (the toolkit synchronizes them through a word in shared
      // memory), a barrier over part of a block, which the dialect has no
      // op for.
      std::optional<uint64_t> width = tileWidth(group);
      if (width && *width <= 32) {
        sync.execScope = Scope::subgroup;
        sync.partial = true;
      } else if (width) {
        sync.refusal = "sync() of a thread_block_tile<" +
                       std::to_string(*width) +
                       "> is a barrier over part of a block (a tile wider "
                       "than a warp of 32), which xfence cannot represent";
      } else {
        sync.refusal = "sync() of a thread_block_tile whose width is not a "
                       "constant: a barrier over part of a warp or of a "
                       "block, which xfence cannot tell apart";
      }
    } else {
      // thread_group (tiled_partition(g, n), or any group converted to it)
      // and groups xfence does not know: what synchronizes is known only
      // at run time.
      sync.refusal =
          "sync() of a cooperative group of type '" +
          (groupName.empty() ? std::string("?") : groupName.str()) +
          "': which threads it waits for (a block, a tile of a width known "
          "at run time, a warp's active threads) is not known when "
          "translating; use thread_block, thread_block_tile<N> or "
          "cluster_group";
    }
    return sync;
  }
  if (ns == "cuda" || ns == "cuda::std") {
    if (name == "atomic_thread_fence") {
      Sync sync{SyncKind::ThreadFence};
      sync.scope = Scope::system;
      return sync;
    }
    if (name == "atomic_signal_fence") {
      Sync sync{SyncKind::ThreadFence};
      sync.signal = true;
      sync.scope = Scope::thread;
      return sync;
    }
    return std::nullopt;
  }
  if (!ns.empty())
    return std::nullopt;

  if (name == "__threadfence_block" || name == "__threadfence" ||
      name == "__threadfence_system") {
    Sync sync{SyncKind::Fence};
    sync.scope = name == "__threadfence_block" ? Scope::workgroup
                 : name == "__threadfence"     ? Scope::device
                                               : Scope::system;
    return sync;
  }
  // Clang's builtins for PTX's membar, which CUDA's headers define the
  // fences above with (membar.cta, membar.gl, membar.sys: seq_cst fences).
  if (llvm::StringRef ptx = name; ptx.consume_front("__nvvm_membar_"))
    if (std::optional<Scope> scope = scopeNamed(ScopeSpelling::PTX, ptx)) {
      Sync sync{SyncKind::Fence};
      sync.scope = *scope;
      return sync;
    }
  if (name == "__syncthreads")
    return Sync{SyncKind::Barrier};
  if (name == "__syncthreads_count" || name == "__syncthreads_and" ||
      name == "__syncthreads_or") {
    Sync sync{SyncKind::BarrierReduce};
    sync.reduction = name.ends_with("count") ? BarrierReduction::count
                     : name.ends_with("and") ? BarrierReduction::and_
                                             : BarrierReduction::or_;
    return sync;
  }
  if (name == "__syncwarp")
    return Sync{SyncKind::SyncWarp};
  if (callee->getBuiltinID() && name == "__atomic_thread_fence") {
    // The default (system) sync scope, as for the GNU atomics.
    Sync sync{SyncKind::ThreadFence};
    sync.scope = Scope::system;
    return sync;
  }
  if (callee->getBuiltinID() && name == "__atomic_signal_fence") {
    Sync sync{SyncKind::ThreadFence};
    sync.signal = true;
    sync.scope = Scope::thread;
    return sync;
  }
  if (callee->getBuiltinID() && name.starts_with("__sync_")) {
    Sync sync{SyncKind::Refused};
    sync.refusal = "the legacy GNU builtin '" + name.str() +
                   "' is not translated; use __atomic_<op>_n or "
                   "__atomic_fetch_<op> with an explicit order";
    return sync;
  }
  if (name == "__builtin_amdgcn_fence")
    return Sync{SyncKind::HipFence};
  if (name == "__builtin_amdgcn_s_barrier")
    return Sync{SyncKind::HipBarrier};
  static const llvm::Regex atomicName(
      "^atomic(Add|Sub|Exch|Min|Max|And|Or|Xor|Inc|Dec|CAS)(_block|_system)?$");
  llvm::SmallVector<llvm::StringRef, 3> m;
  if (atomicName.match(name, &m)) {
    Sync sync{SyncKind::AtomicFn};
    sync.order = MemoryOrder::relaxed;
    sync.scope = m[2] == "_block"    ? Scope::workgroup
                 : m[2] == "_system" ? Scope::system
                                     : Scope::device;
    if (m[1] == "CAS")
      sync.cas = true;
    else
      sync.rmw = *rmwKindOfAtomicName(m[1]);
    return sync;
  }
  return std::nullopt;
}

} // namespace

std::optional<clang::QualType> xfence::atomicValueType(clang::QualType type,
                                                       bool *isRef) {
  const clang::CXXRecordDecl *record = recordOf(type);
  auto *spec =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(record);
  if (!spec || !spec->getIdentifier())
    return std::nullopt;
  llvm::StringRef name = spec->getName();
  std::string ns = namespacePath(spec);
  if ((name != "atomic_ref" && name != "atomic") ||
      (ns != "cuda" && ns != "cuda::std"))
    return std::nullopt;
  const clang::TemplateArgumentList &args = spec->getTemplateArgs();
  if (args.size() == 0 || args[0].getKind() != clang::TemplateArgument::Type)
    return std::nullopt;
  if (isRef)
    *isRef = name == "atomic_ref";
  return args[0].getAsType();
}

bool xfence::isAtomicMemberSite(const clang::Stmt *site) {
  auto *call = llvm::dyn_cast<clang::CXXMemberCallExpr>(site);
  if (!call)
    return false;
  bool arrow;
  const clang::Expr *object = memberObject(call, arrow);
  return object && atomicValueType(object->getType());
}

std::vector<const clang::Expr *> xfence::siteOperands(const clang::Stmt *site) {
  std::vector<const clang::Expr *> operands;
  if (auto *atomic = llvm::dyn_cast<clang::AtomicExpr>(site)) {
    // As written: pointer, values, orders, scope (the node keeps them in
    // another order).
    using AE = clang::AtomicExpr;
    std::optional<Sync> sync = classifyHipAtomic(atomic);
    if (!sync || sync->kind == SyncKind::Refused) {
      // Not imported: its parts, in the node's order.
      for (const clang::Stmt *child : atomic->children())
        operands.push_back(llvm::cast<clang::Expr>(child));
      return operands;
    }
    AE::AtomicOp op = atomic->getOp();
    operands.push_back(atomic->getPtr());
    if (op != AE::AO__hip_atomic_load && op != AE::AO__atomic_load_n)
      operands.push_back(atomic->getVal1());
    if (atomic->isCmpXChg())
      operands.push_back(atomic->getVal2());
    // __atomic_compare_exchange_n(p, e, d, weak, s, f).
    if (op == AE::AO__atomic_compare_exchange_n)
      operands.push_back(atomic->getWeak());
    operands.push_back(atomic->getOrder());
    if (atomic->isCmpXChg())
      operands.push_back(atomic->getOrderFail());
    if (atomic->getScopeModel())
      operands.push_back(atomic->getScope());
    return operands;
  }
  auto *call = llvm::dyn_cast<clang::CallExpr>(site);
  if (!call)
    return operands;
  if (isAtomicMemberSite(site)) {
    bool arrow;
    operands.push_back(memberObject(call, arrow));
  }
  for (const clang::Expr *arg : call->arguments())
    operands.push_back(arg);
  return operands;
}

//===----------------------------------------------------------------------===//
// The importer
//===----------------------------------------------------------------------===//

namespace {

/// What the enumerator of value `value` of the enum `type` means, by its
/// name: the meaning of the first of `words` the name contains. Nothing if
/// `type` is no enum or no enumerator of that value names one of them.
template <typename T, size_t N>
std::optional<T>
byEnumeratorName(clang::QualType type, int64_t value,
                 const std::pair<llvm::StringLiteral, T> (&words)[N]) {
  const auto *enumType = type->getAs<clang::EnumType>();
  if (!enumType)
    return std::nullopt;
  for (const clang::EnumConstantDecl *c :
       enumType->getDecl()->getDefinitionOrSelf()->enumerators()) {
    if (c->getInitVal().getExtValue() != value)
      continue;
    for (const auto &[word, meaning] : words)
      if (c->getName().contains(word))
        return meaning;
  }
  return std::nullopt;
}

/// The scope named by the enumerator `value` of the enum `type`
/// (cuda::thread_scope), by its name.
std::optional<Scope> scopeFromEnum(clang::QualType type, int64_t value) {
  static constexpr std::pair<llvm::StringLiteral, Scope> kWords[] = {
      {"system", Scope::system},   {"device", Scope::device},
      {"cluster", Scope::cluster}, {"block", Scope::workgroup},
      {"thread", Scope::thread},
  };
  return byEnumeratorName(type, value, kWords);
}

/// The order of a memory_order value: by enumerator name when the type is
/// an enum, else C++'s numbering (relaxed 0 ... seq_cst 5), which is C11's
/// and so OpenCL's.
std::optional<MemoryOrder> orderFromValue(clang::QualType type, int64_t value) {
  // consume is acquire (C++17 advice).
  static constexpr std::pair<llvm::StringLiteral, MemoryOrder> kWords[] = {
      {"acq_rel", MemoryOrder::acq_rel}, {"seq_cst", MemoryOrder::seq_cst},
      {"relaxed", MemoryOrder::relaxed}, {"consume", MemoryOrder::acquire},
      {"acquire", MemoryOrder::acquire}, {"release", MemoryOrder::release},
  };
  if (std::optional<MemoryOrder> order = byEnumeratorName(type, value, kWords))
    return order;
  return orderFromOpenCL(value);
}

class Importer : public ImporterBase<Importer> {
  friend class StatementWalker<Importer>;

public:
  Importer(ParsedSource &src, MLIRContext *ctx, bool everyFunction)
      : ImporterBase(src, ctx), everyFunction(everyFunction),
        spaces(src.getContext(),
               [&src](const clang::Decl *d) { return isUserDecl(src, d); }) {
    // Each use of a macro that is one construct (`SYNC()`) is a site of
    // its own (SiteFinder): the uses may need different text.
    perUseMacroLocations = true;
  }

  bool run(ModuleOp module);

private:
  /// Imports the functions in namespaces and classes and the
  /// instantiations of templates too. The body of a lambda is always a
  /// function of its own (of those at the top level only, without).
  bool everyFunction;

  // Expressions, in evaluation order (statements: StatementWalker).
  void visitExpr(const clang::Expr *e);
  void visitDeclInit(const clang::VarDecl *var) {
    MemorySpaces written = toSpaces(CudaAddressSpaces::storageOfVar(var));
    if (written != MemorySpaces::none && !var->getType()->isReferenceType())
      AccessOp::create(builder, locOf(var->getSourceRange()), false, true,
                       written, var->getType().isVolatileQualified());
  }
  void visitAsm(const clang::Stmt *s) {
    if (std::optional<Sync> sync = classify(src, s))
      return importSync(s, *sync);
    OpaqueOp::create(builder, locOf(s), "asm");
  }
  void visitOtherStmt(const clang::Stmt *s) { visitChildren(s); }
  void visitAccess(const clang::Expr *, const clang::Expr *lvalue, bool read,
                   bool write) {
    access(lvalue, read, write);
  }
  void visitCall(const clang::CallExpr *call);
  void access(const clang::Expr *lvalue, bool read, bool write);

  void importSync(const clang::Stmt *s, const Sync &sync);
  void importAtomic(const clang::CallExpr *call, const Sync &sync);
  void importHipAtomic(const clang::AtomicExpr *atomic, const Sync &sync);
  void importGnuAtomic(const clang::AtomicExpr *atomic, const Sync &sync);
  /// The object of an atomic: its C type (canonical, unqualified), the
  /// dialect's type of it, a placeholder address in its memory.
  struct AtomicObject {
    clang::QualType valueType;
    Type type;
    Value addr;
    unsigned memory;
    bool isUnsigned;
  };
  std::optional<AtomicObject> atomicObject(const clang::Stmt *at,
                                           clang::QualType valueType,
                                           unsigned memory);
  void annotateAtomic(Operation *op, ArrayRef<int32_t> args,
                      const AtomicObject &object, llvm::StringRef form);
  /// How the source spells an order in its diagnostics (memory_order_x,
  /// __ATOMIC_X).
  using OrderSpelling = llvm::function_ref<std::string(MemoryOrder)>;
  using Annotate = llvm::function_ref<void(Operation *, ArrayRef<int32_t>)>;
  void importAccess(const clang::Stmt *call, MemberOp member,
                    AtomicRMWKind fetchKind, const AtomicObject &object,
                    Scope scope, MemoryOrder order, OrderSpelling spell,
                    Annotate annotate);
  bool checkCmpXchgOrders(const clang::Stmt *call, MemoryOrder success,
                          MemoryOrder failure, OrderSpelling spell);
  /// The constant `arg`, a `what` that `decode` reads from its value and
  /// type: `strongest` (with a warning) if it is not a constant; nothing
  /// after an error.
  template <typename T>
  std::optional<T>
  enumArg(const clang::Expr *arg, llvm::StringRef what, T strongest,
          std::optional<T> (*decode)(clang::QualType, int64_t));
  std::optional<MemoryOrder> orderArg(const clang::Expr *arg) {
    return enumArg(arg, "memory order", MemoryOrder::seq_cst, orderFromValue);
  }
  std::optional<Scope> scopeArg(const clang::Expr *arg) {
    return enumArg(arg, "thread scope", Scope::system, scopeFromEnum);
  }
  /// An error at the start of `s` (a statement: inline assembly has no
  /// expression location), hiding ImporterBase::error.
  void error(const clang::Stmt *s, const llvm::Twine &message) {
    errorAt(s->getBeginLoc(), message);
  }
  static MemorySpaces toSpaces(unsigned memory) {
    MemorySpaces result = MemorySpaces::none;
    if (memory & (kGlobalMemory | kConstantMemory))
      result = result | MemorySpaces::global;
    if (memory & kSharedMemory)
      result = result | MemorySpaces::local;
    return result;
  }

  CudaAddressSpaces spaces;
};

namespace {
/// A function template (not a member of a class template) that the file
/// never instantiates: its text is imported as written, so that the
/// synchronization that does not depend on its parameters is translated
/// (what depends on them is not a construct xfence can see, and stays).
bool isUninstantiatedTemplate(const clang::FunctionDecl *fn) {
  const clang::FunctionTemplateDecl *t = fn->getDescribedFunctionTemplate();
  return t && t->specializations().empty() &&
         !fn->getDeclContext()->isDependentContext();
}

/// The call operators of `lambda` that are code: the operator, or for a
/// generic lambda the instantiations of its template.
void lambdaCallOperators(const clang::LambdaExpr *lambda,
                         std::vector<clang::Decl *> &out) {
  if (const clang::FunctionTemplateDecl *generic =
          lambda->getDependentCallOperator()) {
    for (clang::FunctionDecl *spec : generic->specializations())
      if (spec->doesThisDeclarationHaveABody() && !spec->isDependentContext())
        out.push_back(spec);
    return;
  }
  clang::CXXMethodDecl *op = lambda->getCallOperator();
  if (op && op->doesThisDeclarationHaveABody() && !op->isDependentContext())
    out.push_back(op);
}

/// Every function with a body that is not a template pattern (unless
/// uninstantiated, above), in the order of the source: in namespaces and
/// classes, the instantiations of templates, and the call operators of
/// lambdas (which the traversal of the code that defines a lambda does not
/// visit as declarations: VisitLambdaExpr).
class FunctionCollector : public clang::DynamicRecursiveASTVisitor {
public:
  explicit FunctionCollector(std::vector<clang::Decl *> &out) : out(out) {
    ShouldVisitTemplateInstantiations = true;
  }
  bool VisitFunctionDecl(clang::FunctionDecl *fn) override {
    if (fn->doesThisDeclarationHaveABody() && !fn->isDefaulted() &&
        (!fn->isDependentContext() || isUninstantiatedTemplate(fn)))
      out.push_back(fn);
    return true;
  }
  bool VisitLambdaExpr(clang::LambdaExpr *lambda) override {
    lambdaCallOperators(lambda, out);
    return true;
  }

private:
  std::vector<clang::Decl *> &out;
};

/// The call operators of the lambdas defined in `fn` (nested ones too).
class LambdaCollector : public clang::DynamicRecursiveASTVisitor {
public:
  explicit LambdaCollector(std::vector<clang::Decl *> &out) : out(out) {}
  bool VisitLambdaExpr(clang::LambdaExpr *lambda) override {
    lambdaCallOperators(lambda, out);
    return true;
  }

private:
  std::vector<clang::Decl *> &out;
};

/// True for device code: a kernel, a __device__ function, or a lambda
/// that is __device__ by its own attribute or defined in device code
/// (clang makes a lambda without attributes __host__ __device__
/// implicitly, also in host code).
bool isDeviceFunction(const clang::FunctionDecl *fn) {
  if (fn->hasAttr<clang::CUDAGlobalAttr>())
    return true;
  const auto *device = fn->getAttr<clang::CUDADeviceAttr>();
  if (!device)
    return false;
  auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(fn);
  if (!device->isImplicit() || !method || !method->getParent()->isLambda())
    return true;
  const auto *outer = llvm::dyn_cast_or_null<clang::FunctionDecl>(
      method->getParent()->getDeclContext()->getNonClosureAncestor());
  return outer && isDeviceFunction(outer);
}
} // namespace

bool Importer::run(ModuleOp module) {
  std::vector<clang::Decl *> decls;
  if (everyFunction) {
    FunctionCollector(decls).TraverseAST(astCtx);
  } else {
    // The functions at the top level, each followed by its lambdas.
    for (clang::Decl *decl : topLevelDecls(astCtx)) {
      decls.push_back(decl);
      if (llvm::isa<clang::FunctionDecl>(decl))
        LambdaCollector(decls).TraverseDecl(decl);
    }
  }
  for (clang::Decl *decl : decls) {
    auto *fn = llvm::dyn_cast<clang::FunctionDecl>(decl);
    if (!fn || !fn->doesThisDeclarationHaveABody() || !isUserDecl(src, fn))
      continue;
    bool kernel = fn->hasAttr<clang::CUDAGlobalAttr>();
    if (!isDeviceFunction(fn))
      continue; // host code: not the device program
    std::string name =
        fn->getIdentifier() ? fn->getName().str() : fn->getNameAsString();
    if (fn->isTemplateInstantiation()) { // k<int>
      name.clear();
      llvm::raw_string_ostream os(name);
      fn->getNameForDiagnostic(os, astCtx.getPrintingPolicy(),
                               /*Qualified=*/false);
    }
    if (auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(fn))
      name = (method->getParent()->isLambda()
                  ? std::string("lambda")
                  : method->getParent()->getNameAsString()) +
             "::" + name;
    importFunction(module, fn, uniqueName(name), kernel,
                   locOf(fn->getBody()->getEndLoc()));
  }
  return !failed;
}

void Importer::access(const clang::Expr *lvalue, bool read, bool write) {
  // A constant (cuda::memory_order_release, a const int with a constant
  // initializer) is not memory the program shares.
  if (auto *ref =
          llvm::dyn_cast<clang::DeclRefExpr>(lvalue->IgnoreParenImpCasts()))
    if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
      if (!write && var->isUsableInConstantExpressions(astCtx))
        return;
  MemorySpaces touched = toSpaces(spaces.storageOf(lvalue));
  if (touched == MemorySpaces::none)
    return;
  AccessOp::create(builder, locOf(lvalue), read, write, touched,
                   lvalue->getType().isVolatileQualified());
}

void Importer::visitExpr(const clang::Expr *e) {
  if (!e)
    return;
  if (auto *call = llvm::dyn_cast<clang::CallExpr>(e))
    return visitCall(call);
  if (auto *atomic = llvm::dyn_cast<clang::AtomicExpr>(e)) {
    visitChildren(e);
    if (std::optional<Sync> sync = classify(src, atomic))
      return importSync(atomic, *sync);
    // GNU, C11 and scoped atomic builtins: not translated, and may
    // synchronize.
    OpaqueOp::create(builder, locOf(e), atomic->getOpAsString());
    return;
  }
  if (auto *pseudo = llvm::dyn_cast<clang::PseudoObjectExpr>(e)) {
    // threadIdx.x and friends: reads of special registers.
    if (llvm::isa<clang::MSPropertyRefExpr>(
            pseudo->getSyntacticForm()->IgnoreParens()))
      return;
    return visitChildren(e);
  }
  if (visitOperator(e))
    return;
  if (auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(e)) {
    for (const clang::Expr *arg : construct->arguments())
      visitExpr(arg);
    const clang::CXXConstructorDecl *ctor = construct->getConstructor();
    if (ctor && !ctor->isTrivial() && isUserDecl(src, ctor))
      OpaqueOp::create(builder, locOf(e), "constructor");
    return;
  }
  if (llvm::isa<clang::UnaryExprOrTypeTraitExpr>(e))
    return;
  if (auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(e)) {
    // Defining a lambda evaluates its captures only. The body runs where
    // the lambda is called (an opaque call, a user function's) and is
    // imported as a function of its own (run()).
    for (const clang::Expr *init : lambda->capture_inits())
      if (init)
        visitExpr(init);
    return;
  }
  visitChildren(e);
}

/// System functions that only compute (math, vector constructors, the
/// cooperative-groups accessors, work-item queries); every other function
/// of the toolkit is opaque (may touch memory, may synchronize: the warp
/// shuffles and votes, memcpy, printf, ...).
bool isPureSystemFunction(const clang::FunctionDecl *fn) {
  llvm::StringRef name = fn->getName();
  if (name.starts_with("make_") || name.starts_with("__fetch_builtin"))
    return true;
  if (llvm::StringRef(namespacePath(fn)).starts_with("cooperative_groups"))
    return name == "this_thread_block" || name == "this_grid" ||
           name == "this_cluster" || name == "coalesced_threads" ||
           name == "tiled_partition" || name == "thread_rank" ||
           name == "size" || name == "num_threads" || name == "group_index" ||
           name == "thread_index" || name == "meta_group_rank";
  static const llvm::Regex math(
      "^(__)?(exp|exp2|exp10|log|log2|log10|sqrt|rsqrt|cbrt|sin|cos|tan|"
      "asin|acos|atan|atan2|sinh|cosh|tanh|pow|fabs|fmin|fmax|fma|floor|ceil|"
      "round|trunc|fmod|fdivide|frsqrt_rn|mul24|umul24|popc|clz|ffs|min|max|"
      "abs|saturate|float2int_rn|int2float_rn)f?$");
  return math.match(name);
}

void Importer::visitCall(const clang::CallExpr *call) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  std::optional<Sync> sync = classify(src, call);
  if (sync && sync->kind == SyncKind::AtomicMember) {
    // The object expression is an lvalue (or pointer): evaluate it, it is
    // not itself a plain access.
    bool arrow;
    const clang::Expr *object = memberObject(call, arrow);
    if (arrow)
      visitExpr(object);
    else if (object)
      visitChildren(object);
  } else if (auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
    visitExpr(member->getImplicitObjectArgument());
  } else if (!llvm::isa<clang::CXXOperatorCallExpr>(call) && !callee) {
    visitExpr(call->getCallee());
  }
  for (const clang::Expr *arg : call->arguments())
    visitExpr(arg);
  if (sync)
    return importSync(call, *sync);
  if (!callee) {
    OpaqueOp::create(builder, locOf(call), "indirect call");
    return;
  }
  llvm::StringRef name =
      callee->getIdentifier() ? callee->getName() : llvm::StringRef("?");
  if (isUserDecl(src, callee)) {
    OpaqueOp::create(builder, locOf(call), name);
    return;
  }
  if (callee->getBuiltinID() && name.starts_with("__nvvm_read_ptx_sreg"))
    return;
  if (isPureSystemFunction(callee))
    return;
  if (name == "__ldg" && call->getNumArgs() == 1) {
    AccessOp::create(builder, locOf(call), true, false,
                     toSpaces(spaces.pointeeOf(call->getArg(0))), false);
    return;
  }
  OpaqueOp::create(builder, locOf(call), name);
}

template <typename T>
std::optional<T>
Importer::enumArg(const clang::Expr *arg, llvm::StringRef what, T strongest,
                  std::optional<T> (*decode)(clang::QualType, int64_t)) {
  std::optional<int64_t> value = constantOrStrongest(arg, what);
  if (!value)
    return strongest;
  std::optional<T> decoded =
      decode(arg->IgnoreParenImpCasts()->getType(), *value);
  if (!decoded)
    error(arg, "unknown " + what + " value " + llvm::Twine(*value));
  return decoded;
}

void Importer::importSync(const clang::Stmt *s, const Sync &sync) {
  Location loc = locOf(s);
  const MemorySpaces all = MemorySpaces::local | MemorySpaces::global;
  auto *call = llvm::dyn_cast<clang::CallExpr>(s);
  switch (sync.kind) {
  case SyncKind::Fence:
    FenceOp::create(builder, loc, sync.scope, sync.order, all);
    return;
  case SyncKind::ThreadFence: {
    if (!call || call->getNumArgs() < 1) {
      error(s, "expected a memory order argument");
      return;
    }
    std::optional<MemoryOrder> order = orderArg(call->getArg(0));
    std::optional<Scope> scope = sync.scope;
    if (!sync.signal && call->getNumArgs() >= 2)
      scope = scopeArg(call->getArg(1));
    if (!order || !scope)
      return;
    FenceOp::create(builder, loc, *scope, *order, all);
    return;
  }
  case SyncKind::Barrier:
    BarrierOp::create(builder, loc, Scope::workgroup, all);
    return;
  case SyncKind::BarrierReduce: {
    Value predicate = poison(builder.getI32Type());
    auto op = BarrierReduceOp::create(
        builder, loc, builder.getI32Type(), sync.reduction, predicate,
        Scope::workgroup, ScopeAttr::get(ctx, Scope::workgroup),
        MemoryOrderAttr::get(ctx, MemoryOrder::acq_rel), all);
    op->setAttr(srcattr::args, builder.getDenseI32ArrayAttr({0}));
    return;
  }
  case SyncKind::SyncWarp: {
    bool given = call && call->getNumArgs() >= 1 &&
                 !llvm::isa<clang::CXXDefaultArgExpr>(call->getArg(0));
    // A mask written as a constant with all 32 bits set is the full mask.
    clang::Expr::EvalResult value;
    bool full = !given || (call->getArg(0)->EvaluateAsInt(value, astCtx) &&
                           value.Val.getInt().getZExtValue() == 0xffffffffu);
    Value mask = full ? constant(builder.getI32Type(), -1)
                      : poison(builder.getI32Type());
    auto op = BarrierOp::create(builder, loc, Scope::subgroup, all, mask);
    op->setAttr(srcattr::args, builder.getDenseI32ArrayAttr({full ? -1 : 0}));
    return;
  }
  case SyncKind::GroupSync: {
    if (!sync.refusal.empty())
      return error(s, sync.refusal);
    Value mask = sync.partial ? poison(builder.getI32Type()) : Value();
    auto op = BarrierOp::create(builder, loc, sync.execScope, all, mask);
    if (sync.partial)
      op->setAttr(srcattr::args, builder.getDenseI32ArrayAttr({-1}));
    return;
  }
  case SyncKind::HipFence: {
    // __builtin_amdgcn_fence(order, "scope"): LLVM's AMDGPU sync scopes;
    // "" is the system, a "-one-as" scope orders one address space only
    // (imported as all of them: stronger, never weaker).
    if (!call || call->getNumArgs() != 2) {
      error(s, "expected a memory order and a scope name");
      return;
    }
    std::optional<MemoryOrder> order = orderArg(call->getArg(0));
    auto *literal = llvm::dyn_cast<clang::StringLiteral>(
        call->getArg(1)->IgnoreParenImpCasts());
    if (!order)
      return;
    if (!literal || !literal->isOrdinary()) {
      error(call->getArg(1), "expected the scope as a string literal");
      return;
    }
    llvm::StringRef name = literal->getString();
    name.consume_back("-one-as");
    std::optional<Scope> scope = scopeNamed(ScopeSpelling::AMDGPU, name);
    if (!scope) {
      error(call->getArg(1),
            "unknown AMDGPU sync scope '" + literal->getString() + "'");
      return;
    }
    if (*order == MemoryOrder::relaxed) {
      error(call->getArg(0), "a fence must be at least acquire or release");
      return;
    }
    FenceOp::create(builder, loc, *scope, *order, all);
    return;
  }
  case SyncKind::HipBarrier:
    // s_barrier waits for the work-group and orders no memory.
    BarrierOp::create(builder, loc, Scope::workgroup, ScopeAttr(),
                      MemoryOrderAttr(), MemorySpaces::none, Value());
    return;
  case SyncKind::AtomicFn:
  case SyncKind::AtomicMember:
    if (call)
      importAtomic(call, sync);
    return;
  case SyncKind::HipAtomic:
    if (auto *atomic = llvm::dyn_cast<clang::AtomicExpr>(s))
      importHipAtomic(atomic, sync);
    return;
  case SyncKind::GnuAtomic:
    if (auto *atomic = llvm::dyn_cast<clang::AtomicExpr>(s))
      importGnuAtomic(atomic, sync);
    return;
  case SyncKind::Refused:
    return error(s, sync.refusal);
  }
}

std::optional<Importer::AtomicObject>
Importer::atomicObject(const clang::Stmt *at, clang::QualType valueType,
                       unsigned memory) {
  if (valueType.isNull()) {
    error(at, "expected a pointer to the atomic object");
    return std::nullopt;
  }
  valueType = valueType.getCanonicalType().getUnqualifiedType();
  uint64_t bits = astCtx.getTypeSize(valueType);
  Type type;
  if (valueType->isRealFloatingType()) {
    type = bits == 64 ? Type(builder.getF64Type()) : builder.getF32Type();
  } else if (valueType->isIntegerType()) {
    type = builder.getIntegerType(bits);
  } else {
    error(at, "atomic object of type '" + valueType.getAsString() +
                  "' has no atomic operation");
    return std::nullopt;
  }
  unsigned addressSpace = memory == kGlobalMemory   ? 1
                          : memory == kSharedMemory ? 3
                                                    : 0;
  return AtomicObject{valueType, type,
                      poison(LLVM::LLVMPointerType::get(ctx, addressSpace)),
                      memory, valueType->isUnsignedIntegerType()};
}

void Importer::annotateAtomic(Operation *op, ArrayRef<int32_t> args,
                              const AtomicObject &object,
                              llvm::StringRef form) {
  clang::PrintingPolicy policy(lo);
  op->setAttr(srcattr::args, builder.getDenseI32ArrayAttr(args));
  op->setAttr(srcattr::ctype,
              builder.getStringAttr(object.valueType.getAsString(policy)));
  op->setAttr(srcattr::form, builder.getStringAttr(form));
  op->setAttr(srcattr::memory, builder.getI32IntegerAttr(object.memory));
}

/// An order as the GNU and HIP builtins spell it: __ATOMIC_SEQ_CST ...
static std::string atomicOrderName(MemoryOrder order) {
  return "__ATOMIC_" + stringifyMemoryOrder(order).upper();
}

/// The load, store, exchange or fetch-op `member` (fetchKind: the kind of a
/// fetch-op) on `object`, with the orders C++ [atomics.types.operations]
/// allows each: one body for the libcu++ members, HIP's builtins and GNU's
/// atomics, which differ only in how they name the order and the scope.
void Importer::importAccess(const clang::Stmt *call, MemberOp member,
                            AtomicRMWKind fetchKind, const AtomicObject &object,
                            Scope scope, MemoryOrder order, OrderSpelling spell,
                            Annotate annotate) {
  Location loc = locOf(call);
  Type type = object.type;
  auto badOrder = [&](llvm::StringRef what) {
    error(call, spell(order) + " is not allowed for " + what);
  };
  switch (member) {
  case MemberOp::Load: {
    if (order == MemoryOrder::release || order == MemoryOrder::acq_rel)
      return badOrder("an atomic load");
    auto op = AtomicLoadOp::create(builder, loc, type, object.addr,
                                   ValueRange(), scope, order);
    annotate(op, {0});
    return;
  }
  case MemberOp::Store: {
    // __ATOMIC_CONSUME reads as acquire (orderFromValue): not a store order.
    if (order == MemoryOrder::acquire || order == MemoryOrder::acq_rel)
      return badOrder("an atomic store");
    auto op = AtomicStoreOp::create(builder, loc, poison(type), object.addr,
                                    ValueRange(), scope, order);
    annotate(op, {1, 0});
    return;
  }
  case MemberOp::Exchange:
  case MemberOp::Fetch: {
    AtomicRMWKind kind =
        member == MemberOp::Exchange ? AtomicRMWKind::xchg : fetchKind;
    if (isa<FloatType>(type) && kind != AtomicRMWKind::fadd &&
        kind != AtomicRMWKind::xchg)
      return error(call, "atomic '" + stringifyAtomicRMWKind(kind).str() +
                             "' on a floating-point object");
    auto op = AtomicRMWOp::create(builder, loc, type, kind, object.addr,
                                  ValueRange(), poison(type), scope, order);
    annotate(op, {0, 1});
    return;
  }
  case MemberOp::CmpXchg:
    llvm_unreachable("compare-exchanges read their orders themselves");
  }
}

/// C++ [atomics.types.operations]: the failure order of a compare-exchange
/// is neither release nor acq_rel, and no stronger than the success order.
bool Importer::checkCmpXchgOrders(const clang::Stmt *call, MemoryOrder success,
                                  MemoryOrder failure, OrderSpelling spell) {
  if (failure == MemoryOrder::release || failure == MemoryOrder::acq_rel) {
    error(call, spell(failure) + " is not allowed for the failure order of a "
                                 "compare-exchange");
    return false;
  }
  if (!isAtLeast(success, failure)) {
    error(call, "the failure order of a compare-exchange cannot be stronger "
                "than its success order");
    return false;
  }
  return true;
}

void Importer::importAtomic(const clang::CallExpr *call, const Sync &sync) {
  std::vector<const clang::Expr *> operands = siteOperands(call);
  bool member = sync.kind == SyncKind::AtomicMember;
  clang::QualType valueType;
  unsigned memory;
  Scope scope = sync.scope;
  if (member) {
    bool arrow;
    const clang::Expr *object = memberObject(call, arrow);
    bool isRef = false;
    valueType = *atomicValueType(object->getType(), &isRef);
    // Where the atomic object lives: an atomic_ref refers to the object it
    // was made from; a cuda::atomic is itself the object.
    memory = arrow ? spaces.pointeeOf(object) : spaces.storageOf(object);
    if (isRef) {
      const clang::Expr *inner = object->IgnoreParenImpCasts();
      if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(inner)) {
        auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
        if (var && var->getInit()) {
          inner = var->getInit()->IgnoreParenImpCasts();
          memory = kAnyMemory;
        }
      }
      while (auto *tmp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(inner))
        inner = tmp->getSubExpr()->IgnoreParenImpCasts();
      if (auto *fc = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(inner))
        inner = fc->getSubExpr()->IgnoreParenImpCasts();
      if (auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(inner))
        if (construct->getNumArgs() == 1)
          memory = spaces.storageOf(construct->getArg(0));
    }
    // The scope is the template argument (cuda::atomic_ref<T, S>); the
    // cuda::std forms have none: system scope.
    scope = Scope::system;
    const clang::CXXRecordDecl *record = recordOf(object->getType());
    auto *spec = llvm::cast<clang::ClassTemplateSpecializationDecl>(record);
    const clang::TemplateArgumentList &targs = spec->getTemplateArgs();
    if (targs.size() >= 2 &&
        targs[1].getKind() == clang::TemplateArgument::Integral) {
      std::optional<Scope> s = scopeFromEnum(
          targs[1].getIntegralType(), targs[1].getAsIntegral().getExtValue());
      if (!s) {
        error(call, "unknown thread scope of the atomic object");
        return;
      }
      scope = *s;
    }
  } else {
    if (call->getNumArgs() < 2) {
      error(call, "expected a pointer and a value");
      return;
    }
    valueType = call->getArg(0)->getType()->getPointeeType();
    memory = spaces.pointeeOf(call->getArg(0));
  }
  std::optional<AtomicObject> object = atomicObject(call, valueType, memory);
  if (!object)
    return;
  Type type = object->type;
  Value addr = object->addr;
  auto rmwKind = [&](AtomicRMWKind kind) {
    return rmwKindForType(kind, object->isUnsigned, isa<FloatType>(type));
  };
  Location loc = locOf(call);
  auto annotate = [&](Operation *op, ArrayRef<int32_t> args) {
    annotateAtomic(op, args, *object, member ? "member" : "cuda");
  };

  if (!member) {
    if (sync.cas) {
      if (call->getNumArgs() < 3)
        return error(call, "expected a pointer, a compare and a value");
      auto op = AtomicCmpXchgOp::create(
          builder, loc, type, builder.getI1Type(), addr, ValueRange(),
          poison(type), poison(type), scope, MemoryOrder::relaxed,
          MemoryOrder::relaxed, false);
      annotate(op, {0, 1, 2});
      return;
    }
    AtomicRMWKind kind = rmwKind(sync.rmw);
    if (isa<FloatType>(type) && kind != AtomicRMWKind::fadd &&
        kind != AtomicRMWKind::xchg)
      return error(call, "atomic '" + stringifyAtomicRMWKind(kind).str() +
                             "' on a floating-point object");
    // The wrap bound of atomicInc/atomicDec, when it is a constant, is
    // recorded as a constant operand so that a backend can see whether the
    // wrapping makes a difference.
    Value value;
    int32_t valueArg = 1;
    clang::Expr::EvalResult bound;
    if ((kind == AtomicRMWKind::inc || kind == AtomicRMWKind::dec) &&
        !call->getArg(1)->isValueDependent() &&
        call->getArg(1)->EvaluateAsInt(bound, astCtx)) {
      value = constant(type, bound.Val.getInt().getZExtValue());
    }
    if (!value)
      value = poison(type);
    auto op = AtomicRMWOp::create(builder, loc, type, kind, addr, ValueRange(),
                                  value, scope, MemoryOrder::relaxed);
    annotate(op, {0, valueArg});
    return;
  }

  // Member functions: operand 0 is the object; its arguments follow.
  unsigned n = call->getNumArgs();
  auto orderAt = [&](unsigned i) -> std::optional<MemoryOrder> {
    if (i >= n || llvm::isa<clang::CXXDefaultArgExpr>(call->getArg(i)))
      return MemoryOrder::seq_cst;
    return orderArg(call->getArg(i));
  };
  auto spell = [](MemoryOrder o) {
    return "memory_order_" + stringifyMemoryOrder(o).str();
  };
  if (sync.member != MemberOp::CmpXchg) {
    // load(o), store(v, o), exchange(v, o), fetch_<op>(v, o).
    std::optional<MemoryOrder> order =
        orderAt(sync.member == MemberOp::Load ? 0 : 1);
    if (!order || n < 1)
      return;
    return importAccess(call, sync.member, rmwKind(sync.rmw), *object, scope,
                        *order, spell, annotate);
  }
  // compare_exchange_strong|weak(expected, desired[, success[, failure]]).
  if (n < 2)
    return error(call, "expected the expected and desired values");
  std::optional<MemoryOrder> success = orderAt(2);
  std::optional<MemoryOrder> failure;
  bool twoOrders =
      n >= 4 && !llvm::isa<clang::CXXDefaultArgExpr>(call->getArg(3));
  if (twoOrders)
    failure = orderAt(3);
  else if (success)
    // C++ [atomics.types.operations]: the failure order of the one-order
    // form is the success order without its release part.
    failure = *success == MemoryOrder::acq_rel   ? MemoryOrder::acquire
              : *success == MemoryOrder::release ? MemoryOrder::relaxed
                                                 : *success;
  if (!success || !failure ||
      !checkCmpXchgOrders(call, *success, *failure, spell))
    return;
  auto op = AtomicCmpXchgOp::create(
      builder, loc, type, builder.getI1Type(), addr, ValueRange(), poison(type),
      poison(type), scope, *success, *failure, sync.weak);
  annotate(op, {0, 1, 2});
}

/// __hip_atomic_load(p, o, s), _store(p, v, o, s), _exchange and
/// _fetch_<op>(p, v, o, s), _compare_exchange_strong|weak(p, expected *,
/// desired, success, failure, s): HIP's scoped atomics (clang builtins),
/// with the orders as __ATOMIC_* and the scope as __HIP_MEMORY_SCOPE_*.
void Importer::importHipAtomic(const clang::AtomicExpr *atomic,
                               const Sync &sync) {
  std::vector<const clang::Expr *> args = siteOperands(atomic);
  const clang::Expr *pointer = atomic->getPtr();
  std::optional<AtomicObject> object = atomicObject(
      atomic, pointer->getType()->getPointeeType(), spaces.pointeeOf(pointer));
  if (!object)
    return;
  Type type = object->type;
  // The legacy form where it is relaxed (atomicAdd ...), else C11's.
  auto annotate = [&](Operation *op, ArrayRef<int32_t> operands) {
    annotateAtomic(op, operands, *object, "c11");
  };
  const clang::Stmt *call = atomic;
  unsigned n = args.size();
  const clang::Expr *scopeExpr = args[n - 1];
  clang::Expr::EvalResult value;
  if (scopeExpr->isValueDependent() || !scopeExpr->EvaluateAsInt(value, astCtx))
    return error(scopeExpr, "the HIP memory scope is not a constant");
  // __HIP_MEMORY_SCOPE_*: clang's HIP scope model names the sync scope.
  std::unique_ptr<clang::AtomicScopeModel> model = atomic->getScopeModel();
  unsigned raw = value.Val.getInt().getExtValue();
  if (!model || !model->isValid(raw))
    return error(scopeExpr, "unknown HIP memory scope " + llvm::Twine(raw));
  std::optional<Scope> scope = scopeFromClang(model->map(raw));
  if (!scope)
    return error(scopeExpr, "HIP memory scope " + llvm::Twine(raw) +
                                " has no xfence scope");
  std::optional<MemoryOrder> order = orderArg(args[n - 2]);
  if (!order)
    return;
  if (sync.member != MemberOp::CmpXchg)
    return importAccess(
        call, sync.member,
        rmwKindForType(sync.rmw, object->isUnsigned, isa<FloatType>(type)),
        *object, *scope, *order, atomicOrderName, annotate);
  // _compare_exchange_*(p, expected *, desired, success, failure, scope).
  std::optional<MemoryOrder> success = orderArg(args[3]);
  if (!success || !checkCmpXchgOrders(call, *success, *order, atomicOrderName))
    return;
  auto op = AtomicCmpXchgOp::create(builder, locOf(atomic), type,
                                    builder.getI1Type(), object->addr,
                                    ValueRange(), poison(type), poison(type),
                                    *scope, *success, *order, sync.weak);
  annotate(op, {0, 1, 2});
}

/// __atomic_load_n(p, o), __atomic_store_n(p, v, o), __atomic_exchange_n
/// and __atomic_fetch_<op>(p, v, o), __atomic_compare_exchange_n(p,
/// expected *, desired, weak, success, failure): GNU's atomics, at the
/// system scope (classifyGnuAtomic), with the orders as __ATOMIC_*. An
/// order or a `weak` that is not a constant is refused: the translation
/// writes one order, and clang itself treats a non-constant order as
/// seq_cst only at run time.
void Importer::importGnuAtomic(const clang::AtomicExpr *atomic,
                               const Sync &sync) {
  const clang::Expr *pointer = atomic->getPtr();
  std::optional<AtomicObject> object = atomicObject(
      atomic, pointer->getType()->getPointeeType(), spaces.pointeeOf(pointer));
  if (!object)
    return;
  Type type = object->type;
  std::string name = atomic->getOpAsString().str();
  auto constantOrder =
      [&](const clang::Expr *arg) -> std::optional<MemoryOrder> {
    clang::Expr::EvalResult value;
    if (arg->isValueDependent() || !arg->EvaluateAsInt(value, astCtx)) {
      error(arg, "the memory order of '" + name +
                     "' is not a constant; xfence translates an atomic "
                     "with one known order");
      return std::nullopt;
    }
    return orderArg(arg);
  };
  std::optional<MemoryOrder> order = constantOrder(atomic->getOrder());
  if (!order)
    return;
  // Operands as written (siteOperands): the pointer first.
  if (sync.member != MemberOp::CmpXchg)
    return importAccess(
        atomic, sync.member,
        rmwKindForType(sync.rmw, object->isUnsigned, isa<FloatType>(type)),
        *object, sync.scope, *order, atomicOrderName,
        [&](Operation *op, ArrayRef<int32_t> operands) {
          annotateAtomic(op, operands, *object, "c11");
        });
  // __atomic_compare_exchange_n(p, expected *, desired, weak, success,
  // failure).
  std::optional<MemoryOrder> failure = constantOrder(atomic->getOrderFail());
  if (!failure)
    return;
  clang::Expr::EvalResult weakValue;
  const clang::Expr *weakArg = atomic->getWeak();
  if (weakArg->isValueDependent() || !weakArg->EvaluateAsInt(weakValue, astCtx))
    return error(weakArg,
                 "the 'weak' argument of '" + name + "' is not a constant");
  bool weak = weakValue.Val.getInt().getBoolValue();
  if (!checkCmpXchgOrders(atomic, *order, *failure, atomicOrderName))
    return;
  // The expected value is passed by pointer and, like a C++
  // compare_exchange's reference, receives the value read on failure; the
  // result is whether it stored: the "member" form, with operand 1 written as
  // the object the pointer points to (CudaSiteRewriter).
  auto op =
      AtomicCmpXchgOp::create(builder, locOf(atomic), type, builder.getI1Type(),
                              object->addr, ValueRange(), poison(type),
                              poison(type), sync.scope, *order, *failure, weak);
  annotateAtomic(op, {0, 1, 2}, *object, "member");
}

/// Collects the synchronization constructs of user code.
class SiteFinder : public clang::DynamicRecursiveASTVisitor {
public:
  SiteFinder(ParsedSource &src, MLIRContext *ctx,
             std::vector<CudaSyncSite> &sites, bool instantiations)
      : src(src), ctx(ctx), sites(sites) {
    ShouldVisitTemplateInstantiations = instantiations;
  }

  bool TraverseFunctionDecl(clang::FunctionDecl *fn) override {
    // Host code is left out of the translation.
    if (isHostOnlyFunction(fn))
      return true;
    return clang::DynamicRecursiveASTVisitor::TraverseFunctionDecl(fn);
  }

  bool VisitStmt(clang::Stmt *s) override {
    if (!llvm::isa<clang::CallExpr, clang::GCCAsmStmt, clang::AtomicExpr>(s) ||
        !src.isUserLocation(s->getBeginLoc()) || !classify(src, s))
      return true;
    clang::SourceManager &sm = src.getSourceManager();
    const clang::LangOptions &lo = src.getLangOpts();
    std::optional<FileCharRange> use =
        macroUseRange(sm, lo, s->getSourceRange());
    std::optional<FileCharRange> range =
        findRewriteRange(sm, lo, s->getSourceRange());
    CudaSyncSite site{s, range ? range : use, use,
                      toLocation(ctx, sm, lo, s->getSourceRange(),
                                 /*perUse=*/true)};
    // A template's pattern and its instantiations are one site. The
    // pattern's statement may be dependent (`atomic_ref<int, S>(s[i])
    // .fetch_add(v, o)` in a template kernel is a call of an unresolved
    // member, whose operands lack the object): an instantiation's
    // statement, whose operands are those of the ops, comes first (the
    // site rewriter takes the first of each location).
    auto [at, first] = siteAt.try_emplace(site.loc, sites.size());
    sites.push_back(site);
    if (!first && isDependent(sites[at->second].stmt) && !isDependent(s))
      std::swap(sites[at->second], sites.back());
    return true;
  }

private:
  static bool isDependent(const clang::Stmt *s) {
    const auto *e = llvm::dyn_cast<clang::Expr>(s);
    return e && e->isInstantiationDependent();
  }

  ParsedSource &src;
  MLIRContext *ctx;
  std::vector<CudaSyncSite> &sites;
  llvm::DenseMap<Location, size_t> siteAt;
};

} // namespace

OwningOpRef<ModuleOp> xfence::importCuda(ParsedSource &src,
                                         const CudaSourceOptions &options,
                                         MLIRContext *ctx, bool everyFunction) {
  OwningOpRef<ModuleOp> module = createImportModule(src, ctx);
  std::string toolkit = options.toolkit();
  setSourceAttr(*module, "cuda", options.source,
                {{"cuda_path", toolkit}, {"gpu_arch", options.gpuArch}});
  Importer importer(src, ctx, everyFunction);
  bool imported = importer.run(*module) && !src.hasErrors();
  return verifiedImport(std::move(module), imported);
}

std::vector<CudaSyncSite> xfence::findCudaSyncSites(ParsedSource &src,
                                                    MLIRContext *ctx,
                                                    bool instantiations) {
  std::vector<CudaSyncSite> sites;
  SiteFinder finder(src, ctx, sites, instantiations);
  finder.TraverseAST(src.getContext());
  return sites;
}
