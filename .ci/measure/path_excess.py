#!/usr/bin/env python3
"""Where a WHU phone's path gets longer than the truth (Docs/calibration.md, "Measured on real phones").

A peer measurement, independent of TrackBench's readers: each Beijing chipset log's GGA fixes (quality 0 and repeated
times dropped) paired with its car session's reference (phones_all.py picks it) at the same GPS second, quality 1 and
2 only. For each log prints the truth's length, the fixes' path excess over it (m and %), the part of the excess on
steps that end stopped (true speed under 0.3 m/s) and in slow stretches (0.3-5 m/s), and the median error step at
0.3-5 m/s against at 10 m/s and over. Fixes labelled a second late are not moved back here, so logs with such runs
(the Mi 8's, the P20's) carry them; the urban scenes (BJ-3, BJ-4) are the ones with stops and slow stretches.

Usage: .ci/measure/path_excess.py [WHU_DIR] [--scenes BJ-3,BJ-4]   (default WHU_DIR ../shared/data/whu)
"""
import argparse
import datetime
import gzip
import importlib.util
import math
import pathlib
import statistics

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("phones_all", HERE / "phones_all.py")
phones_all = importlib.util.module_from_spec(spec)
spec.loader.exec_module(phones_all)
EARTH_RADIUS_M = 6_371_000
GPS_EPOCH = datetime.datetime(1980, 1, 6)
GPS_MINUS_UTC_S = 18  # in 2020


def reference(path):
    """GPS second of week -> (latitude, longitude, speed m/s), quality 1 and 2 rows (all rows without a Q column)."""
    rows = {}
    for line in gzip.open(path, "rt", errors="replace"):
        fields = line.split()
        try:
            second, latitude, longitude = round(float(fields[0])), float(fields[1]), float(fields[2])
            north, east = float(fields[4]), float(fields[5])
        except (ValueError, IndexError):
            continue
        quality = fields[7] if len(fields) > 7 else "1"
        if quality in ("1", "2"):
            rows[second] = (latitude, longitude, math.hypot(north, east))
    return rows


def fixes(path, utc_date):
    """The GGA fixes as (GPS second of week, latitude, longitude), in order, one per second."""
    day = datetime.datetime.combine(utc_date, datetime.time())
    week_start = (day - GPS_EPOCH).days % 7 * 86_400
    found, last = [], None
    for line in gzip.open(path, "rt", errors="replace"):
        fields = line.split(",")
        if not fields[0].endswith("GGA") or len(fields) < 7:
            continue
        try:
            clock = fields[1]
            seconds = int(clock[:2]) * 3600 + int(clock[2:4]) * 60 + float(clock[4:])
            quality = int(fields[6])
            latitude = float(fields[2][:2]) + float(fields[2][2:]) / 60
            longitude = float(fields[4][:3]) + float(fields[4][3:]) / 60
        except ValueError:
            continue
        second = round(week_start + seconds + GPS_MINUS_UTC_S)
        if quality == 0 or (last is not None and second <= last):
            continue
        last = second
        found.append((second, latitude, longitude))
    return found


def measure(log, truth, utc_date):
    rows = reference(truth)
    pairs = [(s, la, lo) + rows[s] for s, la, lo in fixes(log, utc_date) if s in rows]
    if len(pairs) < 3:
        return None
    scale = math.cos(math.radians(pairs[0][1]))
    def point(latitude, longitude):
        return (math.radians(longitude) * EARTH_RADIUS_M * scale, math.radians(latitude) * EARTH_RADIUS_M)
    length = excess = stopped = slow = 0.0
    slow_steps, fast_steps = [], []
    for before, after in zip(pairs, pairs[1:]):
        true_before, true_after = point(before[3], before[4]), point(after[3], after[4])
        fix_before, fix_after = point(before[1], before[2]), point(after[1], after[2])
        true_step = math.dist(true_before, true_after)
        part = math.dist(fix_before, fix_after) - true_step
        length += true_step
        excess += part
        speed = after[5]
        if speed < 0.3:
            stopped += part
        elif speed < 5:
            slow += part
        if after[0] - before[0] == 1:
            error_step = math.dist(
                (fix_after[0] - true_after[0], fix_after[1] - true_after[1]), (fix_before[0] - true_before[0], fix_before[1] - true_before[1]))
            if 0.3 <= speed < 5:
                slow_steps.append(error_step)
            elif speed >= 10:
                fast_steps.append(error_step)
    return length, excess, stopped, slow, slow_steps, fast_steps


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("whu", nargs="?", default=str(HERE.parents[1].parent / "shared/data/whu"))
    parser.add_argument("--scenes", default="BJ-3,BJ-4", help="run name prefixes to measure (default BJ-3,BJ-4)")
    options = parser.parse_args()
    whu = pathlib.Path(options.whu)
    prefixes = tuple(options.scenes.split(","))
    print("log            truth (m)  excess (m)      %   at stops (m)  slow (m)  step median slow / at 10+ m/s (m)")
    for phone, run, path, start in phones_all.logs(whu):
        truth = phones_all.truth_for(whu, phone, start)
        if truth is None or not run.startswith(prefixes):
            continue
        result = measure(path, truth, (start - datetime.timedelta(hours=8)).date())
        if result is None:
            continue
        length, excess, stopped, slow, slow_steps, fast_steps = result
        steps = "-"
        if len(slow_steps) >= 10 and fast_steps:
            steps = f"{statistics.median(slow_steps):.3f} / {statistics.median(fast_steps):.3f}"
        print(f"{phone} {run:9s} {length:10.0f} {excess:11.1f} {100 * excess / length:6.3f} {stopped:13.1f} {slow:9.1f}  {steps}")


if __name__ == "__main__":
    main()
