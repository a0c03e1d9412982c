// A stand-in for CUB's block collectives in the tests of xfence: the
// declarations that cub-collectives.cu calls, written for the tests
// (CUB itself is NVIDIA's; the test runs against it too where the CUDA
// toolkit is installed). Each collective's temporary storage is a nested
// TempStorage, as in CUB.
#pragma once
// libcu++'s operators, which CUB's Reduce takes (CUB 2 had cub::Max and
// cub::Min as well).
namespace cuda {
template <typename T = void> struct maximum {};
template <typename T = void> struct minimum {};
namespace std {
template <typename T = void> struct plus {};
} // namespace std
} // namespace cuda
namespace cub {
enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_WARP_SCANS };
struct Sum {};
struct Max {};
struct Min {};
template <typename T, int BLOCK_DIM_X,
          BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockReduce {
public:
  struct TempStorage {
    T partials[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };
  __device__ BlockReduce(TempStorage &storage);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int valid);
  template <typename Op> __device__ T Reduce(T input, Op op);
  template <typename Op> __device__ T Reduce(T input, Op op, int valid);
};
template <typename T, int BLOCK_DIM_X,
          BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockScan {
public:
  struct TempStorage {
    T partials[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
  };
  __device__ BlockScan(TempStorage &storage);
  __device__ void ExclusiveSum(T input, T &output);
  __device__ void ExclusiveSum(T input, T &output, T &aggregate);
  __device__ void InclusiveSum(T input, T &output);
  __device__ void InclusiveSum(T input, T &output, T &aggregate);
  template <typename Op>
  __device__ void InclusiveScan(T input, T &output, Op op);
};
template <typename T, int BLOCK_DIM_X> class BlockLoad {
public:
  struct TempStorage {
    T items[BLOCK_DIM_X];
  };
  __device__ BlockLoad(TempStorage &storage);
  __device__ void Load(const T *in, T (&items)[1]);
};
} // namespace cub
