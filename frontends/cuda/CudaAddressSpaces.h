//===- CudaAddressSpaces.h - where CUDA pointers point ----------*- C++ -*-===//
//
// CUDA has one generic address space; OpenCL C 1.2 has named ones and the
// importer wants to know which memory an access touches. This analysis
// infers, for every pointer variable of user code, the set of memories it
// may point into: a kernel's pointer parameter points to global memory (the
// host passes device buffers), a __shared__ variable is local memory, a
// __constant__ one constant memory, a __device__ variable global memory, an
// automatic variable private memory; pointer parameters of __device__
// functions get the union over their call sites, pointer variables the
// union over their initializer and assignments (a fixpoint), assignments
// through a reference to the pointer (`int *&r = p; r = s;`) included;
// references (parameters, variables) the memories of the objects bound to
// them. A pointer whose address is taken (`&p`) or that a library function
// takes by reference may point anywhere. A pointer
// parameter of a __device__ function without call sites that is the pointer
// of a CUDA atomic there is taken to point to global memory. A pointer
// member of a struct is one variable for all objects of the struct: the
// union over the stores into it (`s.p = e`, `s->p = e`, initializer lists);
// the pointer members of a struct that a kernel takes by value point to
// global memory (the host fills them with device buffers).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_CUDA_CUDAADDRESSSPACES_H
#define XFENCE_FRONTENDS_CUDA_CUDAADDRESSSPACES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace xfence {

/// A set of memories (bits).
enum CudaMemory : unsigned {
  kNoMemory = 0,
  kGlobalMemory = 1,
  kSharedMemory = 2,
  kConstantMemory = 4,
  kPrivateMemory = 8,
  kAnyMemory = 15,
};

/// The declarations at the top of the translation unit, with those inside
/// `extern "C" { ... }` (and `extern "C" f(...)`) in place of their linkage
/// specification and those of a namespace in place of the namespace (the
/// toolkit's too: callers keep the user's).
std::vector<clang::Decl *> topLevelDecls(const clang::ASTContext &ctx);

/// True for a function of host code only (neither __global__ nor
/// __device__; constexpr functions are implicitly both).
bool isHostOnlyFunction(const clang::FunctionDecl *fn);

/// The function (a function template's pattern) that a friend declaration
/// names, or null for a friend class.
const clang::FunctionDecl *friendFunction(const clang::Decl *member);

class CudaAddressSpaces {
public:
  /// Analyses the functions of user code (`isUser` says which declarations
  /// are the user's).
  CudaAddressSpaces(clang::ASTContext &ctx,
                    llvm::function_ref<bool(const clang::Decl *)> isUser);

  /// The memories an object denoted by the lvalue `e` may live in.
  unsigned storageOf(const clang::Expr *e) const;
  /// The memories the pointer (or array) expression `e` may point into.
  unsigned pointeeOf(const clang::Expr *e) const;
  /// The memories the pointer variable `var` may point into (for a
  /// reference: where the object it refers to may be).
  unsigned pointeeOf(const clang::VarDecl *var) const;
  /// The memories the pointer that `fn` returns may point into (its
  /// return statements'; kAnyMemory for a function of the toolkit or one
  /// whose returns the analysis does not see).
  unsigned pointeeOfResult(const clang::FunctionDecl *fn) const;
  /// The memories the pointer member `field` may point into (kAnyMemory
  /// where nothing is stored into it in device code).
  unsigned pointeeOf(const clang::FieldDecl *field) const;
  /// True if device code stores into the pointer member `field`, or a
  /// kernel takes its struct by value.
  bool knows(const clang::FieldDecl *field) const {
    return points.count(field);
  }
  /// The memory of a variable's own storage.
  static unsigned storageOfVar(const clang::VarDecl *var);

  /// A flow of a pointer value into a variable or a struct member: `var`
  /// may point wherever `from` points.
  /// With `storage`, `var` is a reference: it refers to where the object
  /// `from` is.
  struct Flow {
    const clang::ValueDecl *var;
    const clang::Expr *from;
    bool storage = false;
  };

private:
  void
  seedUncalledAtomicParams(clang::ASTContext &ctx,
                           llvm::function_ref<bool(const clang::Decl *)> isUser,
                           llvm::ArrayRef<Flow> flows);

  /// Per pointer variable or member: the memories it may point into.
  llvm::DenseMap<const clang::ValueDecl *, unsigned> points;
};

} // namespace xfence

#endif // XFENCE_FRONTENDS_CUDA_CUDAADDRESSSPACES_H
