//===- Registration.h - every xfence translation ----------------*- C++ -*-===//
//
// Each frontend and backend declares its registration function here and
// calls it from registerAllTranslations() below; the tools call that one.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_TOOLS_XFENCE_TRANSLATE_REGISTRATION_H
#define XFENCE_TOOLS_XFENCE_TRANSLATE_REGISTRATION_H

namespace xfence {

void registerExportPTXTranslation();
void registerExportSPIRVTranslation();
void registerOpenCLImport();
void registerCudaExport();
void registerCudaImport();
void registerOpenCLExport();
void registerHipNamesListing();
void registerAlpakaExport();
void registerAlpakaImport();
void registerRouteTranslations();

inline void registerAllTranslations() {
  // Frontends and backends add their registration calls here.
  registerExportPTXTranslation();
  registerExportSPIRVTranslation();
  registerOpenCLImport();
  registerCudaExport();
  registerCudaImport();
  registerOpenCLExport();
  registerHipNamesListing();
  registerAlpakaExport();
  registerAlpakaImport();
  registerRouteTranslations();
}

} // namespace xfence

#endif // XFENCE_TOOLS_XFENCE_TRANSLATE_REGISTRATION_H
