//===- XFencePrecompiled.cpp - the donor of the precompiled header --------===//
//
// Empty: the object library XFencePrecompiled exists to compile
// cmake/XFencePrecompiled.h once for the libraries that reuse it
// (cmake/XFencePrecompiledHeaders.cmake).
//
//===----------------------------------------------------------------------===//
