#!/usr/bin/env bash
# Measures the hills suite's altitude swing: how far a phone's GPS altitude
# wanders while it stands still for an hour (Docs/altitude.md#vertical-noise).
# A measuring tool, not a test.
#
#   .ci/measure/altitude-swing.sh [BLOCKS]      (default 10 blocks of 20 seeds: seeds 1...200)
#
# It writes a one-scenario suite, the one the test that pins the swing
# simulates: the hills suite's 'phone-barometer' profile without its
# barometer (12 m swing, 300 s) on the rolling terrain, a 100 m loop at
# 2.8 m/s with a 3600 s stop halfway, so block 1 is the test's seeds. For each seed, 'trackbench export' gives the fixes; the swing is
# the highest minus the lowest altitude error (GPS minus true) during the
# stop. Per block of 20 seeds it prints the median (the 11th of 20, as the
# test takes it), the least and largest swing, and how many hours reach 50 m.
set -euo pipefail
cd "$(dirname "$0")/../.."
blocks="${1:-10}"
[[ "$blocks" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [BLOCKS]" >&2; exit 64; }
swift build -c release --product trackbench >/dev/null
bin=.build/release/trackbench
out="$(mktemp -d "${TMPDIR:-/tmp}/trackbench-swing.XXXXXX")"
trap 'rm -rf "$out"' EXIT
python3 - "$out/swing.json" <<'PYTHON'
import json, sys
suite = json.load(open("Scenarios/hills.json"))
suite.update(name="swing", pathTypes=["loop"], distancesMeters=[100], speedsMetersPerSecond=[2.8], stopsSeconds=[3600])
# The scenario of the test that pins the swing (AltitudeChannelTests): the barometer phone without its barometer.
suite["signals"] = [s for s in suite["signals"] if s["name"] == "phone-barometer"]
del suite["signals"][0]["barometer"]
suite["terrains"] = [t for t in suite["terrains"] if t["name"] == "rolling"]
json.dump(suite, open(sys.argv[1], "w"))
PYTHON
id=$("$bin" list --scenarios "$out/swing.json" | sed -n 2p | tr -d ' ')
stop_start=$(awk 'BEGIN { print 50 / 2.8 }')
echo "block  seeds      median m  least m  largest m  hours >= 50 m"
for block in $(seq "$blocks"); do
    first=$(( (block - 1) * 20 + 1 )); last=$(( block * 20 ))
    : > "$out/ranges"
    for seed in $(seq "$first" "$last"); do
        "$bin" export "$id" --scenarios "$out/swing.json" --seed "$seed" --output "$out/export" >/dev/null
        paste -d, "$out/export/true.csv" "$out/export/noisy.csv" | awk -F, -v start="$stop_start" '
            NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "altitude_m") alt[++n] = i; if ($i == "timestamp_s") time = i }; next }
            $time >= start && $time <= start + 3600 {
                error = $alt[2] - $alt[1]
                if (!seen || error < low) low = error
                if (!seen || error > high) high = error
                seen = 1
            }
            END { printf "%.1f\n", high - low }' >> "$out/ranges"
    done
    sort -g "$out/ranges" | awk -v block="$block" -v first="$first" -v last="$last" '
        { r[NR] = $1; if ($1 >= 50) over++ }
        END { printf "%5d  %4d-%-4d  %8.1f  %7.1f  %9.1f  %d of %d\n", block, first, last, r[11], r[1], r[NR], over, NR }'
done
