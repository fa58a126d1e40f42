#!/usr/bin/env bash
# Times TrackBench's standard workloads with a release build: the documented
# speed benchmark (Docs/performance.md). A measuring tool, not a test.
#
#   .ci/measure/speed.sh [RUNS]      (default 5 runs of each workload; medians printed)
#
# Each workload runs RUNS times after one warm-up; for each it prints the median
# wall time, CPU time (user + system) with the system share, and peak memory,
# and the CPU time per fix x filter where that applies. The last workloads are
# one scenario of 1.43 million fixes (100 km at 0.1 m/s, a fix every 0.7 s),
# for the memory a long recording needs, and the replay of an hour's logger
# CSV at 100 rows a second, for the time reading a long file takes. Run it on an otherwise idle machine and
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
    local wall cpu system peak
    wall="$(awk '{ print $1 }' "$out/times" | median)"
    cpu="$(awk '{ print $2 + $3 }' "$out/times" | median)"
    system="$(awk '{ print 100 * $3 / ($2 + $3 + 1e-9) }' "$out/times" | median)"
    peak="$(awk '{ print $4 / 1024 }' "$out/times" | median)"
    if [[ "$work" -gt 0 ]]; then
        printf '%-38s %6.2f s wall %6.2f s CPU (%2.0f %% system) %5.0f MB peak %5.0f ns CPU per fix x filter\n' \
            "$name" "$wall" "$cpu" "$system" "$peak" "$(awk -v c="$cpu" -v w="$work" 'BEGIN { print c / w * 1e9 }')"
    else
        printf '%-38s %6.2f s wall %6.2f s CPU (%2.0f %% system) %5.0f MB peak\n' "$name" "$wall" "$cpu" "$system" "$peak"
    fi
}

# Fixes x filters of a run: the delivered fixes column summed over its rows.
work() { awk -F, 'NR > 2 { sum += $4 } END { print sum }' "$1"; }

"$bin" run --seed 100 --output "$out/one-seed" >/dev/null
"$bin" run --seeds 100...129 --output "$out/thirty" >/dev/null
"$bin" run --seed 100 --filter kalman --output "$out/kalman" >/dev/null
# The long scenario: the default suite's strong signal, at a fix every 0.7 s, on one 100 km loop walked at 0.1 m/s.
cat > "$out/long.json" <<'JSON'
{
  "name": "long",
  "description": "One scenario of 1.43 million fixes, for the memory benchmark.",
  "origin": { "latitude": 37.3861, "longitude": -122.0839 },
  "pathTypes": ["loop"], "distancesMeters": [100000], "speedsMetersPerSecond": [0.1], "stopsSeconds": [0],
  "signals": [{
    "name": "strong",
    "horizontalAccuracyMeanMeters": 5.0, "horizontalAccuracyDeviationMeters": 1.0,
    "verticalAccuracyMeanMeters": 3.643, "verticalAccuracyDeviationMeters": 0.3,
    "fixIntervalMeanSeconds": 0.7, "fixIntervalDeviationSeconds": 0.09,
    "warmUpFixes": 15, "warmUpAccuracyFactor": 3.0, "driftTimeConstantSeconds": 60, "jitterMeters": 0.15,
    "speedDeviationMetersPerSecond": 0.2, "courseDeviationDegrees": 5,
    "errorToAccuracyRatio": 0.4, "accuracyTracking": 0, "stoppedErrorMotionFactor": 0.2, "alongTrackBiasMeters": -0.5,
    "faults": {
      "staleFixProbability": 0, "staleFixMinimumAgeSeconds": 0, "staleFixMaximumAgeSeconds": 0,
      "invalidFixProbability": 0, "invalidFixOffsetMeters": 0,
      "jumpProbability": 0, "jumpMeters": 0, "jumpDurationSeconds": 0,
      "dropoutProbability": 0, "dropoutSeconds": 0, "speedGlitchProbability": 0
    }
  }]
}
JSON
"$bin" run --scenarios "$out/long.json" --seed 100 --output "$out/long" >/dev/null
# A logger's long file: an hour of SensorLog-style CSV at 100 rows a second (360,000 rows, 23 columns, 64 MB), each row
# repeating the latest of its 3,600 fixes, walked round a 2 km loop; replayed with the raw filter, so reading is the work.
awk 'BEGIN {
    OFS = ","
    print "loggingTime(txt),loggingSample(N),locationTimestamp_since1970(s),locationLatitude(WGS84),locationLongitude(WGS84),locationAltitude(m),locationSpeed(m/s),locationSpeedAccuracy(m/s),locationCourse(°),locationCourseAccuracy(°),locationVerticalAccuracy(m),locationHorizontalAccuracy(m),locationFloor(Z),accelerometerAccelerationX(G),accelerometerAccelerationY(G),accelerometerAccelerationZ(G),gyroRotationX(rad/s),gyroRotationY(rad/s),gyroRotationZ(rad/s),motionYaw(rad),motionRoll(rad),motionPitch(rad),batteryLevel(%)"
    for (i = 0; i < 360000; i++) {
        k = int(i / 100); angle = k / 600 * 6.283185307179586
        printf "2023-06-01 07:%02d:%02d.%02d +0200,%d,%.3f,%.7f,%.7f,519.2,3.1,0.4,87.5,12.0,3.9,4.7,0,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,0.9\n", \
            int(i / 6000) % 60, int(i / 100) % 60, i % 100, i, 1685597400 + k, 48.137 + 0.003 * sin(angle), 11.576 + 0.0045 * (1 - cos(angle)), \
            (i % 97) / 97, (i % 89) / 89, (i % 83) / 83, (i % 79) / 79, (i % 73) / 73, (i % 71) / 71, (i % 67) / 67, (i % 61) / 61, (i % 59) / 59
    }
}' > "$out/sensorlog.csv"
printf '{"name": "logger", "description": "An hour of a logger at 100 Hz.", "recordings": [{"id": "hour", "fixes": "sensorlog.csv", "distanceMeters": 12000}]}\n' > "$out/logger.json"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //'), $runs runs each, medians"
measure "default suite, 13 filters, 1 seed" "$(work "$out/one-seed/results.csv")" "$bin" run --seed 100 --output "$out/a"
measure "default suite, 13 filters, 10 seeds" 0 "$bin" run --output "$out/b"
measure "default suite, 13 filters, 30 seeds" "$(work "$out/thirty/results.csv")" "$bin" run --seeds 100...129 --output "$out/c"
measure "--filter kalman, 1 seed" "$(work "$out/kalman/results.csv")" "$bin" run --seed 100 --filter kalman --output "$out/d"
measure "one 1.43 M-fix scenario, 13 filters" "$(work "$out/long/results.csv")" "$bin" run --scenarios "$out/long.json" --seed 100 --output "$out/e"
measure "an hour's logger CSV (360,000 rows), raw" 0 "$bin" run --scenarios "$out/logger.json" --filter raw --output "$out/f"
