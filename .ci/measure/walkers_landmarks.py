"""A peer measure of the IPIN 2023 walkers' raw error at their landmarks, pooled over logs (Docs/noise-model.md).

Reads GetSensorData logs (.txt or .txt.gz) independently of TrackBench: GNSS fixes at SensorTimestamp (repeats
merged; network locations skipped: time over 5 s behind the fixes' clock, or altitude 0 with accuracy over 100 m),
POSI landmarks put on the fixes' clock by the median fix time minus app time, the fixes inside the landmarks' span,
each landmark against the fixes interpolated at its time. Per log and pooled: the landmarks' error median and 95th
percentile, the fixes' reported accuracy median, and how many landmarks lie within the accuracy at their time.
Usage: python3 .ci/measure/walkers_landmarks.py LOG...
"""
import gzip
import math
import statistics
import sys


def percentile(values, q):
    values = sorted(values)
    k = (len(values) - 1) * q
    low = math.floor(k)
    high = min(low + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (k - low)


def read(path):
    opener = gzip.open if path.endswith('.gz') else open
    fixes, landmarks, seen = [], [], set()
    with opener(path, 'rt', errors='replace') as log:
        for line in log:
            fields = line.strip().split(';')
            if fields[0] == 'GNSS':
                if tuple(fields[2:]) in seen:
                    continue
                seen.add(tuple(fields[2:]))
                app, time, lat, lon, alt, _, accuracy = map(float, fields[1:8])
                fixes.append((app, time, lat, lon, alt, accuracy))
            elif fields[0] == 'POSI':
                landmarks.append((float(fields[1]), float(fields[3]), float(fields[4])))
    clock = statistics.median(f[1] - f[0] for f in fixes)
    fixes = [f for f in fixes if not (f[1] - f[0] < clock - 5 or (f[4] == 0 and f[5] > 100))]
    fixes.sort(key=lambda f: f[1])
    landmarks = [(app + clock, lat, lon) for app, lat, lon in landmarks]
    first, last = landmarks[0][0], landmarks[-1][0]
    return [f for f in fixes if first <= f[1] <= last], landmarks


def landmark_errors(fixes, landmarks):
    errors, within = [], 0
    for time, lat, lon in landmarks:
        for a, b in zip(fixes, fixes[1:]):
            if a[1] <= time <= b[1]:
                w = (time - a[1]) / (b[1] - a[1]) if b[1] > a[1] else 0
                north = (a[2] + w * (b[2] - a[2]) - lat) * 111320
                east = (a[3] + w * (b[3] - a[3]) - lon) * 111320 * math.cos(math.radians(lat))
                error = math.hypot(north, east)
                errors.append(error)
                within += error <= a[5] + w * (b[5] - a[5])
                break
    return errors, within


def line(name, errors, within, accuracies):
    return (f'{name}: {len(errors)} landmarks, error median {percentile(errors, 0.5):.2f} m, '
            f'95th percentile {percentile(errors, 0.95):.2f} m; reported accuracy median {statistics.median(accuracies):.1f} m; '
            f'{within} of {len(errors)} landmarks within it')


pooled, pooled_within, pooled_accuracies = [], 0, []
for path in sys.argv[1:]:
    fixes, landmarks = read(path)
    errors, within = landmark_errors(fixes, landmarks)
    accuracies = [f[5] for f in fixes]
    print(line(path.split('/')[-1], errors, within, accuracies))
    pooled += errors
    pooled_within += within
    pooled_accuracies += accuracies
print(line('pooled', pooled, pooled_within, pooled_accuracies))
