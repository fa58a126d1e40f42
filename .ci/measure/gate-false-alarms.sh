#!/usr/bin/env bash
# How often `check` fails filters that did not change (Docs/statistics.md#the-gates-false-alarm-rate).
# Runs the default and hard suites under 200 seeds with a release build, then judges every ordered pair of
# disjoint 10-seed windows as baseline and run (380 gate runs per suite) with the gate's own code, in a
# release build of the tests. Takes about 5 minutes on 2 cores.
# Usage: .ci/measure/gate-false-alarms.sh [first...last]   (default 100...299)
set -euo pipefail
cd "$(dirname "$0")/../.."
seeds="${1:-100...299}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swift build -c release --product trackbench
.build/release/trackbench run --seeds "$seeds" --output "$out/default" > /dev/null
.build/release/trackbench run --seeds "$seeds" --scenarios Scenarios/hard.json --output "$out/hard" > /dev/null
TRACKBENCH_GATE_RESULTS="$out/default/results.csv:$out/hard/results.csv" \
  swift test -c release -Xswiftc -enable-testing --filter GateFalseAlarmMeasurement 2>&1 \
  | grep -E '^(gate false alarms|  )|passed|failed'
