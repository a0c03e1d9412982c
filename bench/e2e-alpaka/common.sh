# Sourced by run.sh and run-cuda.sh. compile_and_run NAME MANIFEST: writes
# the registration unit of $out/NAME.cpp (the translation, driver.hpp, the
# kernels of MANIFEST's launch lines), compiles it with $cxx against
# $alpaka, and runs it on MANIFEST. Prints FAIL when it does not compile;
# the driver prints PASS or FAIL. Status 0 on PASS.
compile_and_run() {
  local name=$1 manifest=$2
  {
    echo "#include \"$out/$name.cpp\""
    echo "#include \"$here/driver.hpp\""
    echo "XFENCE_E2E_KERNELS("
    awk '$1 == "launch" {print $2}' "$manifest" | sort -u |
      sed 's/.*/  XFENCE_E2E_KERNEL(&)/'
    echo ")"
  } > "$out/$name.reg.cpp"
  if ! $cxx -std=c++20 -O2 -I"$alpaka" \
      -DALPAKA_DISABLE_EXEC_CpuTbbBlocks -DALPAKA_DISABLE_EXEC_CpuOmpBlocks \
      "$out/$name.reg.cpp" -o "$out/$name.exe" 2> "$out/$name.compile.log"; then
    echo "FAIL $name [alpaka-cpu-serial]: the translation does not compile"
    head -30 "$out/$name.compile.log"
    return 1
  fi
  "$out/$name.exe" "$manifest"
}
