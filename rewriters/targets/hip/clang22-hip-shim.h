// What the check of `--to hip` outputs reads before the file (-include).
//
// HIP 5.2's <hip/hip_fp16.h> (which hipRAND and rocPRIM include too) calls
// __llvm_amdgcn_rcp_f16 and __llvm_amdgcn_rcp_2f16, which the clang of HIP
// 5.2's time declared in its HIP headers and clang 22's do not: under clang
// 22 no file that includes it compiles, a mismatch of Debian 12's two
// packages and not of the translation. These are the two, as clang's f16
// reciprocal builtin (v_rcp_f16, what the old declarations named). Nothing
// a translation writes uses them.
#pragma clang system_header
#if defined(__clang_major__) && __clang_major__ >= 22
__device__ inline _Float16 __llvm_amdgcn_rcp_f16(_Float16 x) {
  return __builtin_amdgcn_rcph(x);
}
__device__ inline __2f16 __llvm_amdgcn_rcp_2f16(__2f16 x) {
  return __2f16{__builtin_amdgcn_rcph(x.x), __builtin_amdgcn_rcph(x.y)};
}
#endif
