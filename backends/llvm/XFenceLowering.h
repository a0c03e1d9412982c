//===- XFenceLowering.h - what every xfence lowering shares -----*- C++ -*-===//
//
// The parts that the MLIR lowerings of xfence share whatever dialect they
// produce (PTX through NVVM, SPIR-V, the host CPU): the partial conversion
// of the xfence ops, the lookup in a table that maps an xfence enumeration
// to a target's names, and the module and dialects of the --export-*
// translations.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_LLVM_XFENCELOWERING_H
#define XFENCE_BACKENDS_LLVM_XFENCELOWERING_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/STLExtras.h"

#include <cassert>
#include <iterator>
#include <optional>
#include <utility>

namespace xfence {

/// The row of a mapping table whose `key` is `key`. A lowering writes each
/// mapping of an xfence enumeration (scope, order, read-modify-write kind)
/// to its target's forms as an array with one row per enumerator: a struct
/// with the enumerator in the member `key` where a row holds several forms,
/// or a pair of the enumerator and its form (lookup).
template <typename Row, size_t N>
const Row &lookupRow(const Row (&table)[N], decltype(Row::key) key) {
  const Row *row =
      llvm::find_if(table, [&](const Row &each) { return each.key == key; });
  assert(row != std::end(table) && "an enumerator without a row");
  return *row;
}

/// The form that a table of (enumerator, form) pairs gives `key`.
template <typename Key, typename Form, size_t N>
const Form &lookup(const std::pair<Key, Form> (&table)[N], Key key) {
  const auto *row = llvm::find_if(table, [&](const std::pair<Key, Form> &each) {
    return each.first == key;
  });
  assert(row != std::end(table) && "an enumerator without a row");
  return row->second;
}

/// The enumerator to which a table of (enumerator, form) pairs gives `form`,
/// or none: the mapping read backwards (a raising of the target's forms).
template <typename Key, typename Form, size_t N>
std::optional<Key> reverseLookup(const std::pair<Key, Form> (&table)[N],
                                 Form form) {
  const auto *row = llvm::find_if(table, [&](const std::pair<Key, Form> &each) {
    return each.second == form;
  });
  if (row == std::end(table))
    return std::nullopt;
  return row->first;
}

/// Converts the xfence ops nested in `root` with `patterns` and leaves every
/// other op as it is: a partial conversion into `target`, in which the
/// xfence dialect is illegal and an op of no dialect `target` names is
/// legal.
llvm::LogicalResult applyXFenceConversion(mlir::Operation *root,
                                          mlir::ConversionTarget &target,
                                          mlir::RewritePatternSet &&patterns);

/// The module that `--<translation>` lowers: `op`, if it is a builtin.module
/// that holds a gpu.module; null after an error at `op` otherwise.
mlir::ModuleOp getModuleToExport(mlir::Operation *op,
                                 llvm::StringRef translation);

/// The dialects of a module that an --export-* translation reads (xfence,
/// GPU, func, arith, cf, memref, SCF, LLVM) and all dialect extensions; the
/// translation adds its target's.
void registerExportDialects(mlir::DialectRegistry &registry);

} // namespace xfence

#endif // XFENCE_BACKENDS_LLVM_XFENCELOWERING_H
