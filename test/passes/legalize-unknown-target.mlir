// RUN: not xfence-opt %s --xfence-legalize=target=fpga 2>&1 | FileCheck %s
// CHECK: error: unknown xfence target 'fpga'; expected one of cuda, hip, alpaka, opencl1.2, opencl2, ptx-sm70, ptx-sm90, spirv-opencl, spirv-vulkan, cpu
func.func @f() {
  return
}
