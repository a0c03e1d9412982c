// CUDA to HIP: cuBLAS's v2 API and cuFFT take hipBLAS's and hipFFT's
// headers and names (`cublasSgemm`, a macro of cuBLAS's for
// cublasSgemm_v2, renamed where it is written; CUBLAS_OP_N; cufftHandle;
// CUFFT_FORWARD), from the same table as the runtime's (names.test checks
// each against both libraries' headers). HeCBench's blas-gemm, tgvnn and
// others were refused at the #include.
// REQUIRES: cuda-toolkit
// RUN: env XFENCE_VERIFY_OUTPUT=0 xfence translate %s --to hip -o %t.hip 2>%t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: grep -v '^ *// [A-Z-]*:' %t.hip | FileCheck %s
// RUN: not xfence translate %s --to hip -DXT -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=XT
// Where hipBLAS's and hipFFT's headers are (XFENCE_HIP_INCLUDE; Debian 12
// packages neither), the output check compiles the translation:
// RUN: %if hipblas-hipfft-headers %{ xfence translate %s --to hip --verify-output -o %t.checked.hip %}

// cuBLAS's header declares __half (it includes cuda_fp16.h); hipBLAS's
// does not.
// CHECK: #include <hipblas.h>
// CHECK-NEXT: #include <hip/hip_fp16.h>
// CHECK: #include <hipfft.h>
// CHECK: #include <hipfftXt.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <cufftXt.h>
#include <cstdio>
#include <type_traits>

// CHECK: #define CHECK_BLAS(x) if ((x) != HIPBLAS_STATUS_SUCCESS) printf("cublas error\n")
#define CHECK_BLAS(x) if ((x) != CUBLAS_STATUS_SUCCESS) printf("cublas error\n")

// The error-string functions of the CUDA samples' helper_cuda.h: a status
// that hipBLAS or hipFFT does not declare is one it never returns; its
// case label goes, with a warning, and the statements under it stay.
// CHECK-LABEL: const char *blasStatus(hipblasStatus_t s) {
// CHECK: case HIPBLAS_STATUS_SUCCESS:
// CHECK: /* xfence: case CUBLAS_STATUS_LICENSE_ERROR: (not in HIP's library) */
// CHECK-NEXT: return "CUBLAS_STATUS_LICENSE_ERROR";
// WARN: cublas-cufft.cu:[[@LINE+7]]:3: warning: case label 'CUBLAS_STATUS_LICENSE_ERROR' left out: HIP's library has no such value
const char *blasStatus(cublasStatus_t s) {
  switch (s) {
  case CUBLAS_STATUS_SUCCESS:
    return "CUBLAS_STATUS_SUCCESS";
  case CUBLAS_STATUS_NOT_INITIALIZED:
    return "CUBLAS_STATUS_NOT_INITIALIZED";
  case CUBLAS_STATUS_LICENSE_ERROR:
    return "CUBLAS_STATUS_LICENSE_ERROR";
  default:
    return "<unknown>";
  }
}
// helper_cuda.h declares its cuFFT error strings only `#ifdef _CUFFT_H_`
// (cuFFT's include guard): the test takes hipFFT's guard, defined where
// the file's #include of cuFFT became hipFFT's (HIP's headers define no
// _CUFFT_H_, and the function dropped out of the output).
// CHECK: #ifdef HIPFFT_H_
// CHECK-NEXT: const char *fftStatus(hipfftResult s) {
#ifdef _CUFFT_H_
// CHECK: /* xfence: case CUFFT_MISSING_DEPENDENCY: (not in HIP's library) */
// CHECK-NEXT: case HIPFFT_NOT_SUPPORTED:
// WARN: cublas-cufft.cu:[[@LINE+5]]:3: warning: case label 'CUFFT_MISSING_DEPENDENCY' left out
const char *fftStatus(cufftResult s) {
  switch (s) {
  case CUFFT_SUCCESS:
    return "ok";
  case CUFFT_MISSING_DEPENDENCY:
  case CUFFT_NOT_SUPPORTED:
    return "unsupported";
  default:
    return "error";
  }
}
#endif
// cuRAND's guard is defined in clang's CUDA parse (its CUDA wrappers include
// cuRAND's header; nvcc's do not): hipRAND's, in HIP, only where the file
// includes cuRAND's header, as with nvcc.
// CHECK: #if defined(HIPBLAS_H) && defined(HIPRAND_H_)
#if defined(CUBLAS_API_H_) && defined(CURAND_H_)
#define BLAS_AND_RAND 1
#endif

// cuBLAS's half-precision GEMMs take `__half` pointers, hipBLAS 5.3's
// `hipblasHalf` (uint16_t) pointers: each such argument is cast, also in a
// template whose arguments have a dependent type (HeCBench's blas-gemm
// did not compile as HIP).
// CHECK-LABEL: void gemm(hipblasHandle_t h, int n, const T *a, const T *b, T *c,
// CHECK: hipblasHgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, (const hipblasHalf *)(&alpha), (const hipblasHalf *)(a), n, (const hipblasHalf *)(b), n,
// CHECK-NEXT: (const hipblasHalf *)(&beta), (hipblasHalf *)(c), n);
// CHECK: hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, &alpha, a, n, b, n, &beta, c, n);
template <typename T>
void gemm(cublasHandle_t h, int n, const T *a, const T *b, T *c, T alpha,
          T beta) {
  if constexpr (std::is_same_v<T, __half>)
    cublasHgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &alpha, a, n, b, n,
                &beta, c, n);
  else
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &alpha, a, n, b, n, &beta, c, n);
}

// CHECK-LABEL: void gemmBatched(hipblasHandle_t h, int n, const __half *const *a,
// CHECK: hipblasHgemmBatched(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, (const hipblasHalf *)(&one), (const hipblasHalf *const *)(a), n, (const hipblasHalf *const *)(b), n, (const hipblasHalf *)(&one), (hipblasHalf *const *)(c), n, 2);
// CHECK: hipblasHgemmStridedBatched(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, (const hipblasHalf *)(&one), (const hipblasHalf *)(a[0]), n, n * n, (const hipblasHalf *)(b[0]), n, n * n, (const hipblasHalf *)(&one), (hipblasHalf *)(c[0]), n, n * n, 2);
void gemmBatched(cublasHandle_t h, int n, const __half *const *a,
                 const __half *const *b, __half *const *c) {
  const __half one = __float2half(1.0f);
  cublasHgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &one, c, n, 2);
  cublasHgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a[0], n, n * n, b[0], n, n * n, &one, c[0], n, n * n, 2);
}

int main() {
  const int n = 4;
  float *a, *b, *c;
  cudaMalloc(&a, n * n * sizeof(float));
  cudaMalloc(&b, n * n * sizeof(float));
  cudaMalloc(&c, n * n * sizeof(float));
  // CHECK: hipblasHandle_t handle;
  cublasHandle_t handle;
  CHECK_BLAS(cublasCreate(&handle));
  const float one = 1.0f, zero = 0.0f;
  // CHECK: CHECK_BLAS(hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_T, n, n, n, &one, a, n, b, n, &zero, c, n));
  CHECK_BLAS(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_T, n, n, n, &one, a, n, b, n, &zero, c, n));
  gemm(handle, n, a, b, c, one, zero);
  __half *h;
  cudaMalloc(&h, n * n * sizeof(__half));
  gemm<__half>(handle, n, h, h, h, __float2half(1.0f), __float2half(0.0f));
  // CHECK: hipblasDestroy(handle);
  cublasDestroy(handle);

  // CHECK: hipfftHandle plan;
  cufftHandle plan;
  // CHECK: hipfftPlan1d(&plan, n, HIPFFT_C2C, 1);
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  // CHECK: hipfftComplex *data;
  cufftComplex *data;
  cudaMalloc(&data, n * sizeof(cufftComplex));
  // CHECK: if (hipfftExecC2C(plan, data, data, HIPFFT_FORWARD) != HIPFFT_SUCCESS)
  if (cufftExecC2C(plan, data, data, CUFFT_FORWARD) != CUFFT_SUCCESS)
    return 1;
  // cuFFT's CUFFT_INVERSE is its CUFFT_BACKWARD (1): hipFFT has only the
  // latter.
  // CHECK: hipfftExecC2C(plan, data, data, HIPFFT_BACKWARD);
  cufftExecC2C(plan, data, data, CUFFT_INVERSE);
#ifdef XT
  // XT: cublas-cufft.cu:[[@LINE+1]]:3: error: 'cufftXtSetGPUs' has no HIP equivalent that xfence knows
  cufftXtSetGPUs(plan, 1, nullptr);
#endif
  cufftDestroy(plan);
  return cudaDeviceSynchronize() != cudaSuccess;
}
