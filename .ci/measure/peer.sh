#!/usr/bin/env bash
# Times `trackbench run --seed 100 --filter kalman` side by side with a Python
# peer that does the same job with numpy and filterpy (.ci/measure/peer_filterpy.py):
# simulate the 72 default scenarios, run the accuracy-weighted Kalman filter,
# score every metric, write results.csv and a report. A measuring tool, not a
# test; filterpy is not a dependency of the package.
#
#   .ci/measure/peer.sh [RUNS]      (default 5 runs of each; medians printed)
#
# Needs python3 with filterpy and numpy (`pip install filterpy numpy`); it
# installs nothing itself and exits 64 without them. After one warm-up of each,
# the two commands run RUNS times, alternating, so a busy moment hits both; it
# prints the median wall time, CPU time (user + system) and peak memory of
# each, the ratio python / trackbench, and each one's mean distance error % of
# the raw and kalman paths over the suite, to show they score comparable
# numbers. Run it on an otherwise idle machine and quote the machine with the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-5}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [RUNS]" >&2; exit 64; }
swift build -c release --product trackbench >/dev/null
if ! python3 -c 'import filterpy.kalman, numpy, scipy.signal' 2>/dev/null; then
    echo "$0: python3 cannot import filterpy and numpy; install them (not part of the package) with:" >&2
    echo "  pip install filterpy numpy" >&2
    exit 64
fi
bin=.build/release/trackbench
peer=.ci/measure/peer_filterpy.py
out="$(mktemp -d "${TMPDIR:-/tmp}/trackbench-peer.XXXXXX")"
trap 'rm -rf "$out"' EXIT

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

once() { # TIMES_FILE COMMAND...: appends "wall cpu peak_kb"; wall from the clock in ns, CPU and peak from time(1)
    local file="$1"; shift
    local start end
    start="$(date +%s%N)"
    /usr/bin/time -f "%U %S %M" -o "$out/one" "$@" >/dev/null 2>&1
    end="$(date +%s%N)"
    awk -v w="$(( end - start ))" '{ print w / 1e9, $1 + $2, $3 }' "$out/one" >> "$file"
}

tb=("$bin" run --seed 100 --filter kalman --output "$out/trackbench")
py=(python3 "$peer" --seed 100 --output "$out/python")
"${tb[@]}" >/dev/null 2>&1  # warm-up, and the results the sanity check reads
"${py[@]}" > "$out/peer.txt"
: > "$out/tb.times"
: > "$out/py.times"
for _ in $(seq "$runs"); do
    once "$out/tb.times" "${tb[@]}"
    once "$out/py.times" "${py[@]}"
done

stat() { awk -v c="$2" '{ print $c }' "$out/$1.times" | median; }
tb_wall="$(stat tb 1)"; tb_cpu="$(stat tb 2)"; tb_peak="$(stat tb 3)"
py_wall="$(stat py 1)"; py_cpu="$(stat py 2)"; py_peak="$(stat py 3)"
versions="$(python3 -c 'import sys, numpy, filterpy; print(f"Python {sys.version.split()[0]}, numpy {numpy.__version__}, filterpy {filterpy.__version__}")')"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $versions"
echo "$runs runs each, alternating, after a warm-up; medians"
row() { printf '%-50s %8.3f s wall %7.2f s CPU %5.0f MB peak\n' "$1" "$2" "$3" "$(awk -v k="$4" 'BEGIN { print k / 1024 }')"; }
row "trackbench run --seed 100 --filter kalman" "$tb_wall" "$tb_cpu" "$tb_peak"
row "python3 $peer --seed 100" "$py_wall" "$py_cpu" "$py_peak"
awk -v pw="$py_wall" -v tw="$tb_wall" -v pc="$py_cpu" -v tc="$tb_cpu" \
    'BEGIN { printf "%-50s %8.0fx wall %7.0fx CPU\n", "ratio python / trackbench", pw / tw, (tc > 0 ? pc / tc : 0) }'

# Mean distance error % (signed, and of the absolute values) of the raw noisy path and of kalman, from results.csv.
sanity() { # LABEL RESULTS_CSV
    awk -F, -v label="$1" '
        NR == 2 { for (i = 1; i <= NF; i++) col[$i] = i }
        NR > 2 { n++; r = $col["noisy_error_pct"]; k = $col["error_pct"]
                 rs += r; ra += (r < 0 ? -r : r); ks += k; ka += (k < 0 ? -k : k) }
        END { printf "%-14s %3d scenarios   raw %+7.3f (abs %6.3f)   kalman %+7.3f (abs %6.3f)\n", label, n, rs / n, ra / n, ks / n, ka / n }
    ' "$2"
}
echo "Sanity: mean distance error % over the suite, seed 100 (the peer's noise is numpy's, so close, not equal):"
sanity "trackbench" "$out/trackbench/results.csv"
sanity "python peer" "$out/python/results.csv"
sed -n 's/^Sanity: /  peer says: /p' "$out/peer.txt"
