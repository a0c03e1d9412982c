//===- Passes.td - xfence passes ---------------------------*- tablegen -*-===//

#ifndef XFENCE_PASSES_PASSES_TD
#define XFENCE_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

def XFenceCoalesce : Pass<"xfence-coalesce"> {
  let summary = "Remove and merge fences and barriers that add nothing";
  let description = [{
    Applies the sound coalescing rules of the project's semantics reference
    (design/semantics.md, section 4) to neighbouring synchronization ops. Two
    ops are neighbours when every op between them in the block is free of
    memory effects; any memory access, call, region op or `xfence.exit`
    between them keeps them apart.

    * `merge-fences`: two neighbouring fences become one fence with the join
      of their scopes, orders and spaces. `release` and `acquire` join to
      `acq_rel`, never to `seq_cst`.
    * `drop-fences-at-barriers`: an `acquire`, `release` or `acq_rel` fence of
      scope at most `workgroup` next to a full workgroup barrier whose memory
      part covers its scope, order and spaces is erased. Not a `seq_cst`
      fence, not next to a partial (`mask`) or subgroup barrier, and not a
      fence of a space the barrier does not order.
    * `merge-barriers`: two neighbouring barriers of the same execution scope,
      neither partial, become one with the join of their memory parts.
    * `narrow-local`: a fence or barrier memory part whose only space is
      `local` is narrowed to `workgroup` scope: local memory is private to one
      workgroup.

    With `remarks`, every change is reported as a remark at the op's
    location, naming the rule (the statistics below need an LLVM built with
    statistics enabled; Debian's release build compiles them out).

    With `exact-scopes` (OpenCL 2.x, where synchronization needs the same
    scope on both sides) fences and barriers merge only when their scopes are
    equal, and nothing is widened.
  }];
  let options = [
    Option<"mergeFences", "merge-fences", "bool", /*default=*/"true",
           "Merge neighbouring fences into their join">,
    Option<"dropFencesAtBarriers", "drop-fences-at-barriers", "bool",
           /*default=*/"true",
           "Erase workgroup fences made redundant by a neighbouring barrier">,
    Option<"mergeBarriers", "merge-barriers", "bool", /*default=*/"true",
           "Merge neighbouring barriers of the same execution scope">,
    Option<"narrowLocal", "narrow-local", "bool", /*default=*/"true",
           "Narrow local-only fences and barriers to workgroup scope">,
    Option<"exactScopes", "exact-scopes", "bool", /*default=*/"false",
           "Never widen a scope (OpenCL 2.x scope matching)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark at each op a rule changes, naming the rule">
  ];
  let statistics = [
    Statistic<"numMergedFences", "merged-fences",
              "Number of fences merged into a neighbouring fence">,
    Statistic<"numDroppedFences", "dropped-fences",
              "Number of fences erased beside a covering barrier">,
    Statistic<"numMergedBarriers", "merged-barriers",
              "Number of barriers merged into a neighbouring barrier">,
    Statistic<"numNarrowed", "narrowed-local",
              "Number of local-only ops narrowed to workgroup scope">
  ];
  let dependentDialects = ["::xfence::XFenceDialect"];
}

#endif // XFENCE_PASSES_PASSES_TD
