// RUN: xfence-opt %s --xfence-legalize=target=ptx-sm70 | FileCheck %s --check-prefix=SM70
// RUN: xfence-opt %s --xfence-legalize=target=spirv-opencl | FileCheck %s --check-prefix=SPV
// Vulkan refuses it (legalize-errors-vulkan.mlir), and so does OpenCL C 1.2,
// whose barrier(F) orders memory as mem_fence does, acq_rel as OpenCL C 2.0
// defines it (legalize-errors-opencl12.mlir).

// A seq_cst barrier: bar.sync is acq_rel, so seq_cst fences around it.
// SM70-LABEL: func @seq_cst_barrier
// SM70-NEXT: xfence.fence workgroup seq_cst [local, global, image]
// SM70-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global, image]
// SM70-NEXT: xfence.fence workgroup seq_cst [local, global, image]
// SPV-LABEL: func @seq_cst_barrier
// SPV-NEXT: xfence.barrier workgroup memory workgroup seq_cst [local]
// SPV-NEXT: return
func.func @seq_cst_barrier() {
  xfence.barrier workgroup memory workgroup seq_cst [local]
  return
}
