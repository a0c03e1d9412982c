// Message passing between the two blocks of a thread-block cluster (sm_90),
// through distributed shared memory: the writer, in one block, stores the
// data and then the flag into the OTHER block's shared memory (through
// cooperative_groups::this_cluster().map_shared_rank); the reader, in that
// block, spins on the flag in its own shared memory and then reads the
// data. Every access is a relaxed cluster-scope access (st/ld.relaxed
// .cluster); the variants differ in the fences or the flag's order:
//
//   cl        fence.acq_rel.cluster in both threads              must be 0
//   clra      st.release.cluster / ld.acquire.cluster of the flag  must be 0
//   gpu       fence.acq_rel.gpu in both (what xfence writes for a
//             cluster-scope fence in CUDA C++: device scope)       must be 0
//   cta       fence.acq_rel.cta in both: the fence narrowed to the
//             block, as xfence's narrow-local rule once did for
//             fences whose only space is shared memory             mutant
//   cl_cta    writer cluster, reader cta                           mutant
//   cta_cl    writer cta, reader cluster                           mutant
//   ctara     st.release.cta / ld.acquire.cta of the flag          mutant
//   none      no fence                                             mutant
//
// Forbidden (where not a mutant): flag seen 1, data read 0. Three layouts:
// ss (data and flag both in the reader block's shared memory: the case of
// the brief), sg (data there, flag in global memory) and gs (data in global
// memory, flag in shared memory), since a fence may order the two paths
// (the SM-to-SM network and the L2) differently from one path.
//
// Placement: one block of 1024 threads per SM (160 KiB of dynamic shared
// memory each), as many clusters as can run at once; in each cluster half
// the threads of each block are test threads, paired at random across the
// two blocks (512 instances per cluster), each pair's reader in a random
// one of the two blocks, its data and flag at random words of a 64 KiB
// span of that block's shared memory; the other threads hammer the other
// block's shared memory and global memory. Each launch runs 8 rounds, each
// between two cluster.sync() (a cluster-scope barrier, which also meets the
// threads; each block zeroes its test words before the first one). The
// global words (data or flag) of a launch are all distinct and zeroed by
// the host before it: clusters run their rounds at their own pace, so a
// global word must never pass from one instance to another in a launch.
//
//   cluster [instances per row] [filter]
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "harness.h"

namespace cg = cooperative_groups;

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, \
                  __LINE__);                                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

constexpr int kBlock = 1024;
constexpr int kSpan = 16384;  // test words in each block's shared memory
constexpr int kStress = 4096; // stress words after them
constexpr int kSmemBytes = 160 * 1024;
constexpr int kGlobalWords = 1 << 22;
constexpr int kRounds = 8;
static_assert((kSpan + kStress) * 4 <= kSmemBytes, "shared memory");

enum Layout { SS, SG, GS };
enum Variant { CL, CLRA, GPU, CTA, CL_CTA, CTA_CL, CTARA, NONE };

__device__ __forceinline__ void stRelaxed(unsigned *p, unsigned v) {
  asm volatile("st.relaxed.cluster.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ unsigned ldRelaxed(const unsigned *p) {
  unsigned v;
  asm volatile("ld.relaxed.cluster.u32 %0, [%1];"
               : "=r"(v)
               : "l"(p)
               : "memory");
  return v;
}

template <int V> __device__ __forceinline__ void writerFence() {
  if constexpr (V == CL || V == CL_CTA)
    asm volatile("fence.acq_rel.cluster;" ::: "memory");
  else if constexpr (V == GPU)
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
  else if constexpr (V == CTA || V == CTA_CL)
    asm volatile("fence.acq_rel.cta;" ::: "memory");
}
template <int V> __device__ __forceinline__ void readerFence() {
  if constexpr (V == CL || V == CTA_CL)
    asm volatile("fence.acq_rel.cluster;" ::: "memory");
  else if constexpr (V == GPU)
    asm volatile("fence.acq_rel.gpu;" ::: "memory");
  else if constexpr (V == CTA || V == CL_CTA)
    asm volatile("fence.acq_rel.cta;" ::: "memory");
}
template <int V> __device__ __forceinline__ void storeFlag(unsigned *p) {
  if constexpr (V == CLRA)
    asm volatile("st.release.cluster.u32 [%0], 1;" ::"l"(p) : "memory");
  else if constexpr (V == CTARA)
    asm volatile("st.release.cta.u32 [%0], 1;" ::"l"(p) : "memory");
  else
    stRelaxed(p, 1);
}
template <int V> __device__ __forceinline__ unsigned loadFlag(unsigned *p) {
  unsigned v;
  if constexpr (V == CLRA)
    asm volatile("ld.acquire.cluster.u32 %0, [%1];"
                 : "=r"(v)
                 : "l"(p)
                 : "memory");
  else if constexpr (V == CTARA)
    asm volatile("ld.acquire.cta.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  else
    v = ldRelaxed(p);
  return v;
}

// role[round][thread]: instance * 2 + (0 writer | 1 reader), -1 stress.
// loc[round][instance][4]: data word, flag word in the reader block's
// shared memory; data word, flag word in g. res[round][instance][2]: the
// flag seen, the data read. blockSm[block]: the SM the block ran on.
template <int L, int V>
__global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(kBlock, 1)
    mpCluster(const int *role, const int *loc, unsigned *g, unsigned *res,
              unsigned *blockSm, volatile unsigned *scratch, int scratchN,
              int ninst) {
  extern __shared__ unsigned smem[];
  cg::cluster_group cluster = cg::this_cluster();
  const unsigned rank = cluster.block_rank();
  const int tid = threadIdx.x, t = blockIdx.x * kBlock + tid;
  const int threads = gridDim.x * kBlock;
  if (tid == 0) {
    unsigned sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    blockSm[blockIdx.x] = sm;
  }
  unsigned *other = cluster.map_shared_rank(smem, rank ^ 1);
  for (int round = 0; round < kRounds; ++round) {
    // The block's test words start at 0 in every round; the global words
    // need no reset: each is used by one instance of one round per launch
    // and zeroed by the host before the launch.
    for (int w = tid; w < kSpan; w += kBlock)
      smem[w] = 0;
    const int r = role[round * threads + t];
    const int *l = loc + 4 * (round * ninst + (r >= 0 ? r >> 1 : 0));
    cluster.sync();
    if (r < 0) {
      unsigned s = (t + round * 7919) * 2654435761u;
      volatile unsigned *os = other + kSpan;
      for (int i = 0; i < 32; ++i) {
        s = s * 1664525u + 1013904223u;
        volatile unsigned *p =
            (i & 1) ? os + (s >> 8) % kStress : scratch + s % scratchN;
        *p = *p + 1;
      }
    } else if ((r & 1) == 0) {
      unsigned *data = L == GS ? g + l[2] : other + l[0];
      unsigned *flag = L == SG ? g + l[3] : other + l[1];
      stRelaxed(data, 1);
      writerFence<V>();
      storeFlag<V>(flag);
    } else {
      unsigned *data = L == GS ? g + l[2] : smem + l[0];
      unsigned *flag = L == SG ? g + l[3] : smem + l[1];
      unsigned v;
      int spins = 0;
      while ((v = loadFlag<V>(flag)) == 0 && ++spins < 20000) {
      }
      readerFence<V>();
      unsigned *out = res + 2 * (round * ninst + (r >> 1));
      out[0] = v;
      out[1] = ldRelaxed(data);
    }
    cluster.sync();
  }
}

using Kernel = void (*)(const int *, const int *, unsigned *, unsigned *,
                        unsigned *, volatile unsigned *, int, int);

struct Row {
  Layout layout;
  Variant variant;
  Kernel kernel;
};

static const char *layoutName(Layout l) {
  return l == SS ? "ss" : l == SG ? "sg" : "gs";
}
static const char *layoutForm(Layout l) {
  return l == SS   ? "cluster: data smem, flag smem"
         : l == SG ? "cluster: data smem, flag global"
                   : "cluster: data global, flag smem";
}
static const char *variantName(Variant v) {
  static const char *names[] = {
      "cl",           "clra",          "gpu",
      "cta_mutant",   "cl_cta_mutant", "cta_cl_mutant",
      "ctara_mutant", "none_mutant"};
  return names[v];
}

#define ROWS(L)                                                                \
  {L, CL, mpCluster<L, CL>}, {L, CLRA, mpCluster<L, CLRA>},                    \
      {L, GPU, mpCluster<L, GPU>}, {L, CTA, mpCluster<L, CTA>},                \
      {L, CL_CTA, mpCluster<L, CL_CTA>}, {L, CTA_CL, mpCluster<L, CTA_CL>},    \
      {L, CTARA, mpCluster<L, CTARA>}, {                                       \
    L, NONE, mpCluster<L, NONE>                                                \
  }

int main(int argc, char **argv) {
  long want = argc > 1 ? std::atol(argv[1]) : 1100000;
  const char *filter = argc > 2 ? argv[2] : "";
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  if (prop.major < 9) {
    std::printf("# cluster: needs sm_90 (thread-block clusters); this is "
                "sm_%d%d\n",
                prop.major, prop.minor);
    return 2;
  }
  const Row rows[] = {ROWS(SS), ROWS(SG), ROWS(GS)};
  for (const Row &row : rows)
    CK(cudaFuncSetAttribute(
        row.kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes));
  // As many clusters as can be resident at once.
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(prop.multiProcessorCount / 2 * 2);
  config.blockDim = dim3(kBlock);
  config.dynamicSmemBytes = kSmemBytes;
  int clusters = 0;
  if (cudaOccupancyMaxActiveClusters(&clusters, rows[0].kernel, &config) !=
          cudaSuccess ||
      clusters <= 0) {
    (void)cudaGetLastError();
    clusters = prop.multiProcessorCount / 2;
    std::printf("# cluster: cudaOccupancyMaxActiveClusters failed; using %d "
                "clusters\n",
                clusters);
  }
  const int blocks = 2 * clusters, threads = blocks * kBlock;
  const int perCluster = kBlock / 2, ninst = clusters * perCluster;
  if ((long)2 * ninst * kRounds > kGlobalWords) {
    std::printf("# cluster: %d clusters need more than %d global words\n",
                clusters, kGlobalWords);
    return 2;
  }
  std::printf("# cluster: %s, %d clusters of 2 blocks x %d threads resident, "
              "%d instances x %d rounds per launch, about %ld instances "
              "per row\n",
              prop.name, clusters, kBlock, ninst, kRounds, want);

  int *dRole, *dLoc;
  unsigned *dG, *dRes, *dBlockSm, *dScratch;
  CK(cudaMalloc(&dRole, (size_t)kRounds * threads * sizeof(int)));
  CK(cudaMalloc(&dLoc, (size_t)kRounds * ninst * 4 * sizeof(int)));
  CK(cudaMalloc(&dG, kGlobalWords * sizeof(unsigned)));
  CK(cudaMalloc(&dRes, (size_t)kRounds * ninst * 2 * sizeof(unsigned)));
  CK(cudaMalloc(&dBlockSm, blocks * sizeof(unsigned)));
  CK(cudaMalloc(&dScratch, litmus::kScratchWords * sizeof(unsigned)));
  CK(cudaMemset(dScratch, 0, litmus::kScratchWords * sizeof(unsigned)));
  CK(cudaMemset(dG, 0, kGlobalWords * sizeof(unsigned)));

  std::mt19937 rng(12345);
  std::vector<int> role((size_t)kRounds * threads),
      loc((size_t)kRounds * ninst * 4);
  std::vector<unsigned> res((size_t)kRounds * ninst * 2), blockSm(blocks);
  std::vector<int> words(kSpan), gwords(kGlobalWords), order(kBlock);
  for (int i = 0; i < kSpan; ++i)
    words[i] = i;
  for (int i = 0; i < kGlobalWords; ++i)
    gwords[i] = i;
  auto pick = [&](std::vector<int> &v, int n) {
    for (int i = 0; i < n; ++i)
      std::swap(v[i], v[i + rng() % (v.size() - i)]);
  };

  // One round's placement into role/loc at `round`. The global words of a
  // launch are all distinct (picked once per launch, 2 per instance of every
  // round): the clusters do not wait for each other, so a word that two
  // rounds shared could be stored to by one cluster while another cluster
  // still runs (or already runs) its own round on it: a flag set by the
  // other instance, or data zeroed under the reader, which the first run
  // counted as forbidden outcomes of the correct forms.
  auto place = [&](int round) {
    int *rl = role.data() + (size_t)round * threads;
    int *lc = loc.data() + (size_t)round * ninst * 4;
    const int *gw = gwords.data() + (size_t)round * ninst * 2;
    std::fill(rl, rl + threads, -1);
    for (int c = 0; c < clusters; ++c) {
      int tests[2][kBlock / 2];
      for (int b = 0; b < 2; ++b) {
        for (int i = 0; i < kBlock; ++i)
          order[i] = i;
        pick(order, perCluster);
        for (int i = 0; i < perCluster; ++i)
          tests[b][i] = (2 * c + b) * kBlock + order[i];
      }
      // Shared-memory words for the instances each block hosts.
      int hosted[2] = {0, 0};
      std::vector<int> home(perCluster);
      for (int k = 0; k < perCluster; ++k)
        hosted[home[k] = rng() & 1]++;
      int slotBase[2] = {0, 0};
      std::vector<int> slots[2];
      for (int b = 0; b < 2; ++b) {
        pick(words, 2 * hosted[b]);
        slots[b].assign(words.begin(), words.begin() + 2 * hosted[b]);
      }
      for (int k = 0; k < perCluster; ++k) {
        int inst = c * perCluster + k, h = home[k];
        rl[tests[h][k]] = inst * 2 + 1; // reader, in the home block
        rl[tests[h ^ 1][k]] = inst * 2; // writer, in the other one
        int *w = lc + 4 * inst;
        w[0] = slots[h][slotBase[h]++];
        w[1] = slots[h][slotBase[h]++];
        w[2] = gw[2 * inst];
        w[3] = gw[2 * inst + 1];
      }
    }
  };

  bool ok = true;
  litmus::printHeader();
  for (const Row &row : rows) {
    std::string name = std::string("mp_") + layoutName(row.layout) + "_" +
                       variantName(row.variant);
    if (name.find(filter) == std::string::npos)
      continue;
    litmus::Count c;
    std::set<unsigned> sms;
    int split = 0;
    long launches = litmus::launchesFor(want, (long)kRounds * ninst);
    for (long l = 0; l < launches; ++l) {
      pick(gwords, 2 * ninst * kRounds);
      for (int round = 0; round < kRounds; ++round)
        place(round);
      CK(cudaMemset(dG, 0, kGlobalWords * sizeof(unsigned)));
      CK(cudaMemcpy(dRole, role.data(), role.size() * sizeof(int),
                    cudaMemcpyHostToDevice));
      CK(cudaMemcpy(dLoc, loc.data(), loc.size() * sizeof(int),
                    cudaMemcpyHostToDevice));
      CK(cudaMemset(dRes, 0xff, res.size() * sizeof(unsigned)));
      row.kernel<<<blocks, kBlock, kSmemBytes>>>(dRole, dLoc, dG, dRes,
                                                 dBlockSm, dScratch,
                                                 litmus::kScratchWords, ninst);
      CK(cudaGetLastError());
      CK(cudaMemcpy(res.data(), dRes, res.size() * sizeof(unsigned),
                    cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(blockSm.data(), dBlockSm, blocks * sizeof(unsigned),
                    cudaMemcpyDeviceToHost));
      for (size_t i = 0; i < res.size() / 2; ++i) {
        bool seen = res[2 * i] == 1;
        ++c.instances;
        c.seen += seen;
        c.forbidden += seen && res[2 * i + 1] == 0;
      }
      for (int b = 0; b < blocks; b += 2) {
        split += blockSm[b] != blockSm[b + 1];
        sms.insert(blockSm[b]);
        sms.insert(blockSm[b + 1]);
      }
    }
    ok &= litmus::printRow("mp", layoutForm(row.layout), name, c);
    if (split != clusters * launches)
      std::printf("# %s: only %d of %ld clusters had their blocks on two "
                  "SMs\n",
                  name.c_str(), split, clusters * launches);
    if ((int)sms.size() < blocks)
      std::printf("# %s: the blocks ran on %zu SMs\n", name.c_str(),
                  sms.size());
  }
  return ok ? 0 : 1;
}
