// REQUIRES: ptxas
// RUN: xfence-translate --export-ptx --ptx-sm=90 --ptx-version=86 %S/Inputs/kernel.mlir -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin

// CHECK: .target sm_90
// CHECK: fence.acquire.cta;
// CHECK: fence.release.cta;
// CHECK: fence.sc.gpu;
// CHECK: fence.acq_rel.cluster;
// CHECK: fence.acq_rel.sys;
// CHECK: barrier.cluster.arrive.aligned;
// CHECK-NEXT: barrier.cluster.wait.aligned;
// CHECK: barrier.cluster.arrive.relaxed.aligned;
// CHECK: bar.red.popc.u32
// CHECK: atom.relaxed.gpu.global.add.u32
// CHECK: atom.acq_rel.cta.shared.add.u32
// CHECK: fence.sc.sys;
// CHECK-NEXT: atom.acquire.sys.global.add.f32
// CHECK: atom.release.gpu.inc.u32
// CHECK: atom.acq_rel.gpu.global.cas.b32
// CHECK: ld.acquire.gpu.global.b32
// CHECK: st.release.cta.shared.b32
