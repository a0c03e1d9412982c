//===- OpenCLBuiltins.cpp - OpenCL C synchronization built-ins ------------===//

#include "frontends/opencl/OpenCLBuiltins.h"

using namespace xfence;

bool xfence::isOpenCLBuiltin(const clang::FunctionDecl *callee,
                             const clang::SourceManager &sm) {
  if (!callee || callee->hasBody())
    return false;
  clang::SourceLocation loc = callee->getLocation();
  return callee->isImplicit() || loc.isInvalid() || sm.isInSystemHeader(loc) ||
         callee->getBuiltinID() != 0;
}

std::optional<OpenCLSyncBuiltin>
xfence::classifyOpenCLSync(const clang::FunctionDecl *callee,
                           const clang::SourceManager &sm) {
  if (!isOpenCLBuiltin(callee, sm) || !callee->getIdentifier())
    return std::nullopt;
  return classifyOpenCLSyncName(callee->getName());
}

bool xfence::hasImpliedWorkGroupScope(const clang::CallExpr *call,
                                      const OpenCLSyncBuiltin &b) {
  return b.kind == OpenCLSync::LegacyFence ||
         (b.kind == OpenCLSync::WorkGroupBarrier && call->getNumArgs() == 1);
}
