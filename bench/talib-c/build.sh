#!/bin/sh
# Builds the TA-Lib C timing harness (bench/talib-c/bench.c) against the static TA-Lib 0.4 libraries
# that the `talib` npm package built under node_modules/talib/src/lib. The binary goes OUTSIDE the
# repository (default ${TMPDIR:-/tmp}/bellwether-talib-c/bench; override with $1); its path is printed.
# Needs `cc` (any C99 compiler); bench/indicators.ts runs this and shows "n/a" when it fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
L="$root/node_modules/talib/src/lib"
out=${1:-${TMPDIR:-/tmp}/bellwether-talib-c/bench}
mkdir -p "$(dirname "$out")"
command -v "${CC:-cc}" >/dev/null 2>&1 || { echo "build.sh: no C compiler (${CC:-cc})" >&2; exit 1; }
[ -f "$L/lib/libta_func_csr.a" ] || { echo "build.sh: TA-Lib static libraries not found under $L/lib" >&2; exit 1; }
"${CC:-cc}" -O2 -std=c99 -D_POSIX_C_SOURCE=199309L -o "$out" "$here/bench.c" -I"$L/include" \
  "$L/lib/libta_abstract_csr.a" "$L/lib/libta_func_csr.a" "$L/lib/libta_common_csr.a" -lm
echo "$out"
