// The raising of OpenCL's 1.x fences follows the standard of the source
// (opencl-std): mem_fence is seq_cst in OpenCL C 1.x (OpenCL 1.2 §6.12.9,
// a full fence) and acq_rel from 2.0 on (OpenCL C 2.0 §6.13.8); IR of an
// unknown standard is read the stronger way. read_mem_fence and
// write_mem_fence are acquire and release in every standard.
// RUN: xfence-opt --xfence-raise-llvm %s | FileCheck %s --check-prefix=CL12
// RUN: xfence-opt --xfence-raise-llvm="opencl-std=CL1.2" %s | FileCheck %s --check-prefix=CL12
// RUN: xfence-opt --xfence-raise-llvm="opencl-std=CL2.0" %s | FileCheck %s --check-prefix=CL20
// RUN: xfence-opt --xfence-raise-llvm="opencl-std=CLC++2021" %s | FileCheck %s --check-prefix=CL20
// RUN: not xfence-opt --xfence-raise-llvm="opencl-std=CL9.9" %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: xfence-raise-llvm: opencl-std must be empty or a value of clang's -cl-std= (CL1.2, CL2.0, CL3.0, CLC++2021, ...), not 'CL9.9'

llvm.func @_Z9mem_fencej(i32)
llvm.func @_Z14read_mem_fencej(i32)
llvm.func @_Z15write_mem_fencej(i32)

llvm.func @k() {
  %both = llvm.mlir.constant(3 : i32) : i32
  // CL12: xfence.fence workgroup seq_cst [local, global]
  // CL20: xfence.fence workgroup acq_rel [local, global]
  llvm.call @_Z9mem_fencej(%both) : (i32) -> ()
  // CL12-NEXT: xfence.fence workgroup acquire [local, global]
  // CL20-NEXT: xfence.fence workgroup acquire [local, global]
  llvm.call @_Z14read_mem_fencej(%both) : (i32) -> ()
  // CL12-NEXT: xfence.fence workgroup release [local, global]
  // CL20-NEXT: xfence.fence workgroup release [local, global]
  llvm.call @_Z15write_mem_fencej(%both) : (i32) -> ()
  llvm.return
}
