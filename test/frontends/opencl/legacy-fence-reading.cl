// The order of the OpenCL C 1.x fences depends on the standard of the
// source (docs/semantics.md §2, OpenCL C): an importer takes the strongest
// meaning. OpenCL 1.2 §6.12.9 makes mem_fence a full fence ("loads and
// stores preceding the mem_fence will be committed to memory before any
// loads and stores following the mem_fence"): seq_cst. OpenCL C 2.0
// §6.13.8 defines it as acq_rel. read_mem_fence / write_mem_fence are
// acquire / release in both. Without -cl-std the source is OpenCL C 1.2.

// RUN: xfence-translate --import-opencl --opencl-std=CL1.2 %s | FileCheck %s --check-prefix=CL12
// RUN: xfence-translate --import-opencl %s | FileCheck %s --check-prefix=CL12
// RUN: xfence-translate --import-opencl --opencl-std=CL1.1 %s | FileCheck %s --check-prefix=CL12
// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 %s | FileCheck %s --check-prefix=CL20
// RUN: xfence-translate --import-opencl --opencl-std=CL3.0 %s | FileCheck %s --check-prefix=CL20

// The same through xfence translate, whose default -cl-std is CL1.2: a 1.2
// mem_fence is CUDA's seq_cst __threadfence_block(), a 2.0 one an acq_rel
// block fence.
// RUN: xfence translate %s --to cuda --no-coalesce -o - | FileCheck %s --check-prefix=CUDA12
// RUN: xfence translate %s --to cuda --no-coalesce -cl-std=CL2.0 -o - | FileCheck %s --check-prefix=CUDA20
// And through xfence compile (the raising of Clang's LLVM IR).
// RUN: xfence compile %s --to ptx --emit-mlir --no-coalesce -o - | FileCheck %s --check-prefix=IR12
// RUN: xfence compile %s --to ptx --emit-mlir --no-coalesce -cl-std=CL2.0 -o - | FileCheck %s --check-prefix=IR20

__kernel void k(__global int *data, __global int *flag, __global int *out) {
  data[get_global_id(0)] = 1;
  // CL12: xfence.fence workgroup seq_cst [local, global]
  // CL20: xfence.fence workgroup acq_rel [local, global]
  // CUDA12: __threadfence_block();
  // CUDA20: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  // IR12: xfence.fence workgroup seq_cst
  // IR20: xfence.fence workgroup acq_rel
  mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  flag[get_global_id(0)] = 1;
  int f = flag[get_global_id(0) ^ 1];
  // CL12: xfence.fence workgroup acquire [global]
  // CL20: xfence.fence workgroup acquire [global]
  read_mem_fence(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = data[get_global_id(0) ^ 1] + f;
  // CL12: xfence.fence workgroup release [global]
  // CL20: xfence.fence workgroup release [global]
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  out[0] = 2;
}
