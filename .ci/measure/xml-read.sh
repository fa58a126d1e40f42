#!/usr/bin/env bash
# Times reading a large GPX with a release build (Docs/performance.md). A measuring tool, not a test.
#
#   .ci/measure/xml-read.sh [MB] [RUNS] [BINARY...]     (defaults: 20 MB, 3 runs; medians printed)
#
# Writes a GPX track of about MB megabytes (a point every 0.1 s, as a 10 Hz
# reference logs, with elevation and time, about 105 bytes a point; up to
# 2,500 MB, the 30 days of November at 10 Hz; past 2,000,000 points, about
# 210 MB, the reader refuses the file, Recording.pointLimit) and a
# recording suite naming it, then times `trackbench run --filter raw` on it
# as a whole process: reading the file is most of the work. Prints what the
# run read, the median wall and CPU time, and peak memory, for the release
# build of this checkout and then for every further BINARY given (a build of
# another commit, to compare on the same file at the same sitting).
set -euo pipefail
cd "$(dirname "$0")/../.."
megabytes="${1:-20}"
runs="${2:-3}"
[[ "$megabytes" =~ ^[1-9][0-9]*$ && "$megabytes" -le 2500 && "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [MB] [RUNS] [BINARY...]" >&2; exit 64; }
shift $(( $# < 2 ? $# : 2 ))
swift build -c release --product trackbench >/dev/null
binaries=(.build/release/trackbench "$@")
out="$(mktemp -d "${TMPDIR:-/tmp}/trackbench-xml.XXXXXX")"
trap 'rm -rf "$out"' EXIT

points=$(( megabytes * 1000000 / 105 ))
awk -v n="$points" 'BEGIN {
    print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    print "<gpx version=\"1.1\" creator=\"xml-read.sh\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
    print "<trk><name>long reference</name><trkseg>"
    for (i = 0; i < n; i++) {
        tenths = i % 10; s = int(i / 10)
        printf "<trkpt lat=\"%.8f\" lon=\"%.8f\"><ele>30.0</ele><time>2023-11-%02dT%02d:%02d:%02d.%dZ</time></trkpt>\n", \
            37.4275 + i * 1e-6, -122.1697, 1 + int(s / 86400), int(s / 3600) % 24, int(s / 60) % 60, s % 60, tenths
    }
    print "</trkseg></trk>"
    print "</gpx>"
}' > "$out/long.gpx"
distance=$(( points / 9 ))  # about 0.11 m a point
printf '{"name": "long-gpx", "recordings": [{"id": "long", "fixes": "long.gpx", "distanceMeters": %d}]}\n' "$distance" > "$out/suite.json"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'); $(du -m "$out/long.gpx" | cut -f1) MB GPX, $points points; $runs runs each, medians"

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

for binary in "${binaries[@]}"; do
    if ! "$binary" run --scenarios "$out/suite.json" --filter raw --output "$out/results" > "$out/log" 2>&1; then
        printf '%-40s failed: %s\n' "$binary" "$(grep -m1 -i 'error' "$out/log" | cut -c1-200)"
        continue
    fi
    read_line="$(grep -m1 'long:' "$out/log" | sed 's/^ *//')"
    : > "$out/times"
    for _ in $(seq "$runs"); do
        /usr/bin/time -f "%e %U %S %M" -o "$out/one" "$binary" run --scenarios "$out/suite.json" --filter raw --output "$out/results" >/dev/null 2>&1
        cat "$out/one" >> "$out/times"
    done
    printf '%-40s %6.2f s wall %6.2f s CPU %5.0f MB peak   %s\n' "$binary" \
        "$(awk '{ print $1 }' "$out/times" | median)" "$(awk '{ print $2 + $3 }' "$out/times" | median)" \
        "$(awk '{ print $4 / 1024 }' "$out/times" | median)" "$read_line"
done
