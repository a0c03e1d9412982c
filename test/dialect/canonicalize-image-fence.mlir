// RUN: xfence-opt %s -canonicalize -split-input-file | FileCheck %s

// Guards against canonicalization erasing a work-item (thread-scope) fence
// over image memory: it is what makes a work-item's own writes to a
// read_write image visible to its later reads, which program order alone
// does not. Only a thread-scope fence without `image` goes; one over image
// and other spaces keeps its image part.

// CHECK-LABEL: func.func @image_fence
// CHECK-NEXT:    xfence.fence thread acq_rel [image]
// CHECK-NEXT:    return
func.func @image_fence() {
  xfence.fence thread acq_rel [image]
  return
}

// -----

// CHECK-LABEL: func.func @image_and_global
// CHECK-NEXT:    xfence.access write [image]
// CHECK-NEXT:    xfence.fence thread release [image]
// CHECK-NEXT:    xfence.access read [image]
// CHECK-NEXT:    return
func.func @image_and_global() {
  xfence.access write [image]
  xfence.fence thread release [global, image]
  xfence.access read [image]
  return
}

// -----

// A thread-scope fence without `image`, and a relaxed one with it, order
// nothing: they go.
// CHECK-LABEL: func.func @no_image
// CHECK-NEXT:    return
func.func @no_image() {
  xfence.fence thread seq_cst [local, global]
  xfence.fence thread relaxed [image]
  return
}
