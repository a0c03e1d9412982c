//===- PTXSyncNames.cpp - PTX and NVVM synchronization by name ------------===//

#include "frontends/names/PTXSyncNames.h"
#include "frontends/names/ScopeNames.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

using namespace xfence;

/// A PTX scope qualifier.
static std::optional<Scope> ptxScope(llvm::StringRef s) {
  return scopeNamed(ScopeSpelling::PTX, s);
}

std::optional<PTXSync> xfence::classifyPTXAsm(llvm::StringRef text) {
  // One instruction, without the trailing ';' and surrounding blanks.
  llvm::StringRef insn = text.trim();
  insn.consume_back(";");
  insn = insn.trim();
  if (insn.contains(';') || insn.contains('\n'))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> words;
  insn.split(words, ' ', -1, false);
  if (words.empty())
    return std::nullopt;
  llvm::StringRef op = words[0];
  if (words.size() == 1 && op.consume_front("membar.")) {
    std::optional<Scope> scope = ptxScope(op);
    if (!scope || op == "gpu" || op == "cluster")
      return std::nullopt;
    return PTXSync{false, *scope, MemoryOrder::seq_cst};
  }
  if (words.size() == 1 && op.consume_front("fence")) {
    PTXSync sync{false, Scope::system, MemoryOrder::acq_rel};
    llvm::SmallVector<llvm::StringRef> parts;
    op.split(parts, '.', -1, false);
    for (llvm::StringRef part : parts) {
      if (part == "sc")
        sync.order = MemoryOrder::seq_cst;
      else if (part == "acq_rel")
        sync.order = MemoryOrder::acq_rel;
      else if (std::optional<Scope> scope = ptxScope(part);
               scope && part != "gl")
        sync.scope = *scope;
      else
        return std::nullopt; // fence.proxy, fence.acquire (needs care), ...
    }
    return sync;
  }
  if ((op == "bar.sync" || op == "barrier.sync" ||
       op == "barrier.sync.aligned") &&
      words.size() == 2 && words[1].trim() == "0")
    return PTXSync{true, Scope::workgroup, MemoryOrder::acq_rel};
  return std::nullopt;
}

std::optional<PTXSync>
xfence::classifyNVVMIntrinsic(llvm::StringRef name,
                              std::optional<int64_t> barrierId) {
  if (!name.consume_front("llvm.nvvm."))
    return std::nullopt;
  if (name.consume_front("membar.")) {
    std::optional<Scope> scope = ptxScope(name);
    if (!scope || name == "gpu" || name == "cluster")
      return std::nullopt;
    return PTXSync{false, *scope, MemoryOrder::seq_cst};
  }
  bool blockBarrier = name == "barrier0" ||
                      ((name == "barrier.cta.sync.aligned.all" ||
                        name == "barrier.cta.sync.all" ||
                        name == "barrier.sync") &&
                       barrierId == 0);
  if (blockBarrier)
    return PTXSync{true, Scope::workgroup, MemoryOrder::acq_rel};
  return std::nullopt;
}
