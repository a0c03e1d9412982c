//===- XFencePrecompiled.h - headers compiled once per build ---*- C++ -*-===//
//
// The LLVM, MLIR and Clang headers that most of xfence's translation units
// include (directly or through frontends/common/Importer.h): parsing them
// is most of what compiling one of those files costs. The build
// precompiles this header once (cmake/XFencePrecompiledHeaders.cmake) and
// the libraries' files start from it. Only headers of other projects belong
// here: xfence's own change too often, and a change here rebuilds
// everything.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_CMAKE_XFENCEPRECOMPILED_H
#define XFENCE_CMAKE_XFENCEPRECOMPILED_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/DialectConversion.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#endif // XFENCE_CMAKE_XFENCEPRECOMPILED_H
