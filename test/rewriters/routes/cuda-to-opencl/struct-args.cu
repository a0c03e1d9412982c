// A struct kernel argument that holds pointers (OpenCL C forbids pointers
// in the structs a kernel takes): the kernel takes the struct's host layout
// (pointers as ulong, ignored), one added __global argument per pointer
// member (nested structs too) after the user's arguments, and rebuilds the
// struct at its start. The members get the address space their stores say
// (the kernel argument's: __global), also where device functions take the
// struct. Run on PoCL in 1.2 and 3.0 (struct-args-pocl.test).
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: FileCheck %s < %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: FileCheck %s < %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl

// CHECK: //   run:
// CHECK-NEXT: //     argument 2: __global float *xfence_job_in_data, the buffer of member 'in.data' of argument 1 'job' (passed as xfence_arg_Job
// CHECK-NEXT: //     argument 3: __global float *xfence_job_out, the buffer of member 'out' of argument 1 'job'
// CHECK-NEXT: //     argument 4: __global unsigned int *xfence_job_done, the buffer of member 'done' of argument 1 'job'
// CHECK-NEXT: //   count:
// CHECK-NEXT: //     argument 1: __global unsigned int *xfence_s_hits, the buffer of member 'hits' of argument 0 's' (passed as xfence_arg_Stats

// CHECK: {{^}}struct Span { __global float *data; int n; }; typedef struct Span Span;
struct Span { float *data; int n; };
// CHECK: {{^}}typedef struct { Span in; __global float *out; __global unsigned int *done; bool twice; float scale[2]; } Job;
typedef struct { Span in; float *out; unsigned int *done; bool twice; float scale[2]; } Job;
// A member that device code points at private memory: private.
// CHECK: {{^}}struct Local { int *p; };
struct Local { int *p; };

__device__ float total(Span s) {
  float t = 0;
  for (int i = 0; i < s.n; ++i)
    t += s.data[i];
  return t;
}

// CHECK: {{^}}typedef struct { ulong data; int n; } xfence_arg_Span; /* xfence: the host layout of 'Span' {{.*}} */ typedef char xfence_check_Span[sizeof(Span) == sizeof(xfence_arg_Span) ? 1 : -1];
// CHECK-NEXT: {{^}}typedef struct { xfence_arg_Span in; ulong out; ulong done; uchar twice; float scale[2]; } xfence_arg_Job;
// CHECK-NEXT: {{^}}__kernel void run(int base, const xfence_arg_Job job, __global float *xfence_job_in_data, __global float *xfence_job_out, __global unsigned int *xfence_job_done);
__global__ void run(int base, const Job job);

// CHECK: {{^}}__kernel void run(int base, const xfence_arg_Job xfence_arg_job, __global float *xfence_job_in_data, __global float *xfence_job_out, __global unsigned int *xfence_job_done) { union { xfence_arg_Job h; Job d; } xfence_u_job; xfence_u_job.h = xfence_arg_job; xfence_u_job.d.in.data = xfence_job_in_data; xfence_u_job.d.out = xfence_job_out; xfence_u_job.d.done = xfence_job_done; const Job job = xfence_u_job.d; /* xfence: the pointers of struct arguments are added arguments */
__global__ void run(int base, const Job job) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int local[1] = {i};
  Local l = {local};
  if (i < job.in.n) {
    float v = job.in.data[i] * job.scale[0] + total(job.in) * job.scale[1] + base;
    job.out[l.p[0]] = job.twice ? 2 * v : v;
    // CHECK: atomic_add((volatile __global uint *)(job.done), 1u);
    atomicAdd(job.done, 1u);
  }
}

// A member stored from another member: the union of what both hold.
// CHECK: {{^}}struct Stats { __global unsigned int *hits; __global unsigned int *spare; };
struct Stats { unsigned int *hits; unsigned int *spare; };
// CHECK: {{^}}__kernel void count(xfence_arg_Stats xfence_arg_s, __global unsigned int *xfence_s_hits, __global unsigned int *xfence_s_spare)
__global__ void count(Stats s) {
  Stats t = s;
  t.hits = s.spare;
  atomicAdd(&t.hits[threadIdx.x % 4], 1u);
}

int main() {
  Job job;
  run<<<2, 8>>>(1, job);
}
