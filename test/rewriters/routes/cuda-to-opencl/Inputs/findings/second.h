#include "guarded.h"
__device__ inline int second_plus(int x) { return guarded_twice(x) + 1; }
