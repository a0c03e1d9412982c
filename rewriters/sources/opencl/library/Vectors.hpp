// Vectors.hpp - OpenCL C's vector types in C++ (CUDA, HIP, alpaka)
//
// ocl::vec<T, N> with OpenCL's lanes, swizzles, literals and lane-wise
// operators (OpenCL C 1.2 section 6.1.2, 6.3), carried by a translation whose
// kernel uses a vector (docs/opencl-to-cuda.md, "Types and built-in
// functions"). The functions are qualified by two macros that the
// translation's prelude defines from its target's spelling (TargetSyntax's
// library): XFENCE_OCL_HD for host and device, XFENCE_OCL_D for the device.
// This comment block is not copied into translations.

namespace ocl {
// The types a vector lane can hold.
template <class S> struct is_scalar : std::is_arithmetic<S> {};
// The lane type of a comparison's result: a signed integer of the same size.
template <class T>
using mask_t = std::conditional_t<
    sizeof(T) == 1, char,
    std::conditional_t<sizeof(T) == 2, short,
                       std::conditional_t<sizeof(T) == 4, int, long>>>;

template <class T, int N, int... I> struct lanes;

// An OpenCL vector of N lanes of T (N = 2, 3, 4, 8 or 16); as in OpenCL, 3
// lanes take the room and the alignment of 4.
template <class T, int N> struct vec {
  static constexpr int size = N;
  alignas(sizeof(T) * (N == 3 ? 4 : N)) T s[N == 3 ? 4 : N];

  // Lanes left as they are, as for an OpenCL vector without an
  // initializer; a trivial constructor also lets a __local vector become a
  // __shared__ one (CUDA and HIP allow no initialization there).
  vec() = default;
  // (floatN)(x): x converted and copied into every lane.
  template <class S, std::enable_if_t<is_scalar<S>::value, int> = 0>
  XFENCE_OCL_HD constexpr vec(S x) : s{} {
    for (int i = 0; i < N; ++i)
      s[i] = T(x);
  }
  // (floatN)(a, b, ...): scalars and vectors, lane after lane.
  template <class A, class B, class... R>
  XFENCE_OCL_HD constexpr vec(A a, B b, R... r) : s{} {
    int i = 0;
    put(i, a);
    put(i, b);
    (put(i, r), ...);
  }
  XFENCE_OCL_HD constexpr T &operator[](int i) { return s[i]; }
  XFENCE_OCL_HD constexpr const T &operator[](int i) const {
    return s[i];
  }
  // The swizzle v.wzyx as a value: v.get<3, 2, 1, 0>().
  template <int... I>
  XFENCE_OCL_HD constexpr vec<T, sizeof...(I)> get() const {
    return vec<T, sizeof...(I)>(s[I]...);
  }
  // The same on a volatile vector (a volatile int4 *p in OpenCL C): each
  // lane read or written once. Templates, so that the implicit copy and
  // assignment stay trivial.
  XFENCE_OCL_HD T operator[](int i) const volatile { return s[i]; }
  XFENCE_OCL_HD volatile T &operator[](int i) volatile { return s[i]; }
  template <int... I>
  XFENCE_OCL_HD vec<T, sizeof...(I)> get() const volatile {
    return vec<T, sizeof...(I)>(T(s[I])...);
  }
  template <class V, std::enable_if_t<std::is_same<V, vec>::value, int> = 0>
  XFENCE_OCL_HD V operator=(const V &x) volatile {
    for (int i = 0; i < N; ++i)
      s[i] = x.s[i];
    return x;
  }
  // The swizzle v.xz as a place to assign: v.ref<0, 2>() = ...
  template <int... I> XFENCE_OCL_HD constexpr lanes<T, N, I...> ref() {
    return lanes<T, N, I...>{*this};
  }
  // The same with the lanes as one constant, for text that must not hold a
  // comma (a macro's argument): hex digits after a leading 1,
  // v.getc<0x13210>() is v.get<3, 2, 1, 0>().
  template <unsigned long long C>
  XFENCE_OCL_HD static constexpr int count() {
    int n = 0;
    for (unsigned long long c = C; c > 0xF; c >>= 4)
      ++n;
    return n;
  }
  template <unsigned long long C, int K>
  XFENCE_OCL_HD static constexpr int laneAt() {
    return int((C >> (4 * (count<C>() - 1 - K))) & 0xF);
  }
  template <unsigned long long C, int... K>
  XFENCE_OCL_HD constexpr vec<T, sizeof...(K)>
  getc(std::integer_sequence<int, K...>) const {
    return get<laneAt<C, K>()...>();
  }
  template <unsigned long long C>
  XFENCE_OCL_HD constexpr vec<T, count<C>()> getc() const {
    return getc<C>(std::make_integer_sequence<int, count<C>()>());
  }
  template <unsigned long long C, int... K>
  XFENCE_OCL_HD constexpr lanes<T, N, laneAt<C, K>()...>
  refc(std::integer_sequence<int, K...>) {
    return ref<laneAt<C, K>()...>();
  }
  template <unsigned long long C> XFENCE_OCL_HD constexpr auto refc() {
    return refc<C>(std::make_integer_sequence<int, count<C>()>());
  }

private:
  template <class S> XFENCE_OCL_HD constexpr void put(int &i, S x) {
    s[i++] = T(x);
  }
  template <class S, int M>
  XFENCE_OCL_HD constexpr void put(int &i, const vec<S, M> &v) {
    for (int k = 0; k < M; ++k)
      s[i++] = T(v.s[k]);
  }
};

// Lanes I... of a vector, as the target of an assignment.
template <class T, int N, int... I> struct lanes {
  static constexpr int K = sizeof...(I);
  vec<T, N> &v;
  XFENCE_OCL_HD constexpr operator vec<T, K>() const {
    return v.template get<I...>();
  }
  XFENCE_OCL_HD constexpr vec<T, K> operator=(const vec<T, K> &x) {
    int k = 0;
    ((v.s[I] = x.s[k++]), ...);
    return *this;
  }
#define OCL_LANES_ASSIGN(op)                                                   \
  template <class X>                                                           \
  XFENCE_OCL_HD constexpr vec<T, K> operator op##=(const X &x) {             \
    return *this = static_cast<vec<T, K>>(*this) op x;                         \
  }
  OCL_LANES_ASSIGN(+) OCL_LANES_ASSIGN(-) OCL_LANES_ASSIGN(*)
  OCL_LANES_ASSIGN(/) OCL_LANES_ASSIGN(%) OCL_LANES_ASSIGN(&)
  OCL_LANES_ASSIGN(|) OCL_LANES_ASSIGN(^) OCL_LANES_ASSIGN(<<)
  OCL_LANES_ASSIGN(>>)
#undef OCL_LANES_ASSIGN
};

// A volatile vector read as a whole.
template <class T, int N>
XFENCE_OCL_HD vec<T, N> load(const volatile vec<T, N> &v) {
  vec<T, N> r;
  for (int i = 0; i < N; ++i)
    r.s[i] = v.s[i];
  return r;
}

// Lane i of a vector; a scalar is the same in every lane.
template <class T> XFENCE_OCL_HD constexpr T lane(const T &x, int) {
  return x;
}
template <class T, int N>
XFENCE_OCL_HD constexpr T lane(const vec<T, N> &v, int i) {
  return v[i];
}
// The most significant bit, which selects in select() and vector ?:.
template <class T> XFENCE_OCL_HD constexpr bool msb(T x) {
  return std::is_signed<T>::value ? x < 0 : (x >> (8 * sizeof(T) - 1)) != 0;
}

// Lane-wise operators. The result of a comparison or logical operator has
// -1 (all bits set) in the lanes where it holds, 0 elsewhere; shift counts
// are taken modulo the lane width.
#define OCL_BINARY(op, R, lanewise)                                            \
  template <class T, int N>                                                    \
  XFENCE_OCL_HD constexpr vec<R, N> operator op(const vec<T, N> &a,            \
                                                      const vec<T, N> &b) {    \
    vec<R, N> r;                                                               \
    for (int i = 0; i < N; ++i)                                                \
      r[i] = lanewise;                                                         \
    return r;                                                                  \
  }                                                                            \
  template <class T, int N, class S,                                           \
            std::enable_if_t<is_scalar<S>::value, int> = 0>                    \
  XFENCE_OCL_HD constexpr vec<R, N> operator op(const vec<T, N> &a,            \
                                                      S b) {                   \
    return a op vec<T, N>(b);                                                  \
  }                                                                            \
  template <class T, int N, class S,                                           \
            std::enable_if_t<is_scalar<S>::value, int> = 0>                    \
  XFENCE_OCL_HD constexpr vec<R, N> operator op(S a,                           \
                                                      const vec<T, N> &b) {    \
    return vec<T, N>(a) op b;                                                  \
  }
#define OCL_ARITHMETIC(op)                                                     \
  OCL_BINARY(op, T, T(a[i] op b[i]))                                           \
  template <class T, int N, class X>                                           \
  XFENCE_OCL_HD constexpr vec<T, N> &operator op##=(vec<T, N> &a,              \
                                                          const X &b) {        \
    return a = a op b;                                                         \
  }
#define OCL_SHIFT(op)                                                          \
  OCL_BINARY(op, T, T(a[i] op(b[i] & T(8 * sizeof(T) - 1))))                   \
  template <class T, int N, class X>                                           \
  XFENCE_OCL_HD constexpr vec<T, N> &operator op##=(vec<T, N> &a,              \
                                                          const X &b) {        \
    return a = a op b;                                                         \
  }
#define OCL_COMPARE(op)                                                        \
  OCL_BINARY(op, mask_t<T>, mask_t<T>(a[i] op b[i] ? -1 : 0))
OCL_ARITHMETIC(+) OCL_ARITHMETIC(-) OCL_ARITHMETIC(*) OCL_ARITHMETIC(/)
OCL_ARITHMETIC(%) OCL_ARITHMETIC(&) OCL_ARITHMETIC(|) OCL_ARITHMETIC(^)
OCL_SHIFT(<<) OCL_SHIFT(>>)
OCL_COMPARE(==) OCL_COMPARE(!=) OCL_COMPARE(<) OCL_COMPARE(>)
OCL_COMPARE(<=) OCL_COMPARE(>=) OCL_COMPARE(&&) OCL_COMPARE(||)
#undef OCL_COMPARE
#undef OCL_SHIFT
#undef OCL_ARITHMETIC
#undef OCL_BINARY

#define OCL_UNARY(op, R, lanewise)                                             \
  template <class T, int N>                                                    \
  XFENCE_OCL_HD constexpr vec<R, N> operator op(const vec<T, N> &a) {          \
    vec<R, N> r;                                                               \
    for (int i = 0; i < N; ++i)                                                \
      r[i] = lanewise;                                                         \
    return r;                                                                  \
  }
OCL_UNARY(+, T, a[i]) OCL_UNARY(-, T, T(-a[i])) OCL_UNARY(~, T, T(~a[i]))
OCL_UNARY(!, mask_t<T>, mask_t<T>(a[i] ? 0 : -1))
#undef OCL_UNARY
template <class T, int N>
XFENCE_OCL_HD constexpr vec<T, N> &operator++(vec<T, N> &a) {
  return a += T(1);
}
template <class T, int N>
XFENCE_OCL_HD constexpr vec<T, N> &operator--(vec<T, N> &a) {
  return a -= T(1);
}
template <class T, int N>
XFENCE_OCL_HD constexpr vec<T, N> operator++(vec<T, N> &a, int) {
  vec<T, N> old = a;
  a += T(1);
  return old;
}
template <class T, int N>
XFENCE_OCL_HD constexpr vec<T, N> operator--(vec<T, N> &a, int) {
  vec<T, N> old = a;
  a -= T(1);
  return old;
}
} // namespace ocl
