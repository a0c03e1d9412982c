//===- Report.h - xfence report ---------------------------------*- C++ -*-===//

#ifndef XFENCE_TOOLS_XFENCE_REPORT_H
#define XFENCE_TOOLS_XFENCE_REPORT_H

#include "rewriters/routes/OpenCLToCuda.h"

#include "llvm/Support/raw_ostream.h"

namespace xfence {

/// `xfence report kernel.cl`: every synchronization construct of the OpenCL
/// C file, the xfence op it was imported as, what `xfence translate --to
/// cuda` makes of it with the same options, and the rule behind each change.
/// Returns the exit status.
int reportOpenCLToCuda(llvm::StringRef path, llvm::StringRef contents,
                       const TranslateOptions &options, llvm::raw_ostream &os);

} // namespace xfence

#endif // XFENCE_TOOLS_XFENCE_REPORT_H
