#!/usr/bin/env bash
# Times TrackBench's standard workloads with a release build: the documented
# speed benchmark (Docs/performance.md). A measuring tool, not a test.
#
#   .ci/measure/speed.sh [RUNS]      (default 5 runs of each workload; medians printed)
#
# Each workload runs RUNS times after one warm-up; for each it prints the median
# wall time, CPU time (user + system) and peak memory, and the CPU time per
# fix x filter where that applies. Run it on an otherwise idle machine and
# quote the machine (cores, model) with the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-5}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [RUNS]" >&2; exit 64; }
swift build -c release --product trackbench >/dev/null
bin=.build/release/trackbench
out="$(mktemp -d "${TMPDIR:-/tmp}/trackbench-speed.XXXXXX")"
trap 'rm -rf "$out"' EXIT

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

measure() { # NAME FIXES_X_FILTERS COMMAND...
    local name="$1" work="$2"; shift 2
    "$@" >/dev/null 2>&1  # warm-up
    : > "$out/times"
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %U %S %M" -o "$out/one" "$@" >/dev/null 2>&1
        cat "$out/one" >> "$out/times"
    done
    local wall cpu peak
    wall="$(awk '{ print $1 }' "$out/times" | median)"
    cpu="$(awk '{ print $2 + $3 }' "$out/times" | median)"
    peak="$(awk '{ print $4 / 1024 }' "$out/times" | median)"
    if [[ "$work" -gt 0 ]]; then
        printf '%-34s %7.2f s wall %7.2f s CPU %7.0f MB peak %7.0f ns CPU per fix x filter\n' \
            "$name" "$wall" "$cpu" "$peak" "$(awk -v c="$cpu" -v w="$work" 'BEGIN { print c / w * 1e9 }')"
    else
        printf '%-34s %7.2f s wall %7.2f s CPU %7.0f MB peak\n' "$name" "$wall" "$cpu" "$peak"
    fi
}

# Fixes x filters of a run: the delivered fixes column summed over its rows.
work() { awk -F, 'NR > 2 { sum += $4 } END { print sum }' "$1"; }

"$bin" run --seed 100 --output "$out/one-seed" >/dev/null
"$bin" run --seeds 100...129 --output "$out/thirty" >/dev/null
"$bin" run --seed 100 --filter kalman --output "$out/kalman" >/dev/null
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $runs runs each, medians"
measure "default suite, 13 filters, 1 seed" "$(work "$out/one-seed/results.csv")" "$bin" run --seed 100 --output "$out/a"
measure "default suite, 13 filters, 10 seeds" 0 "$bin" run --output "$out/b"
measure "default suite, 13 filters, 30 seeds" "$(work "$out/thirty/results.csv")" "$bin" run --seeds 100...129 --output "$out/c"
measure "--filter kalman, 1 seed" "$(work "$out/kalman/results.csv")" "$bin" run --seed 100 --filter kalman --output "$out/d"
