// A CUDA kernel for raise-llvm-cuda.mlir, compiled by Clang without the
// toolkit (its builtins are Clang's own).
__attribute__((global)) void k(int *p) {
  p[0] = 1;
  __nvvm_membar_gl();
  p[1] = 2;
  __nvvm_membar_sys();
  __nvvm_membar_cta();
  __syncthreads();
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  p[2] = 3;
}
