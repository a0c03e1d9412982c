//===- XFenceAttrs.td - xfence scopes, orders and spaces ---*- tablegen -*-===//

#ifndef XFENCE_DIALECT_XFENCEATTRS_TD
#define XFENCE_DIALECT_XFENCEATTRS_TD

include "dialect/XFenceDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Scope
//===----------------------------------------------------------------------===//

def XFence_Scope : I32EnumAttr<"Scope",
    "the set of threads an operation synchronizes with", [
      I32EnumAttrCase<"thread", 0>,
      I32EnumAttrCase<"subgroup", 1>,
      I32EnumAttrCase<"workgroup", 2>,
      I32EnumAttrCase<"cluster", 3>,
      I32EnumAttrCase<"device", 4>,
      I32EnumAttrCase<"system", 5>
    ]> {
  let cppNamespace = "::xfence";
  let genSpecializedAttr = 0;
}

def XFence_ScopeAttr : EnumAttr<XFence_Dialect, XFence_Scope, "scope"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Memory order
//===----------------------------------------------------------------------===//

def XFence_MemoryOrder : I32EnumAttr<"MemoryOrder",
    "memory order of a fence, barrier or atomic", [
      I32EnumAttrCase<"relaxed", 0>,
      I32EnumAttrCase<"acquire", 1>,
      I32EnumAttrCase<"release", 2>,
      I32EnumAttrCase<"acq_rel", 3>,
      I32EnumAttrCase<"seq_cst", 4>
    ]> {
  let cppNamespace = "::xfence";
  let genSpecializedAttr = 0;
}

def XFence_MemoryOrderAttr
    : EnumAttr<XFence_Dialect, XFence_MemoryOrder, "order"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Memory spaces (a bit set)
//===----------------------------------------------------------------------===//

def XFence_MemorySpaces : I32BitEnumAttr<"MemorySpaces",
    "the memory spaces a fence or barrier orders", [
      I32BitEnumAttrCaseNone<"none">,
      I32BitEnumAttrCaseBit<"local", 0>,
      I32BitEnumAttrCaseBit<"global", 1>,
      I32BitEnumAttrCaseBit<"image", 2>
    ]> {
  let cppNamespace = "::xfence";
  let genSpecializedAttr = 0;
  let separator = ", ";
}

def XFence_MemorySpacesAttr
    : EnumAttr<XFence_Dialect, XFence_MemorySpaces, "spaces"> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Read-modify-write kinds and barrier reductions
//===----------------------------------------------------------------------===//

def XFence_AtomicRMWKind : I32EnumAttr<"AtomicRMWKind",
    "operation of an atomic read-modify-write", [
      I32EnumAttrCase<"add", 0>,
      I32EnumAttrCase<"sub", 1>,
      I32EnumAttrCase<"and_", 2, "and">,
      I32EnumAttrCase<"or_", 3, "or">,
      I32EnumAttrCase<"xor_", 4, "xor">,
      I32EnumAttrCase<"min", 5>,
      I32EnumAttrCase<"max", 6>,
      I32EnumAttrCase<"umin", 7>,
      I32EnumAttrCase<"umax", 8>,
      I32EnumAttrCase<"xchg", 9>,
      I32EnumAttrCase<"inc", 10>,
      I32EnumAttrCase<"dec", 11>,
      I32EnumAttrCase<"fadd", 12>
    ]> {
  let cppNamespace = "::xfence";
  let genSpecializedAttr = 0;
}

def XFence_AtomicRMWKindAttr
    : EnumAttr<XFence_Dialect, XFence_AtomicRMWKind, "rmw_kind"> {
  let assemblyFormat = "`<` $value `>`";
}

def XFence_BarrierReduction : I32EnumAttr<"BarrierReduction",
    "reduction computed by a barrier over its threads' predicates", [
      I32EnumAttrCase<"count", 0>,
      I32EnumAttrCase<"and_", 1, "and">,
      I32EnumAttrCase<"or_", 2, "or">
    ]> {
  let cppNamespace = "::xfence";
  let genSpecializedAttr = 0;
}

def XFence_BarrierReductionAttr
    : EnumAttr<XFence_Dialect, XFence_BarrierReduction, "reduction"> {
  let assemblyFormat = "`<` $value `>`";
}

def XFence_ExitKind : I32EnumAttr<"ExitKind",
    "a transfer of control out of straight-line source code", [
      I32EnumAttrCase<"return_", 0, "return">,
      I32EnumAttrCase<"break_", 1, "break">,
      I32EnumAttrCase<"continue_", 2, "continue">,
      I32EnumAttrCase<"goto_", 3, "goto">
    ]> {
  let cppNamespace = "::xfence";
  let genSpecializedAttr = 0;
}

def XFence_ExitKindAttr : EnumAttr<XFence_Dialect, XFence_ExitKind, "exit"> {
  let assemblyFormat = "`<` $value `>`";
}

#endif // XFENCE_DIALECT_XFENCEATTRS_TD
