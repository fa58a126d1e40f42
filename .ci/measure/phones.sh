#!/usr/bin/env bash
# Self-calibration on real phones (Docs/calibration.md, "Measured on real phones"): for each of eight public WHU drives
# (four phones, two Beijing drives each: an open-sky highway, BJ-1-07, and shaded urban roads, BJ-4-01) and the two
# GSDC drives, `calibrate` fits a profile and simulates it on the drive's own route (seeds 100...109); prints the
# simulated / measured ratio of each statistic, and `*` where it falls outside 0.67...1.5 (`noise` where calibrate prints
# a path length as within noise). Then, for each WHU phone,
# the profile fitted on one drive checked on the other (`calibrate --compare`, spreads included): `in` where the
# other drive lies within the 10 seeds' range, else `out`.
# Usage: .ci/measure/phones.sh [WHU_DIR] [GSDC_DIR] [OUT_DIR]
#   (defaults: ../shared/data/whu ../shared/data/gsdc, and a temporary folder; OUT_DIR keeps each fitted profile
#   as NAME.json and each report as NAME.txt). The data is not in the repository; a missing folder is skipped.
# Uses the release build (swift build -c release). About 5 s in all on a 2-core VM.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
whu=${1:-$root/../shared/data/whu}
gsdc=${2:-$root/../shared/data/gsdc}
bin=$root/.build/release/trackbench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${3:-$work/out}
mkdir -p "$out"
# Each drive: name, the phone's NMEA (under WHU_DIR/chipset_gga/Beijing), the reference (under WHU_DIR/truth), the UTC date.
whu_drives="
mi8-bj-1-07|open sky highways/BJ-1-07/2020_10_19_19_04_07.569_spare_log_XIM8.nmea.gz|2020-10-19-2/20201019185351_XIM8.txt.gz|2020-10-19
mi8-bj-4-01|shaded urban roads/BJ-4-01/2020_10_16_12_06_08.451_spare_log_XIM8.nmea.gz|2020-10-16/20201016113504_XIM8.txt.gz|2020-10-16
p20-bj-1-07|open sky highways/BJ-1-07/2020_10_19_19_04_03.981_spare_log_HP20.nmea.gz|2020-10-19-2/20201019185351_HP30.txt.gz|2020-10-19
p20-bj-4-01|shaded urban roads/BJ-4-01/2020_10_16_12_06_12.429_spare_log_HP20.nmea.gz|2020-10-16/20201016113504_HP30.txt.gz|2020-10-16
p30-bj-1-07|open sky highways/BJ-1-07/2020_10_19_19_04_10.143_spare_log_HP30.nmea.gz|2020-10-19-2/20201019185351_HP30.txt.gz|2020-10-19
p30-bj-4-01|shaded urban roads/BJ-4-01/2020_10_16_12_06_15.560_spare_log_HP30.nmea.gz|2020-10-16/20201016113504_HP30.txt.gz|2020-10-16
x30-bj-1-07|open sky highways/BJ-1-07/2020_10_19_19_04_13.917_spare_log_VX30.nmea.gz|2020-10-19-2/20201019185351_HP30.txt.gz|2020-10-19
x30-bj-4-01|shaded urban roads/BJ-4-01/2020_10_16_12_06_12.744_spare_log_VX30.nmea.gz|2020-10-16/20201016113504_HP30.txt.gz|2020-10-16
"
calibrate() {  # NAME FIXES TRUTH [calibrate options...]
    local name=$1 fixes=$2 truth=$3; shift 3
    if "$bin" calibrate "$fixes" --truth "$truth" --name "$name" "$@" > "$out/$name.json" 2> "$out/$name.txt"; then
        python3 - "$name" "$out/$name.txt" <<'PY'
import re, sys
name, report = sys.argv[1], open(sys.argv[2]).read().splitlines()
wanted = [("error SD per axis", "SD"), ("error median, 2-D", "p50"), ("error 95th percentile, 2-D", "p95"),
          ("error decorrelation", "decor"), ("error step median (m)", "step50"), ("error step 95th percentile", "step95"),
          ("along-track error mean", "along"), ("along / cross-track RMS", "a/c"), ("largest error step", "maxstep"),
          ("path length vs truth", "path"), ("fix interval SD", "dtSD")]
cells = []
for prefix, label in wanted:
    line = next((l for l in report if l.startswith(prefix)), "")
    fields = line.split()
    ratio = fields[-2] if len(fields) > 2 and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", fields[-2]) else "-"
    if "within noise" in line:
        ratio = "noise"
    flag = "*" if ratio not in ("-", "noise") and not 0.67 <= float(ratio) <= 1.5 else " "
    cells.append(f"{label} {ratio}{flag}")
print(f"{name:14s} " + "  ".join(cells))
PY
    else
        echo "$name: calibrate failed"; sed 's/^/    /' "$out/$name.txt"
    fi
}
if [ -d "$whu" ]; then
    while IFS='|' read -r name nmea truth date; do
        [ -n "$name" ] || continue
        zcat "$whu/chipset_gga/Beijing/$nmea" > "$work/$name.nmea" && zcat "$whu/truth/$truth" > "$work/$name-truth.txt" || continue
        calibrate "$name" "$work/$name.nmea" "$work/$name-truth.txt" --date "$date"
    done <<< "$whu_drives"
fi
if [ -d "$gsdc" ]; then
    for pair in "pixel4|MTV_2020-05-14-US-MTV-1_Pixel4" "pixel4xl|MTV_2020-06-05-US-MTV-2_Pixel4XL"; do
        name=${pair%%|*}; prefix=${pair#*|}; run=${prefix%_*}; phone=${prefix##*_}
        zcat "$gsdc/${prefix}_chipset.nmea.gz" > "$work/$name.nmea" && zcat "$gsdc/${run}_SPAN_${phone}_10Hz.nmea.gz" > "$work/$name-truth.nmea" || continue
        calibrate "$name" "$work/$name.nmea" "$work/$name-truth.nmea"
    done
fi
# Cross-drive: each WHU phone's profile from one drive (spreads as calibrate prints them) checked on its other drive.
compare() {  # PHONE FROM TO
    local phone=$1 from=$2 to=$3
    [ -s "$out/$phone-$from.json" ] && [ -f "$work/$phone-$to.nmea" ] || return
    python3 -c "import json, sys; print(json.dumps({'name': 'phones', 'description': 'one profile to compare', 'origin': {'latitude': 0, 'longitude': 0}, 'pathTypes': ['loop'],
        'distancesMeters': [1000], 'speedsMetersPerSecond': [2], 'stopsSeconds': [0], 'signals': [json.load(open(sys.argv[1]))]}))" \
        "$out/$phone-$from.json" > "$work/compare.json"
    local date; date=$(grep -F "$phone-$to|" <<< "$whu_drives" | cut -d'|' -f4)
    if "$bin" calibrate "$work/$phone-$to.nmea" --truth "$work/$phone-$to-truth.txt" --date "$date" --compare "$phone-$from" \
        --scenarios "$work/compare.json" > /dev/null 2> "$out/$phone-$from-on-$to.txt"; then
        printf '%-26s' "$phone $from -> $to"
        for pair in "SD|error SD per axis" "decor|error decorrelation" "step50|error step median (m)" "step95|error step 95th percentile" \
            "path|path length vs truth"; do
            printf '  %s %-3s' "${pair%%|*}" "$(grep -F "${pair#*|}" "$out/$phone-$from-on-$to.txt" | head -n 1 | awk '{print $NF}')"
        done
        echo
    else
        echo "$phone $from -> $to: calibrate --compare failed"; sed 's/^/    /' "$out/$phone-$from-on-$to.txt"
    fi
}
if [ -d "$whu" ]; then
    for phone in mi8 p20 p30 x30; do
        compare "$phone" bj-1-07 bj-4-01
        compare "$phone" bj-4-01 bj-1-07
    done
fi
