// Runtime.hpp - the OpenCL runtime of an alpaka translation
//
// The part of an alpaka translation's prelude that stands in for the OpenCL
// runtime (docs/opencl-to-alpaka.md): the NDRange a kernel was launched on,
// each work-item's view of it (get_local_id, ...), the work-items'
// variables in the block's dynamic shared memory, the launch checks, and
// the C++ forms of the CUDA intrinsics the OpenCL built-in library calls
// (xfence_alpaka::cuda_*: the intrinsic on CUDA and HIP compilers, the same
// result elsewhere). This comment block is not copied into translations.

namespace xfence_alpaka {

// A global or local size of an OpenCL NDRange: 1, 2 or 3 dimensions.
struct Range {
  unsigned dims;
  std::size_t size[3];
  Range(std::size_t x) : dims(1), size{x, 1, 1} {}
  Range(std::size_t x, std::size_t y) : dims(2), size{x, y, 1} {}
  Range(std::size_t x, std::size_t y, std::size_t z)
      : dims(3), size{x, y, z} {}
};

// What a kernel knows of its launch: one alpaka block per work-group, the
// work-groups and the work-items of each numbered with dimension 0 fastest.
struct NDRange {
  std::uint32_t dims;
  std::uint32_t local[3];
  std::uint32_t groups[3];
  // Work-items per work-group.
  std::uint32_t items;
  // Where the work-items' own variables begin in the dynamic shared memory
  // (after the __local arguments), and its size.
  std::uint32_t privateBase, sharedBytes;
};

// One work-item: its work-group and its place in it, both linear.
struct WorkItem {
  const NDRange *nd;
  std::uint32_t group, item;

  ALPAKA_FN_HOST_ACC static std::size_t part(std::uint32_t linear,
                                             const std::uint32_t *extent,
                                             unsigned d) {
    return d == 0   ? linear % extent[0]
           : d == 1 ? linear / extent[0] % extent[1]
           : d == 2 ? linear / (extent[0] * extent[1])
                    : 0;
  }
  ALPAKA_FN_HOST_ACC unsigned get_work_dim() const { return nd->dims; }
  ALPAKA_FN_HOST_ACC std::size_t get_local_id(unsigned d) const {
    return part(item, nd->local, d);
  }
  ALPAKA_FN_HOST_ACC std::size_t get_group_id(unsigned d) const {
    return part(group, nd->groups, d);
  }
  ALPAKA_FN_HOST_ACC std::size_t get_local_size(unsigned d) const {
    return d < 3 ? nd->local[d] : 1;
  }
  ALPAKA_FN_HOST_ACC std::size_t get_enqueued_local_size(unsigned d) const {
    return get_local_size(d);
  }
  ALPAKA_FN_HOST_ACC std::size_t get_num_groups(unsigned d) const {
    return d < 3 ? nd->groups[d] : 1;
  }
  ALPAKA_FN_HOST_ACC std::size_t get_global_id(unsigned d) const {
    return d < 3 ? get_group_id(d) * nd->local[d] + get_local_id(d) : 0;
  }
  ALPAKA_FN_HOST_ACC std::size_t get_global_size(unsigned d) const {
    return d < 3 ? std::size_t(nd->groups[d]) * nd->local[d] : 1;
  }
  // The launch helpers launch at offset 0.
  ALPAKA_FN_HOST_ACC std::size_t get_global_offset(unsigned) const {
    return 0;
  }
  ALPAKA_FN_HOST_ACC std::size_t get_local_linear_id() const { return item; }
  ALPAKA_FN_HOST_ACC std::size_t get_global_linear_id() const {
    return (get_global_id(2) * get_global_size(1) + get_global_id(1)) *
               get_global_size(0) +
           get_global_id(0);
  }
};

// The variables that a work-item keeps across a barrier: one array per
// variable, with one element per work-item of the work-group, taken in
// order from the dynamic shared memory.
struct Private {
  unsigned char *at;
  std::uint32_t items;
  template <class T> ALPAKA_FN_ACC T *take() {
    std::uintptr_t p = reinterpret_cast<std::uintptr_t>(at);
    p = (p + alignof(T) - 1) / alignof(T) * alignof(T);
    at = reinterpret_cast<unsigned char *>(p) + sizeof(T) * items;
    return reinterpret_cast<T *>(p);
  }
};

// The bytes that Private::take takes for these types (alignment included).
template <class... T> constexpr std::size_t privateBytes(std::size_t items) {
  return ((alignof(T) - 1 + sizeof(T) * items) + ... + std::size_t(0));
}

template <class T> using ptr = T *;

inline std::size_t round16(std::size_t n) { return (n + 15) / 16 * 16; }

// The checks of clEnqueueNDRangeKernel that a launch helper makes, and the
// NDRange it launches.
struct Launch {
  NDRange nd{};
  std::size_t localBytes = 0;
  Launch(const Range &global, const Range &local) {
    if (global.dims != local.dims)
      throw std::invalid_argument(
          "xfence: the global and local sizes have different dimensions");
    nd.dims = global.dims;
    std::size_t items = 1, groups = 1;
    for (unsigned d = 0; d < 3; ++d) {
      if (local.size[d] == 0 || global.size[d] % local.size[d] != 0)
        throw std::invalid_argument("xfence: the global size is not a "
                                    "multiple of the local size");
      nd.local[d] = static_cast<std::uint32_t>(local.size[d]);
      nd.groups[d] = static_cast<std::uint32_t>(global.size[d] / local.size[d]);
      items *= local.size[d];
      groups *= nd.groups[d];
    }
    if (items > 0xffffffffu || groups > 0xffffffffu)
      throw std::invalid_argument("xfence: the NDRange is too large");
    nd.items = static_cast<std::uint32_t>(items);
  }
  // A CUDA launch of `grid` blocks of `block` threads: the NDRange of
  // grid * block work-items in work-groups of `block` (a dimension that one
  // of them lacks has size 1).
  static Launch cuda(const Range &grid, const Range &block) {
    Range global = grid, local = block;
    global.dims = local.dims = grid.dims > block.dims ? grid.dims : block.dims;
    for (unsigned d = 0; d < 3; ++d)
      global.size[d] = grid.size[d] * block.size[d];
    return Launch(global, local);
  }
  // Places a __local argument of `bytes`; returns its offset.
  std::size_t local(std::size_t bytes) {
    std::size_t at = localBytes;
    localBytes += round16(bytes);
    return at;
  }
  // The dynamic shared memory of a block: the __local arguments, then
  // the work-items' variables of types T.
  template <class... T> std::uint32_t sharedBytes() {
    nd.privateBase = static_cast<std::uint32_t>(localBytes);
    std::size_t bytes = localBytes + privateBytes<T...>(nd.items);
    if (bytes > 0xffffffffu)
      throw std::invalid_argument("xfence: too much shared memory");
    nd.sharedBytes = static_cast<std::uint32_t>(bytes);
    return nd.sharedBytes;
  }
  // One block per work-group: of one thread on the executors that allow no
  // more (alpaka's CPU executors), else of one thread per work-item.
  template <class Executor> auto threadSpec(Executor executor) const {
    std::uint32_t groups = nd.groups[0] * nd.groups[1] * nd.groups[2];
    std::uint32_t threads =
        alpaka::exec::isSeqExecutor_v<Executor> ? 1u : nd.items;
    return alpaka::onHost::ThreadSpec{groups, threads, executor};
  }
};

// The block's dynamic shared memory. alpaka 3's host executors (checked at
// alpaka3 41d2f6a) return the address of the chunk's last element of the
// type asked for, not its first: with unsigned char, the chunk's last byte.
ALPAKA_FN_ACC inline unsigned char *sharedMemory(auto const &acc,
                                                 const NDRange &nd) {
  unsigned char *p = alpaka::onAcc::getDynSharedMem<unsigned char>(acc);
  if constexpr (std::is_same_v<std::decay_t<decltype(acc.getApi())>,
                               alpaka::api::Host>)
    p = p + 1 - nd.sharedBytes;
  return p;
}

// The linear index of this block (work-group) and thread, and the number of
// threads of the block.
ALPAKA_FN_ACC inline std::uint32_t groupIndex(auto const &acc) {
  return static_cast<std::uint32_t>(acc[alpaka::layer::block].idx().x());
}
ALPAKA_FN_ACC inline std::uint32_t threadIndex(auto const &acc) {
  return static_cast<std::uint32_t>(acc[alpaka::layer::thread].idx().x());
}
ALPAKA_FN_ACC inline std::uint32_t threadCount(auto const &acc) {
  return static_cast<std::uint32_t>(acc[alpaka::layer::thread].count().x());
}

// CUDA's integer and fast-math intrinsics that the OpenCL built-ins are
// written with (mul24, popcount, native_sin, ...): the intrinsic itself
// where the compiler is CUDA's or HIP's device compiler, the same result in
// C++ elsewhere (the fast-math ones at full precision, which OpenCL's
// native_ and half_ functions allow: their accuracy is the
// implementation's).
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define XFENCE_INTRINSIC(name, cuda, cpu) return cuda;
#else
#define XFENCE_INTRINSIC(name, cuda, cpu) return cpu;
#endif
// The low 32 bits of the product of the low 24 bits, sign-extended.
ALPAKA_FN_HOST_ACC inline int cuda_mul24(int x, int y) {
  XFENCE_INTRINSIC(mul24, __mul24(x, y),
                   static_cast<int>(
                       static_cast<unsigned>(static_cast<int>(
                           static_cast<unsigned>(x) << 8) >> 8) *
                       static_cast<unsigned>(static_cast<int>(
                           static_cast<unsigned>(y) << 8) >> 8)))
}
ALPAKA_FN_HOST_ACC inline unsigned cuda_umul24(unsigned x, unsigned y) {
  XFENCE_INTRINSIC(umul24, __umul24(x, y), (x & 0xffffffu) * (y & 0xffffffu))
}
ALPAKA_FN_HOST_ACC inline int cuda_mulhi(int x, int y) {
  XFENCE_INTRINSIC(mulhi, __mulhi(x, y),
                   static_cast<int>((static_cast<long long>(x) * y) >> 32))
}
ALPAKA_FN_HOST_ACC inline unsigned cuda_umulhi(unsigned x, unsigned y) {
  XFENCE_INTRINSIC(umulhi, __umulhi(x, y),
                   static_cast<unsigned>(
                       (static_cast<unsigned long long>(x) * y) >> 32))
}
ALPAKA_FN_HOST_ACC inline long long cuda_mul64hi(long long x, long long y) {
  XFENCE_INTRINSIC(mul64hi, __mul64hi(x, y),
                   static_cast<long long>((static_cast<__int128>(x) * y) >>
                                          64))
}
ALPAKA_FN_HOST_ACC inline unsigned long long
cuda_umul64hi(unsigned long long x, unsigned long long y) {
  XFENCE_INTRINSIC(umul64hi, __umul64hi(x, y),
                   static_cast<unsigned long long>(
                       (static_cast<unsigned __int128>(x) * y) >> 64))
}
ALPAKA_FN_HOST_ACC inline int cuda_popc(unsigned x) {
  XFENCE_INTRINSIC(popc, __popc(x), __builtin_popcount(x))
}
ALPAKA_FN_HOST_ACC inline int cuda_popcll(unsigned long long x) {
  XFENCE_INTRINSIC(popcll, __popcll(x), __builtin_popcountll(x))
}
ALPAKA_FN_HOST_ACC inline int cuda_clz(int x) {
  XFENCE_INTRINSIC(clz, __clz(x),
                   x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)))
}
ALPAKA_FN_HOST_ACC inline int cuda_clzll(long long x) {
  XFENCE_INTRINSIC(clzll, __clzll(x),
                   x == 0 ? 64
                          : __builtin_clzll(static_cast<unsigned long long>(x)))
}
ALPAKA_FN_HOST_ACC inline int cuda_ffs(int x) {
  XFENCE_INTRINSIC(ffs, __ffs(x), __builtin_ffs(x))
}
ALPAKA_FN_HOST_ACC inline int cuda_ffsll(long long x) {
  XFENCE_INTRINSIC(ffsll, __ffsll(x), __builtin_ffsll(x))
}
// The fast-math functions of one float.
#define XFENCE_FAST_MATH(name, cpu)                                            \
  ALPAKA_FN_HOST_ACC inline float cuda_##name(float x) {                       \
    XFENCE_INTRINSIC(name, __##name(x), cpu)                                   \
  }
XFENCE_FAST_MATH(sinf, std::sin(x))
XFENCE_FAST_MATH(cosf, std::cos(x))
XFENCE_FAST_MATH(tanf, std::tan(x))
XFENCE_FAST_MATH(expf, std::exp(x))
XFENCE_FAST_MATH(exp10f, std::pow(10.0f, x))
XFENCE_FAST_MATH(logf, std::log(x))
XFENCE_FAST_MATH(log2f, std::log2(x))
XFENCE_FAST_MATH(log10f, std::log10(x))
#undef XFENCE_FAST_MATH
ALPAKA_FN_HOST_ACC inline float cuda_powf(float x, float y) {
  XFENCE_INTRINSIC(powf, __powf(x, y), std::pow(x, y))
}
ALPAKA_FN_HOST_ACC inline float cuda_fdividef(float x, float y) {
  XFENCE_INTRINSIC(fdividef, __fdividef(x, y), x / y)
}
// Floating-point to integer in a rounding mode, saturated (NaN gives 0):
// __float2int_rz, __double2ull_rn, ... (the default rounding mode of the
// host's floating-point environment is to nearest, which rn assumes).
template <class I, class F> ALPAKA_FN_HOST_ACC inline I saturate(F x) {
  if (x != x)
    return 0;
  if (x <= static_cast<F>(std::numeric_limits<I>::min()))
    return std::numeric_limits<I>::min();
  if (x >= static_cast<F>(std::numeric_limits<I>::max()))
    return std::numeric_limits<I>::max();
  return static_cast<I>(x);
}
#define XFENCE_TO_INT(F, fname, I, iname)                                      \
  ALPAKA_FN_HOST_ACC inline I cuda_##fname##2##iname##_rn(F x) {               \
    XFENCE_INTRINSIC(0, __##fname##2##iname##_rn(x),                           \
                     saturate<I>(std::nearbyint(x)))                           \
  }                                                                            \
  ALPAKA_FN_HOST_ACC inline I cuda_##fname##2##iname##_rz(F x) {               \
    XFENCE_INTRINSIC(0, __##fname##2##iname##_rz(x), saturate<I>(std::trunc(x))) \
  }                                                                            \
  ALPAKA_FN_HOST_ACC inline I cuda_##fname##2##iname##_ru(F x) {               \
    XFENCE_INTRINSIC(0, __##fname##2##iname##_ru(x), saturate<I>(std::ceil(x))) \
  }                                                                            \
  ALPAKA_FN_HOST_ACC inline I cuda_##fname##2##iname##_rd(F x) {               \
    XFENCE_INTRINSIC(0, __##fname##2##iname##_rd(x), saturate<I>(std::floor(x))) \
  }
XFENCE_TO_INT(float, float, int, int)
XFENCE_TO_INT(float, float, unsigned, uint)
XFENCE_TO_INT(float, float, long long, ll)
XFENCE_TO_INT(float, float, unsigned long long, ull)
XFENCE_TO_INT(double, double, int, int)
XFENCE_TO_INT(double, double, unsigned, uint)
XFENCE_TO_INT(double, double, long long, ll)
XFENCE_TO_INT(double, double, unsigned long long, ull)
#undef XFENCE_TO_INT
#undef XFENCE_INTRINSIC

} // namespace xfence_alpaka
