//===- Identifiers.h - the identifiers of a text ----------------*- C++ -*-===//
//
// The identifiers of a piece of source text, scanned without a lexer (a
// superset: those in comments and strings too), for the checks that ask
// which names a text mentions.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_COMMON_IDENTIFIERS_H
#define XFENCE_REWRITERS_COMMON_IDENTIFIERS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

namespace xfence {

/// Adds the identifiers of `text` to `out`.
void collectIdentifiers(llvm::StringRef text, llvm::StringSet<> &out);

/// Whether `text` calls `name`: the identifier `name`, then `(` after
/// blanks (the test of a prelude's helpers: one is written where the
/// output calls it).
bool callsName(llvm::StringRef text, llvm::StringRef name);

} // namespace xfence

#endif // XFENCE_REWRITERS_COMMON_IDENTIFIERS_H
