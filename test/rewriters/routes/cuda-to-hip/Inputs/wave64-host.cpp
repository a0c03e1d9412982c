// Checks the warp helpers of a `translate --to hip` output (included as
// "helpers.h") on a wavefront of 64 lanes emulated on the host, against
// PTX's shfl.sync and vote.sync (PTX ISA, "Data Movement and Conversion
// Instructions: shfl.sync"; the c operand that CUDA's __shfl*_sync pass is
// ((32 - width) << 8) | 31, and (32 - width) << 8 for the up form).
//
// HIP 5.2's own shuffles (amd_warp_functions.h) are compiled, with the two
// AMDGPU operations they use emulated: __lane_id() (the lane being run) and
// ds_bpermute (the value of lane (address / 4) mod 64). __ballot is
// emulated too: bit l set where lane l is active and passed a value other
// than 0. The lanes run one after the other: a vote helper runs twice for
// every active lane, first to record what each lane passes to its n-th
// __ballot, then with those values (the helpers call __ballot
// unconditionally, as lanes in lockstep do). Each CUDA warp is one half of
// the wavefront. Prints the number of results that differ from CUDA's and
// exits 1 if there are any.
#include <cstdint>
#include <initializer_list>
#include <cstdio>
#include <cstdlib>

#define __device__
#define __AMDGCN_WAVEFRONT_SIZE 64

namespace emu {
inline int lane;
inline int values[64];
inline bool active[64];
inline int predicates[64];
// The vote helpers' __ballot calls: recording (first run) or answering.
inline bool recording;
inline int calls[64];
inline int passed[8][64];
} // namespace emu

inline unsigned __lane_id() { return emu::lane; }
inline int __builtin_amdgcn_ds_bpermute(int address, int) {
  return emu::values[(address >> 2) & 63];
}
inline unsigned long long __ballot(int value) {
  int call = emu::calls[emu::lane]++;
  if (emu::recording) {
    emu::passed[call][emu::lane] = value;
    return 0;
  }
  unsigned long long bits = 0;
  for (int l = 0; l < 64; ++l)
    if (emu::active[l] && emu::passed[call][l])
      bits |= 1ull << l;
  return bits;
}

// `vote(l)` for every active lane l, with the __ballot calls answered.
template <typename Vote> void runVote(Vote vote) {
  for (bool recording : {true, false}) {
    emu::recording = recording;
    for (int l = 0; l < 64; ++l) {
      emu::calls[l] = 0;
      if (emu::active[l]) {
        emu::lane = l;
        vote(l);
      }
    }
  }
}

#include <hip/amd_detail/amd_warp_functions.h>

#include "helpers.h"

enum Mode { Up, Down, Bfly, Idx };

// The source lane that PTX's shfl.sync gives `lane` of a warp, or `lane`
// itself where the computed one is out of range.
static int ptxSource(Mode mode, int lane, int b, int width) {
  int bval = b & 31;
  int cval = mode == Up ? 0 : 31;
  int segmask = (32 - width) & 31;
  int minLane = lane & segmask;
  int maxLane = minLane | (cval & ~segmask);
  int j = 0;
  bool inRange = false;
  switch (mode) {
  case Up:
    j = lane - bval;
    inRange = j >= maxLane;
    break;
  case Down:
    j = lane + bval;
    inRange = j <= maxLane;
    break;
  case Bfly:
    j = lane ^ bval;
    inRange = j <= maxLane;
    break;
  case Idx:
    j = minLane | (bval & ~segmask);
    inRange = j <= maxLane;
    break;
  }
  return inRange ? j : lane;
}

static int shuffle(Mode mode, int value, int b, int width) {
  switch (mode) {
  case Up:
    return xfence_shfl_up_sync(0xffffffffu, value, b, width);
  case Down:
    return xfence_shfl_down_sync(0xffffffffu, value, b, width);
  case Bfly:
    return xfence_shfl_xor_sync(0xffffffffu, value, b, width);
  case Idx:
    return xfence_shfl_sync(0xffffffffu, value, b, width);
  }
  return 0;
}

int main() {
  long checked = 0, differ = 0;
  for (int l = 0; l < 64; ++l)
    emu::values[l] = 1000 + 7 * l;
  for (Mode mode : {Up, Down, Bfly, Idx})
    for (int width = 1; width <= 32; width *= 2)
      for (int b = -70; b <= 100; ++b)
        for (int l = 0; l < 64; ++l) {
          emu::lane = l;
          int warpBase = l & 32, warpLane = l & 31;
          int expected =
              emu::values[warpBase + ptxSource(mode, warpLane, b, width)];
          int got = shuffle(mode, emu::values[l], b, width);
          ++checked;
          if (got != expected && differ++ < 5)
            std::printf("mode %d width %d lane operand %d lane %d: %d, CUDA "
                        "%d\n",
                        mode, width, b, l, got, expected);
        }
  // Votes: each lane active with probability 3/4, predicates at random;
  // a warp's lanes are the ones its mask names (those that are active).
  std::srand(7);
  for (int round = 0; round < 2000; ++round) {
    for (int l = 0; l < 64; ++l) {
      emu::active[l] = round < 1000 || std::rand() % 4 != 0;
      emu::predicates[l] = round % 3 == 0 ? 1 : std::rand() % 2;
    }
    unsigned masks[2] = {0, 0}, votes[2] = {0, 0};
    for (int l = 0; l < 64; ++l)
      if (emu::active[l]) {
        masks[l / 32] |= 1u << (l & 31);
        if (emu::predicates[l])
          votes[l / 32] |= 1u << (l & 31);
      }
    unsigned ballot[64], activemask[64];
    int any[64], all[64], uni[64];
    // CUDA's mask names the warp's active lanes.
    runVote([&](int l) {
      ballot[l] = xfence_ballot_sync(masks[l / 32], emu::predicates[l]);
    });
    runVote([&](int l) { activemask[l] = xfence_activemask(); });
    runVote([&](int l) {
      any[l] = xfence_any_sync(masks[l / 32], emu::predicates[l]);
    });
    runVote([&](int l) {
      all[l] = xfence_all_sync(masks[l / 32], emu::predicates[l]);
    });
    runVote([&](int l) {
      uni[l] = xfence_uni_sync(masks[l / 32], emu::predicates[l]);
    });
    for (int l = 0; l < 64; ++l) {
      if (!emu::active[l])
        continue;
      unsigned mask = masks[l / 32], voted = votes[l / 32];
      bool ok = ballot[l] == voted && activemask[l] == mask &&
                any[l] == (voted != 0) && all[l] == (voted == mask) &&
                uni[l] == (voted == 0 || voted == mask);
      ++checked;
      if (!ok && differ++ < 5)
        std::printf("vote round %d lane %d: ballot %08x any %d all %d uni %d "
                    "active %08x, CUDA %08x of %08x\n",
                    round, l, ballot[l], any[l], all[l], uni[l],
                    activemask[l], voted, mask);
    }
  }
  std::printf("%ld results checked, %ld differ from CUDA's\n", checked,
              differ);
  return differ != 0;
}
