// A stand-in for the CUDA toolkit's math_constants.h where the tests run
// without the toolkit: a system header that defines constants as CUDA's
// does (the toolkit's own, where it is installed, comes first), some
// through CUDA's bit-cast intrinsics.
#pragma GCC system_header
#ifndef CUDART_PI_F
#define CUDART_PI_F 3.141592654F
#endif
#ifndef CUDART_INF_F
#define CUDART_INF_F __int_as_float(0x7f800000U)
#endif
#ifndef CUDART_NEG_ZERO
#define CUDART_NEG_ZERO __longlong_as_double(0x8000000000000000ULL)
#endif
#define CUDART_TWO_PI_F (2.0f * CUDART_PI_F)
