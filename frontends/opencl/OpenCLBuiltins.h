//===- OpenCLBuiltins.h - OpenCL C synchronization built-ins ----*- C++ -*-===//
//
// Which OpenCL C built-in functions synchronize, and how their arguments are
// laid out. One table for the importer and the rewriter.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_OPENCL_OPENCLBUILTINS_H
#define XFENCE_FRONTENDS_OPENCL_OPENCLBUILTINS_H

#include "frontends/names/OpenCLSyncNames.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

#include <optional>

namespace xfence {

/// The synchronization meaning of a call to `callee`, if it is one of the
/// OpenCL C built-ins (declared by the default header or implicitly, never
/// a user function of the same name).
std::optional<OpenCLSyncBuiltin>
classifyOpenCLSync(const clang::FunctionDecl *callee,
                   const clang::SourceManager &sm);

/// True if the call `call` of the synchronization built-in `b` has memory
/// scope work_group only because the OpenCL C specification gives it no
/// scope argument: mem_fence, read_mem_fence, write_mem_fence, barrier(F)
/// and work_group_barrier(F) (semantics.md §2). These, and only these, are
/// what `--opencl-global-fence=device` makes device-wide.
bool hasImpliedWorkGroupScope(const clang::CallExpr *call,
                              const OpenCLSyncBuiltin &b);

/// True if `callee` is an OpenCL built-in (no body, declared implicitly or
/// in a system header).
bool isOpenCLBuiltin(const clang::FunctionDecl *callee,
                     const clang::SourceManager &sm);

} // namespace xfence

#endif // XFENCE_FRONTENDS_OPENCL_OPENCLBUILTINS_H
