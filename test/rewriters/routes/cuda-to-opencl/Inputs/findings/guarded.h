// A user header with a library #include before its include guard, included
// twice (HeCBench gmm's gaussian.h): the second #include must not read it
// untranslated.
#include <stdio.h>
#ifndef FINDINGS_GUARDED_H
#define FINDINGS_GUARDED_H
__device__ inline int guarded_twice(int x) { return 2 * x; }
#endif
