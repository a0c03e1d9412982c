// Stock mlir-opt-22 loads the xfence dialect and passes from the plugin.
// RUN: mlir-opt --load-dialect-plugin=%xfence_plugin %S/../dialect/ops.mlir | FileCheck %S/../dialect/ops.mlir
// RUN: mlir-opt --load-dialect-plugin=%xfence_plugin --load-pass-plugin=%xfence_plugin --pass-pipeline="builtin.module(func.func(xfence-coalesce))" %s | FileCheck %s
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN

// NOPLUGIN: Dialect `xfence' not found for custom op 'xfence.fence'

// CHECK-LABEL: func.func @f
// CHECK-NEXT:    xfence.fence device acq_rel [local, global]
// CHECK-NEXT:    return
func.func @f() {
  xfence.fence device release [global]
  xfence.fence workgroup acquire [local]
  return
}

// The raising pass on LLVM IR imported by stock mlir-translate, in a stock
// mlir-opt pipeline: an OpenCL C 2.0 mem_fence (acq_rel) next to the
// barrier is coalesced away. Read as OpenCL C 1.x (the default for IR of an
// unknown standard) it is seq_cst, which no barrier covers: it stays.
// RUN: mlir-translate --import-llvm %S/Inputs/raise.ll | mlir-opt --load-dialect-plugin=%xfence_plugin --load-pass-plugin=%xfence_plugin --pass-pipeline="builtin.module(xfence-raise-llvm{opencl-std=CL2.0},xfence-coalesce)" | FileCheck %s --check-prefix=RAISE
// RUN: mlir-translate --import-llvm %S/Inputs/raise.ll | mlir-opt --load-dialect-plugin=%xfence_plugin --load-pass-plugin=%xfence_plugin --pass-pipeline="builtin.module(xfence-raise-llvm,xfence-coalesce)" | FileCheck %s --check-prefix=RAISE12
// RAISE12: xfence.fence workgroup seq_cst [local]
// RAISE12-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
// RAISE-LABEL: llvm.func ptx_kernelcc @k
// RAISE-NEXT: llvm.mlir.constant
// RAISE-NEXT: llvm.store
// RAISE-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
// RAISE-NEXT: llvm.return
