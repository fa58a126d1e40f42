#!/usr/bin/env python3
"""Where a WHU phone's path gets longer than the truth (Docs/calibration.md, "Measured on real phones").

A peer measurement, independent of TrackBench's readers: each Beijing chipset log's GGA fixes (quality 0 and repeated
times dropped) paired with its car session's reference (phones_all.py picks it) at the same GPS second, quality 1 and
2 only. The excess (the fixes' path length minus the truth's) splits exactly into parts, with t the unit vector of
each true step (held through a stop: the last direction moved in) and e each fix's error:
- ends: the along-track error at the last fix minus at the first (a phone still settling at the start, or chance);
- turning: what the error did where the route turned, the first-order rest, -sum(e . (t_i - t_i-1));
- at stops: steps whose true step is under 0.3 m, |fix step| - (fix step . t): a frozen phone letting go, or a
  fix wandering at a stop;
- moving: the rest, |fix step| - |true step| - (error step . t), on the moving steps: the error's steps across the
  track (second order), by true speed under and over 5 m/s.
Fixes labelled a second late are not moved back here, so logs with such runs (the Mi 8's, the P20's) carry them in
"ends" and "moving".

Usage: .ci/measure/path_excess.py [WHU_DIR] [--scenes BJ-1,BJ-2,BJ-3,BJ-4]   (default WHU_DIR ../shared/data/whu; about 1 s)
"""
import argparse
import datetime
import gzip
import importlib.util
import math
import pathlib

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
    truths = [point(p[3], p[4]) for p in pairs]
    fixes_ = [point(p[1], p[2]) for p in pairs]
    errors = [(f[0] - t[0], f[1] - t[1]) for f, t in zip(fixes_, truths)]
    length = excess = linear = stops = slow = fast = 0.0
    held = None
    first_direction = last_direction = None
    for i in range(len(truths) - 1):
        true_step = math.dist(truths[i], truths[i + 1])
        fix_step = (fixes_[i + 1][0] - fixes_[i][0], fixes_[i + 1][1] - fixes_[i][1])
        part = math.hypot(*fix_step) - true_step
        length += true_step
        excess += part
        if true_step >= 0.3:
            held = ((truths[i + 1][0] - truths[i][0]) / true_step, (truths[i + 1][1] - truths[i][1]) / true_step)
        if held is None:
            stops += part
            continue
        first_direction = first_direction or held
        last_direction = held
        error_step = (errors[i + 1][0] - errors[i][0], errors[i + 1][1] - errors[i][1])
        along = error_step[0] * held[0] + error_step[1] * held[1]
        linear += along
        if true_step < 0.3:
            stops += part - along
        elif true_step / max(1, pairs[i + 1][0] - pairs[i][0]) < 5:
            slow += part - along
        else:
            fast += part - along
    if first_direction is None:
        return None
    ends = (errors[-1][0] * last_direction[0] + errors[-1][1] * last_direction[1]) - (
        errors[0][0] * first_direction[0] + errors[0][1] * first_direction[1])
    return length, excess, ends, linear - ends, stops, slow, fast


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("whu", nargs="?", default=str(HERE.parents[1].parent / "shared/data/whu"))
    parser.add_argument("--scenes", default="BJ-1,BJ-2,BJ-3,BJ-4", help="run name prefixes to measure (default: all four scenes)")
    options = parser.parse_args()
    whu = pathlib.Path(options.whu)
    prefixes = tuple(options.scenes.split(","))
    print("log            truth (m)  excess (m)      %    ends  turning  at stops  moving <5 m/s  moving 5+ m/s")
    for phone, run, path, start in phones_all.logs(whu):
        truth = phones_all.truth_for(whu, phone, start)
        if truth is None or not run.startswith(prefixes):
            continue
        result = measure(path, truth, (start - datetime.timedelta(hours=8)).date())
        if result is None:
            continue
        length, excess, ends, turning, stops, slow, fast = result
        print(f"{phone} {run:9s} {length:10.0f} {excess:11.1f} {100 * excess / length:6.3f} {ends:7.1f} {turning:8.1f} {stops:9.1f}"
              f" {slow:14.1f} {fast:14.1f}")


if __name__ == "__main__":
    main()
