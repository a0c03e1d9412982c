; A kernel as Clang compiles `barrier(CLK_LOCAL_MEM_FENCE);
; mem_fence(CLK_LOCAL_MEM_FENCE);` for nvptx64 (our own, trimmed).
target triple = "nvptx64-nvidia-cuda"

declare void @_Z7barrierj(i32)
declare void @_Z9mem_fencej(i32)

define ptx_kernel void @k(ptr addrspace(3) %l) {
  store i32 1, ptr addrspace(3) %l
  call void @_Z9mem_fencej(i32 1)
  call void @_Z7barrierj(i32 1)
  ret void
}
