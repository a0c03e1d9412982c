// A class with member functions in a header (HeCBench's chacha20.h,
// tensorAccessor.h): the header is inlined, translated.
#pragma once
class Counter {
  int count;

public:
  __device__ Counter() : count(0) {}
  __device__ void add(int v) { count += v; }
  __device__ int get() const { return count; }
};
