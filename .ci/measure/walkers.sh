#!/usr/bin/env bash
# Measures the walkers against the default suite (Docs/noise-model.md, "A walker's phone"). First the IPIN 2023
# walks (GetSensorData logs of two Samsung phones, each against its own POSI landmarks): per log, what `trackbench
# calibrate` reports (the raw error at the landmarks, the best-fit time offset, the reported accuracy), then the
# landmarks pooled over logs by a peer script (.ci/measure/walkers_landmarks.py). Then the default suite's raw fixes:
# `trackbench run --filter raw`, and per signal and over all signals the median over scenarios and seeds of each
# row's position_p50_m and position_p95_m at SPEED m/s (default 1.4, walking).
# Usage: .ci/measure/walkers.sh [IPIN_DIR] [SPEED]   (default ../shared/data/ipin; a missing folder is skipped)
# The data is not in the repository. Uses the release build (swift build -c release).
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
ipin=${1:-$root/../shared/data/ipin}
speed=${2:-1.4}
bin=$root/.build/release/trackbench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -d "$ipin" ]; then
    for log in "$ipin"/*.txt.gz; do
        zcat "$log" > "$work/walk.txt"
        "$bin" calibrate "$work/walk.txt" --truth "$work/walk.txt" --seeds 1...1 2> "$work/report" > /dev/null \
            || { sed 's/^/    /' "$work/report"; continue; }
        echo "== $(basename "$log"): $(grep -E '^Time offset' "$work/report")"
        grep -E "reported accuracy mean|^- the truth is" "$work/report" | sed 's/^/    /'
    done
    python3 "$root/.ci/measure/walkers_landmarks.py" "$ipin"/*.txt.gz
fi
(cd "$root" && "$bin" run --filter raw --output "$work/run" > /dev/null) || exit 1
python3 - "$work/run/results.csv" "$speed" <<'PY'
import csv, statistics, sys
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith('#'))]
rows = [r for r in rows if r['filter'] == 'raw' and float(r['speed_mps']) == float(sys.argv[2])]
signals = list(dict.fromkeys(r['signal'] for r in rows))
print(f"default suite, raw fixes at {sys.argv[2]} m/s: median over scenarios and seeds of each row's position p50 and p95")
for signal in signals + ['all signals']:
    chosen = [r for r in rows if signal in ('all signals', r['signal'])]
    p50 = statistics.median(float(r['position_p50_m']) for r in chosen)
    p95 = statistics.median(float(r['position_p95_m']) for r in chosen)
    print(f"  {signal}: {len(chosen)} rows, p50 {p50:.2f} m, p95 {p95:.2f} m")
PY
