// Host side shared by the three drivers of bench/litmus-scoped (cuda_host.cu,
// ptx_host.cpp, ocl_host.cpp): the placement of the threads of each litmus
// instance, the check of what they observed, and the table rows.
//
// The role ABI every role kernel has (CUDA, OpenCL C, HIP, PTX alike):
//
//   kernel(role, mem, off, res, arrive, ntest, meet, scratch, scratch_n)
//
//   role[t]   instance * 4 + j for thread j of an instance, -1 for a thread
//             that only stresses memory;
//   mem       the test locations: location k of instance i is
//             mem[off[4 * i + k]] (k < 3), each at a random 16-byte slot of
//             a 4 MiB span, all distinct;
//   res       what the threads of instance i observed: res[4 * i + k];
//   arrive    a counter the ntest test threads meet at before they start
//             (each spins at most `meet` times);
//   scratch   scratch_n words the stress threads hammer.
//
// The threads of one instance are always in different blocks (work-groups),
// chosen at random for every launch; half of all threads only stress memory.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace litmus {

enum class Shape { MP, SB, PC, IRIW, WRC, ISA2, LBV };

struct ShapeInfo {
  Shape shape;
  const char *prefix; // kernel names start with "<prefix>_"
  int threads;        // threads per instance (0: not a role test)
  const char *forbidden;
};

inline const ShapeInfo *shapeOf(const std::string &kernel) {
  static const ShapeInfo shapes[] = {
      {Shape::MP, "mp", 2, "flag=1 data=0"},
      {Shape::SB, "sb", 2, "r0=0 r1=0"},
      {Shape::PC, "pc", 2, "flag=1 stale payload"},
      {Shape::IRIW, "iriw", 4, "x=1 y=0 | y=1 x=0"},
      {Shape::WRC, "wrc", 3, "r0=1 r1=1 r2=0"},
      {Shape::ISA2, "isa2", 3, "r0=1 r1=1 r2=0"},
      {Shape::LBV, "lbv", 0, "wrong column sum"},
  };
  std::string head = kernel.substr(0, kernel.find('_'));
  for (const ShapeInfo &s : shapes)
    if (head == s.prefix)
      return &s;
  return nullptr;
}

// A kernel whose name ends in "_mutant" has a fence removed or narrowed:
// the outcome is allowed there, and a count above 0 shows that the harness
// can see it. Every other kernel must count 0.
inline bool isMutant(const std::string &kernel) {
  const std::string tail = "_mutant";
  return kernel.size() > tail.size() &&
         kernel.compare(kernel.size() - tail.size(), tail.size(), tail) == 0;
}

constexpr int kSpanWords = 1 << 20; // 4 MiB of test locations
constexpr int kScratchWords = 1 << 22;
constexpr int kSpinsOnGpu = 1 << 20; // `meet` on a GPU

// One launch's placement: role (threads entries), off (4 per instance).
class Placement {
public:
  Placement(int blockSize, int blocks, int threadsPerInstance)
      : bs(blockSize), threads(blockSize * blocks), k(threadsPerInstance),
        ninst(threads / 2 / threadsPerInstance), role(threads), off(4 * ninst),
        order(threads), slots(kSpanWords / 4) {
    for (int i = 0; i < (int)slots.size(); ++i)
      slots[i] = 4 * i;
  }

  void shuffle(std::mt19937 &rng) {
    std::fill(role.begin(), role.end(), -1);
    for (int i = 0; i < threads; ++i)
      order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    int next = 0;
    for (int inst = 0; inst < ninst; ++inst) {
      int blocksTaken[4];
      for (int j = 0; j < k; ++j) {
        // The thread at order[next], unless its block is taken: then swap a
        // random later thread in (half the threads are left, so one fits).
        for (;;) {
          int b = order[next] / bs;
          bool clash = false;
          for (int q = 0; q < j; ++q)
            clash |= blocksTaken[q] == b;
          if (!clash)
            break;
          int other = next + 1 + (int)(rng() % (unsigned)(threads - next - 1));
          std::swap(order[next], order[other]);
        }
        blocksTaken[j] = order[next] / bs;
        role[order[next++]] = inst * 4 + j;
      }
    }
    // Distinct random 16-byte slots for the 3 locations of every instance:
    // a partial Fisher-Yates shuffle of the slot list.
    for (int i = 0; i < 3 * ninst; ++i) {
      int j = i + (int)(rng() % (unsigned)(slots.size() - i));
      std::swap(slots[i], slots[j]);
    }
    for (int inst = 0; inst < ninst; ++inst) {
      for (int q = 0; q < 3; ++q)
        off[4 * inst + q] = slots[3 * inst + q];
      off[4 * inst + 3] = 0;
    }
  }

  const int bs, threads, k, ninst;
  std::vector<int> role, off;

private:
  std::vector<int> order, slots;
};

struct Count {
  unsigned long long instances = 0, seen = 0, forbidden = 0;
};

// res: 4 words per instance, 0xffffffff where a thread wrote nothing.
// `seen` counts the instances whose spinning reads all saw their flag (MP,
// PC, IRIW, WRC, ISA2) or all of them (SB): only those can show the
// forbidden outcome.
inline void check(Shape s, const unsigned *res, int ninst, Count &c) {
  for (int i = 0; i < ninst; ++i) {
    const unsigned *r = res + 4 * i;
    bool seen = false, bad = false;
    switch (s) {
    case Shape::MP:
      seen = r[0] == 1;
      bad = seen && r[1] == 0;
      break;
    case Shape::PC:
      seen = r[0] == 1;
      bad = seen && r[1] != 0;
      break;
    case Shape::SB:
      seen = r[0] <= 1 && r[1] <= 1;
      bad = r[0] == 0 && r[1] == 0;
      break;
    case Shape::IRIW:
      seen = r[0] == 1 && r[2] == 1;
      bad = seen && r[1] == 0 && r[3] == 0;
      break;
    case Shape::WRC:
    case Shape::ISA2:
      seen = r[0] == 1 && r[1] == 1;
      bad = seen && r[2] == 0;
      break;
    case Shape::LBV:
      break;
    }
    ++c.instances;
    c.seen += seen;
    c.forbidden += bad;
  }
}

// The last-block sum of a vector (bench/litmus, DEFINE_LBV): `groups`
// groups of `bpg` blocks of `bs` threads, each block adding `rows` rows.
struct LbvData {
  static constexpr int kBpg = 16, kRows = 4, kStride = 32;
  LbvData(int bs, int blocks, std::mt19937 &rng)
      : bs(bs), blocks(blocks), groups(blocks / kBpg),
        in((size_t)blocks * kRows * bs), expect((size_t)groups * bs, 0),
        out((size_t)groups * bs) {
    for (size_t i = 0; i < in.size(); ++i) {
      in[i] = rng();
      size_t block = i / ((size_t)kRows * bs), col = i % bs;
      if ((int)(block / kBpg) < groups)
        expect[(block / kBpg) * bs + col] += in[i];
    }
  }
  size_t partialWords() const { return (size_t)blocks * bs * kStride; }
  void check(Count &c) const {
    for (int g = 0; g < groups; ++g) {
      bool wrong = false;
      for (int col = 0; col < bs; ++col)
        wrong |= out[(size_t)g * bs + col] != expect[(size_t)g * bs + col];
      ++c.instances;
      ++c.seen;
      c.forbidden += wrong;
    }
  }
  const int bs, blocks, groups;
  std::vector<unsigned> in, expect, out;
};

inline void printHeader(FILE *f = stdout) {
  std::fprintf(f, "%-5s %-34s %-24s %10s %10s %10s  %s\n", "test", "form",
               "kernel", "instances", "seen", "forbidden", "verdict");
}

// One table row; returns false where a kernel that must show 0 did not.
inline bool printRow(const char *test, const std::string &form,
                     const std::string &kernel, const Count &c,
                     FILE *f = stdout) {
  bool mutant = isMutant(kernel);
  const char *verdict =
      mutant ? (c.forbidden ? "mutant: seen" : "mutant: not seen")
             : (c.forbidden ? "FAIL: forbidden outcome" : "ok");
  std::fprintf(f, "%-5s %-34s %-24s %10llu %10llu %10llu  %s\n", test,
               form.c_str(), kernel.c_str(), c.instances, c.seen, c.forbidden,
               verdict);
  std::fflush(f);
  return mutant || c.forbidden == 0;
}

// Launches for about `want` instances (at least one launch).
inline long launchesFor(long want, long perLaunch) {
  return std::max(1L, (want + perLaunch - 1) / perLaunch);
}

} // namespace litmus
