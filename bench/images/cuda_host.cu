// Runs the xfence translation of bench/images/kernels.cl on the GPU, every
// case of cases.h, through the translation's launch helpers, with each
// image in device memory described by ocl::make_image*. Writes the results
// as ocl_host does, so that compare.py can set them side by side.
//
//   nvcc -std=c++17 -arch=sm_90 -DKERNELS='"kernels.cu"' cuda_host.cu
//   cuda_host OUT
#include KERNELS

#include "cases.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

using namespace cases;

static void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess) {
    std::fprintf(stderr, "cuda_host: %s failed: %s\n", what,
                 cudaGetErrorString(err));
    std::exit(1);
  }
}

static std::string outDir;

static void save(const std::string &name, const void *device, size_t bytes) {
  check(cudaDeviceSynchronize(), name.c_str());
  std::vector<char> host(bytes);
  check(cudaMemcpy(host.data(), device, bytes, cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  std::ofstream(outDir + "/" + name, std::ios::binary)
      .write(host.data(), bytes);
}

template <class T> static T *upload(const std::vector<T> &v) {
  T *d = nullptr;
  check(cudaMalloc(&d, v.size() * sizeof(T)), "cudaMalloc");
  check(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice),
        "cudaMemcpy");
  return d;
}


// Work-groups of one work-item, as the OpenCL host launches.
static const dim3 kGlobal(N), kLocal(1);

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: cuda_host OUT\n");
    return 2;
  }
  outDir = argv[1];
  const int size2[2] = {W, H};
  std::vector<float> t2 = texelCoords(2, size2, N);
  std::vector<float> n2 = normalize(t2, 2, size2);
  std::vector<int> i2;
  for (float x : t2)
    i2.push_back(int(std::floor(x)));
  auto *t2buf = reinterpret_cast<ocl::float2 *>(upload(t2));
  auto *n2buf = reinterpret_cast<ocl::float2 *>(upload(n2));
  auto *i2buf = reinterpret_cast<ocl::int2 *>(upload(i2));
  void *out = nullptr;
  check(cudaMalloc(&out, size_t(N) * 2 * 16), "cudaMalloc");
  auto *outF = static_cast<ocl::float4 *>(out);

  for (const Format &f : readFormats()) {
    unsigned char *data = upload(contents(f, W * H));
    ocl::image2d_t img = ocl::make_image2d(data, f.order, f.type, W, H);
    for (const Sampler &s : samplers()) {
      bool nearest = s.filter == 0x10;
      const ocl::float2 *coords = s.normalized ? n2buf : t2buf;
      std::string tag = std::string(f.name) + "." + s.name;
      if (f.kind == Float) {
        check(launch_read2d_f(kGlobal, kLocal, img, s.bits(), coords, outF),
              "read2d_f");
        save("read2d_f." + tag + ".f32", out, N * 16);
        if (nearest && !s.normalized) {
          check(launch_read2d_fi(kGlobal, kLocal, img, s.bits(), i2buf, outF),
                "read2d_fi");
          save("read2d_fi." + tag + ".f32", out, N * 16);
        }
      } else if (nearest && f.kind == Uint) {
        check(launch_read2d_ui(kGlobal, kLocal, img, s.bits(), coords, i2buf,
                               static_cast<ocl::uint4 *>(out)),
              "read2d_ui");
        save("read2d_ui." + tag + ".u32", out, N * 32);
      } else if (nearest) {
        check(launch_read2d_i(kGlobal, kLocal, img, s.bits(), coords,
                              static_cast<ocl::int4 *>(out)),
              "read2d_i");
        save("read2d_i." + tag + ".i32", out, N * 16);
      }
    }
    cudaFree(data);
  }

  const int size3[3] = {W3, H3, D3}, sizeA[3] = {W, H, LAYERS};
  std::vector<float> t3 = texelCoords(3, size3, N);
  std::vector<float> tA = texelCoords(3, sizeA, N);
  std::vector<float> n3 = normalize(t3, 3, size3);
  std::vector<float> nA = tA;
  for (size_t i = 0; i < nA.size(); i += 3)
    nA[i] /= W, nA[i + 1] /= H;
  for (bool is3d : {true, false}) {
    auto *tbuf = reinterpret_cast<ocl::float4 *>(upload(lanes(is3d ? t3 : tA, 3, 4)));
    auto *nbuf = reinterpret_cast<ocl::float4 *>(upload(lanes(is3d ? n3 : nA, 3, 4)));
    for (const Format &f : readFormats()) {
      if (std::string(f.name) != "rgba_float" &&
          std::string(f.name) != "rgba_unorm8" &&
          std::string(f.name) != "r_float")
        continue;
      int w = is3d ? W3 : W, h = is3d ? H3 : H, d = is3d ? D3 : LAYERS;
      unsigned char *data = upload(contents(f, size_t(w) * h * d));
      for (const Sampler &s : samplers()) {
        const ocl::float4 *coords = s.normalized ? nbuf : tbuf;
        std::string name = std::string(is3d ? "read3d_f." : "read2da_f.") +
                           f.name + "." + s.name + ".f32";
        if (is3d)
          check(launch_read3d_f(kGlobal, kLocal,
                                ocl::make_image3d(data, f.order, f.type, w, h, d),
                                s.bits(), coords, outF),
                "read3d_f");
        else
          check(launch_read2da_f(
                    kGlobal, kLocal,
                    ocl::make_image2d_array(data, f.order, f.type, w, h, d),
                    s.bits(), coords, outF),
                "read2da_f");
        save(name, out, N * 16);
      }
      cudaFree(data);
    }
  }

  std::vector<float> values = writeValues(W * H);
  std::vector<int> ints = writeInts(W * H);
  auto *vbuf = reinterpret_cast<ocl::float4 *>(upload(values));
  auto *ibuf = reinterpret_cast<ocl::int4 *>(upload(ints));
  int *info = upload(std::vector<int>(4, 0));
  for (const Format &f : writeFormats()) {
    size_t bytes = size_t(W) * H * channels(f.order) * channelBytes(f.type);
    unsigned char *data = upload(std::vector<unsigned char>(bytes, 0));
    ocl::image2d_t img = ocl::make_image2d(data, f.order, f.type, W, H);
    if (f.kind == Float) {
      check(launch_write2d_f(dim3(W * H), kLocal, img, vbuf, info),
            "write2d_f");
      save(std::string("write2d_f.") + f.name + ".info.i32", info, 16);
    } else {
      check(launch_write2d_i(dim3(W * H), kLocal, img, ibuf), "write2d_i");
    }
    save(std::string(f.kind == Float ? "write2d_f." : "write2d_i.") + f.name +
             ".bytes",
         data, bytes);
    cudaFree(data);
  }
  std::printf("done\n");
  return 0;
}
