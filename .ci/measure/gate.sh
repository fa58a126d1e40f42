#!/usr/bin/env bash
# The regression gate measured with `check` alone (Docs/statistics.md#the-gates-false-alarm-rate).
#
# False alarms: records a baseline of every built-in filter under seeds 100...109 on the default and hard
# suites, then judges the same filters on independent noise with `check --noise-seeds`, one later 10-seed
# window per gate run: the whole baseline, and one filter (`--filter`, a different built-in filter each run).
# Every failure is a false alarm: the filters did not change; each is printed on standard error with its verdict.
# Power: records `kalman` under seeds 100...109 on the default suite, makes it worse in `position_rmse_m` by
# a growing factor in one shape at a time (every row, one signal, one signal at one distance, one scenario,
# 3 of the 10 seeds), and reports the smallest change `check --results` fails (exit 2). Same seeds, as in CI.
#
# Usage: .ci/measure/gate.sh [windows] [one-filter windows]   (defaults 100 and 200; 0 0 measures the power only)
set -euo pipefail
cd "$(dirname "$0")/../.."
windows="${1:-100}"
single_windows="${2:-200}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swift build -c release --product trackbench > /dev/null
tb=.build/release/trackbench

# One gate run: prints "pass", "improved" (passes, but --strict would fail) or "fail"; anything else stops.
gate() {
  local status=0
  "$tb" check "$@" > "$out/report.md" 2> "$out/stderr" || status=$?
  case $status in
    0) if grep -q '^\*\*PASSED: .*improvement' "$out/report.md"; then echo improved; else echo pass; fi ;;
    2) echo fail; grep -m1 '^\*\*FAILED' "$out/report.md" | cut -c1-300 | sed "s/^/  $*: /" >&2 ;;
    *) cat "$out/stderr" >&2; exit 1 ;;
  esac
}

echo "False alarms: unchanged filters on independent noise (baseline seeds 100...109)"
echo "| Suite | Gated | Gate runs | Failed (exit 2) | Failed with --strict |"
echo "|---|---|---:|---:|---:|"
for suite in default hard; do
  scenarios=()
  [ "$suite" = hard ] && scenarios=(--scenarios Scenarios/hard.json)
  baseline="$out/$suite.csv"
  "$tb" check --update-baseline "${scenarios[@]}" --baseline "$baseline" --seeds 100...109 > /dev/null
  mapfile -t filters < <(tail -n +3 "$baseline" | cut -d, -f2 | awk '!seen[$0]++')
  for scope in all one; do
    runs=$windows
    [ "$scope" = one ] && runs=$single_windows
    failed=0 strict=0
    for ((k = 1; k <= runs; k++)); do
      first=$((100 + 10 * k))
      only=()
      [ "$scope" = one ] && only=(--filter "${filters[$(((k - 1) % ${#filters[@]}))]}")
      verdict=$(gate "${scenarios[@]}" --baseline "$baseline" --noise-seeds "$first...$((first + 9))" "${only[@]}")
      [ "$verdict" = fail ] && failed=$((failed + 1))
      [ "$verdict" != pass ] && strict=$((strict + 1))
    done
    label="every filter (${#filters[@]})"
    [ "$scope" = one ] && label="one filter"
    echo "| $suite | $label | $runs | $failed | $strict |"
  done
done

echo
echo "Power: the smallest worsening of kalman's position_rmse_m that check fails (default suite, seeds 100...109)"
base="$out/kalman.csv"
"$tb" check --update-baseline --baseline "$base" --seeds 100...109 --filter kalman > /dev/null
scenario=$(awk -F, 'NR == 3 { print $1; exit }' "$base")
factors="0.005 0.01 0.02 0.05 0.1 0.2 0.5 1 2"
echo "| Shape | Rows changed | Smallest change caught |"
echo "|---|---:|---:|"
for shape in "every row" "signal weak" "signal weak, 10 km" "one scenario" "3 of 10 seeds"; do
  caught="none up to +200 %"
  changed=0
  for factor in $factors; do
    changed=$(python3 - "$base" "$out/worse.csv" "$shape" "$factor" "$scenario" <<'PY'
import csv, sys
source, target, shape, factor, scenario = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5]
with open(source, newline="") as file:
    context = file.readline()
    rows = list(csv.reader(file))
header, changed = rows[0], 0
column = {name: i for i, name in enumerate(header)}
for row in rows[1:]:
    selected = {
        "every row": True,
        "signal weak": row[column["signal"]] == "weak",
        "signal weak, 10 km": row[column["signal"]] == "weak" and float(row[column["nominal_distance_m"]]) == 10000,
        "one scenario": row[column["scenario"]] == scenario,
        "3 of 10 seeds": int(row[column["seed"]]) >= 107,
    }[shape]
    value = row[column["position_rmse_m"]]
    if selected and value:
        row[column["position_rmse_m"]] = f"{float(value) * (1 + factor):.3f}"
        changed += 1
with open(target, "w", newline="") as file:
    file.write(context)
    csv.writer(file, lineterminator="\n").writerows(rows)
print(changed)
PY
)
    status=0
    "$tb" check --baseline "$base" --results "$out/worse.csv" > /dev/null 2>&1 || status=$?
    if [ $status = 2 ]; then caught="+$(python3 -c "print(f'{$factor * 100:g}')") %"; break; fi
    [ $status = 0 ] || { echo "check exited $status on $shape +$factor" >&2; exit 1; }
  done
  echo "| $shape | $changed | $caught |"
done
