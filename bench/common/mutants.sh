# Sourced by the GPU harnesses' run_gpu.sh: a mutant of a file that xfence
# wrote, which the harness's comparison must tell from the original.
#
#   mutant NAME FILE SED-EXPRESSION COMMAND...
#
# writes FILE with SED-EXPRESSION applied to $work/NAME.EXT (EXT: FILE's),
# runs `COMMAND... MUTANT` (a program or a shell function) and prints its
# lines that show a difference (those with " 0 differ" or " 0 of " left
# out), then "mutant NAME exit S (killed)" when COMMAND exits 1 (it found
# differences) and "(SURVIVED)" otherwise. An expression that changes
# nothing is reported as a broken mutant. $work must name a directory.
mutant() {
  local name=$1 file=$2 expression=$3
  shift 3
  local out="$work/$name.${file##*.}"
  sed "$expression" "$file" >"$out"
  if cmp -s "$file" "$out"; then
    echo "== mutant $name: the expression changed nothing (broken mutant)"
    return
  fi
  echo "== mutant $name"
  "$@" "$out" | grep -v ' 0 differ\| 0 of '
  local status=${PIPESTATUS[0]}
  echo "mutant $name exit $status ($([ "$status" = 1 ] && echo killed || echo SURVIVED))"
}
