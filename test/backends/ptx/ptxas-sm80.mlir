// REQUIRES: ptxas
// RUN: xfence-translate --export-ptx --ptx-sm=80 --ptx-version=78 %S/Inputs/kernel.mlir -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin

// Below sm_90: no split fences (acq_rel), a CTA is its own cluster.
// CHECK: .target sm_80
// CHECK-NOT: fence.acquire
// CHECK-NOT: fence.release
// CHECK-NOT: cluster
// CHECK: fence.acq_rel.cta;
// CHECK: fence.sc.gpu;
// CHECK: fence.acq_rel.sys;
// CHECK: bar.warp.sync
// CHECK: bar.red.popc.u32
// CHECK: atom.acq_rel.gpu.global.cas.b32
