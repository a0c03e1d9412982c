// __local kernel arguments become sizes, and pointers into the dynamic
// shared memory at the rounded sizes before them (the launch ABI of
// translate --to cuda). Other functions and arguments stay.
// RUN: xfence-opt --xfence-nvptx-local-arguments %s | FileCheck %s

// CHECK: llvm.mlir.global external @xfence_local_mem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func ptx_kernelcc @k(%arg0: !llvm.ptr<1> {llvm.noundef}, %arg1: i32, %arg2: i64, %arg3: i64)
// CHECK: %[[BASE:.*]] = llvm.mlir.addressof @xfence_local_mem : !llvm.ptr<3>
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64)
// CHECK: %[[C15:.*]] = llvm.mlir.constant(15 : i64)
// CHECK: %[[M16:.*]] = llvm.mlir.constant(-16 : i64)
// CHECK: %[[L:.*]] = llvm.getelementptr %[[BASE]][%[[ZERO]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
// CHECK: %[[A:.*]] = llvm.add %arg2, %[[C15]]
// CHECK: %[[R:.*]] = llvm.and %[[A]], %[[M16]]
// CHECK: %[[OFF:.*]] = llvm.add %[[ZERO]], %[[R]]
// CHECK: %[[M:.*]] = llvm.getelementptr %[[BASE]][%[[OFF]]]
// CHECK: llvm.store %{{.*}}, %[[L]]
// CHECK: llvm.store %{{.*}}, %[[M]]
llvm.func ptx_kernelcc @k(%g: !llvm.ptr<1> {llvm.noundef}, %l: !llvm.ptr<3>, %n: i32, %m: !llvm.ptr<3>) {
  %c = llvm.mlir.constant(1 : i32) : i32
  llvm.store %c, %l : i32, !llvm.ptr<3>
  llvm.store %c, %m : i32, !llvm.ptr<3>
  llvm.return
}

// CHECK-LABEL: llvm.func @helper(%arg0: !llvm.ptr<3>)
llvm.func @helper(%l: !llvm.ptr<3>) {
  llvm.return
}
// CHECK-LABEL: llvm.func ptx_kernelcc @plain(%arg0: !llvm.ptr<1>)
llvm.func ptx_kernelcc @plain(%g: !llvm.ptr<1>) {
  llvm.return
}
