//===- LocalArguments.cpp - __local kernel arguments, dynamic shared ------===//
//
// The launch ABI of translate --to cuda for the kernels that compile
// --to ptx builds: a __local pointer argument is a size, the memory is the
// launch's dynamic shared memory (docs/opencl-to-cuda.md, bench/e2e).
//
//===----------------------------------------------------------------------===//

#include "backends/ptx/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/BitVector.h"

namespace xfence {
#define GEN_PASS_DEF_XFENCENVPTXLOCALARGUMENTS
#include "backends/ptx/Passes.h.inc"
} // namespace xfence

using namespace mlir;

namespace {

constexpr unsigned kShared = 3;
constexpr llvm::StringLiteral kLocalMem = "xfence_local_mem";

bool isLocalPointer(Type type) {
  auto pointer = dyn_cast<LLVM::LLVMPointerType>(type);
  return pointer && pointer.getAddressSpace() == kShared;
}

struct LocalArgumentsPass
    : public xfence::impl::XFenceNVPTXLocalArgumentsBase<LocalArgumentsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder builder(&getContext());
    Type i8 = builder.getI8Type(), i64 = builder.getI64Type();
    auto sharedPtr = LLVM::LLVMPointerType::get(&getContext(), kShared);
    for (auto fn : module.getOps<LLVM::LLVMFuncOp>()) {
      if (fn.isExternal() || fn.getCConv() != LLVM::cconv::CConv::PTX_Kernel)
        continue;
      SmallVector<unsigned> locals;
      for (auto [i, type] : llvm::enumerate(fn.getArgumentTypes()))
        if (isLocalPointer(type))
          locals.push_back(i);
      if (locals.empty())
        continue;
      if (!module.lookupSymbol(kLocalMem)) {
        builder.setInsertionPointToStart(module.getBody());
        LLVM::GlobalOp::create(
            builder, module.getLoc(), LLVM::LLVMArrayType::get(i8, 0),
            /*isConstant=*/false, LLVM::Linkage::External, kLocalMem,
            Attribute(), /*alignment=*/16, kShared);
      }
      unsigned n = fn.getNumArguments();
      Block &entry = fn.getBody().front();
      // The new signature: the other arguments (with their attributes), then
      // one size per __local argument.
      SmallVector<Type> params;
      SmallVector<Attribute> argAttrs;
      ArrayAttr oldAttrs = fn.getArgAttrsAttr();
      for (unsigned i = 0; i < n; ++i)
        if (!llvm::is_contained(locals, i)) {
          params.push_back(fn.getArgumentTypes()[i]);
          argAttrs.push_back(oldAttrs ? oldAttrs[i]
                                      : builder.getDictionaryAttr({}));
        }
      for (size_t k = 0; k < locals.size(); ++k) {
        params.push_back(i64);
        argAttrs.push_back(builder.getDictionaryAttr({}));
        entry.addArgument(i64, fn.getLoc());
      }
      builder.setInsertionPointToStart(&entry);
      Location loc = fn.getLoc();
      Value base =
          LLVM::AddressOfOp::create(builder, loc, sharedPtr, kLocalMem);
      Value offset = LLVM::ConstantOp::create(builder, loc, i64,
                                              builder.getI64IntegerAttr(0));
      Value fifteen = LLVM::ConstantOp::create(builder, loc, i64,
                                               builder.getI64IntegerAttr(15));
      Value mask = LLVM::ConstantOp::create(builder, loc, i64,
                                            builder.getI64IntegerAttr(-16));
      llvm::BitVector erase(n + locals.size());
      for (auto [k, i] : llvm::enumerate(locals)) {
        Value pointer = LLVM::GEPOp::create(builder, loc, sharedPtr, i8, base,
                                            ValueRange{offset});
        entry.getArgument(i).replaceAllUsesWith(pointer);
        erase.set(i);
        // The next one starts at a multiple of 16 bytes.
        Value size = entry.getArgument(n + k);
        Value rounded = LLVM::AndOp::create(
            builder, loc, LLVM::AddOp::create(builder, loc, size, fifteen),
            mask);
        offset = LLVM::AddOp::create(builder, loc, offset, rounded);
      }
      entry.eraseArguments(erase);
      fn.setFunctionType(
          LLVM::LLVMFunctionType::get(fn.getFunctionType().getReturnType(),
                                      params, fn.getFunctionType().isVarArg()));
      fn.setArgAttrsAttr(builder.getArrayAttr(argAttrs));
    }
  }
};

} // namespace
