#!/usr/bin/env bash
# Reads the public WHU drives and IPIN walks as they come (Docs/recordings.md, "Files as real phones write them")
# and prints what the readers read and the raw fixes' error against the truth.
# Usage: .ci/measure/formats.sh [WHU_DIR] [IPIN_DIR]   (defaults: ../shared/data/whu ../shared/data/ipin)
# The data is not in the repository; a missing folder is skipped. Uses the release build (swift build -c release).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
whu=${1:-$root/../shared/data/whu}
ipin=${2:-$root/../shared/data/ipin}
bin=$root/.build/release/trackbench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
summary() {  # the reading notes and the error rows of calibrate's report
    grep -E "^Read |^Time offset|^warning|error median, 2-D|error 95th percentile, 2-D|^- the truth is|^- the (fixes|truth) ha" "$1" | sed 's/^/    /'
}
if [ -d "$whu" ]; then
    find "$whu/chipset_gga" -name '*.nmea.gz' | sort | while read -r nmea; do
        base=$(basename "$nmea")                       # 2020_10_16_11_35_44.478_spare_log_HP30.nmea.gz (Beijing time)
        phone=${base#*spare_log_}; phone=${phone%.nmea.gz}
        local_start=$(echo "$base" | cut -c1-19 | tr -d '_')   # 20201016113544
        # The reference that started last before the phone, the phone's own file, else the car's HP30 or XIM8.
        truth=$(find "$whu/truth" -name '*.txt.gz' ! -name '*bluetooth*' | awk -F/ -v s="$local_start" '{n=$NF; if (substr(n,1,14) <= s) print substr(n,1,14), $0}' \
            | sort | awk -v p="$phone" '{start=$1; if (start != last) {best=""}; last=start; if ($2 ~ "_"p".txt.gz$") own[start]=$2; else if (!(start in any)) any[start]=$2} END {print (last in own) ? own[last] : any[last]}')
        [ -n "$truth" ] || continue
        date=$(python3 -c "import datetime as d; print((d.datetime.strptime('$local_start','%Y%m%d%H%M%S')-d.timedelta(hours=8)).date())")
        zcat "$nmea" > "$work/fixes.nmea"; zcat "$truth" > "$work/truth.txt"
        echo "== $(basename "$(dirname "$nmea")") $phone against $(basename "$truth") --date $date"
        "$bin" calibrate "$work/fixes.nmea" --truth "$work/truth.txt" --date "$date" --seeds 1...1 2> "$work/report" > /dev/null \
            || { sed 's/^/    /' "$work/report"; continue; }
        summary "$work/report"
    done
fi
if [ -d "$ipin" ]; then
    for log in "$ipin"/*.txt.gz; do
        zcat "$log" > "$work/walk.txt"
        echo "== $(basename "$log") against its own POSI checkpoints"
        "$bin" calibrate "$work/walk.txt" --truth "$work/walk.txt" --seeds 1...1 2> "$work/report" > /dev/null \
            || { sed 's/^/    /' "$work/report"; continue; }
        summary "$work/report"
    done
fi
