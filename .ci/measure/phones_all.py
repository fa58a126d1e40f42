#!/usr/bin/env python3
"""Self-calibration and cross-drive coverage over every WHU Beijing log (Docs/calibration.md, "Every Beijing log").

For each phone's chipset log under WHU_DIR/chipset_gga/Beijing, `calibrate` fits a profile against the car's reference
(the truth file of the same car session that starts last before the log, the phone's own where there is one, else the
HP30's) and simulates it on the log's own route (seeds 100...109). Then each profile is checked on up to
--others of the same phone's other logs (`calibrate --compare`, spreads included). Prints, per statistic, on how many
logs the simulated / measured ratio lies within 0.67...1.5 (`within noise` counts as within), and on how many other
logs the measured value lies within the profile's 10-seed range.

With --seeds (say 100...179) the self-calibration tables simulate more runs: a statistic that varies much from run to run
(the along-track mean and along/cross on a short drive) then shows whether a ratio outside 0.67...1.5 was the 10 runs'
median by chance or the model. The checks across drives keep 10 seeds: they count the 10 seeds' range.

Usage: .ci/measure/phones_all.py [WHU_DIR] [--out DIR] [--others N] [--jobs N] [--seeds FIRST...LAST]
  (default WHU_DIR ../shared/data/whu; needs the release build: swift build -c release). The data is not in the
  repository. About 20 s on 2 cores.
"""
import argparse
import concurrent.futures
import datetime
import gzip
import hashlib
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = ROOT / ".build/release/trackbench"
STATISTICS = [  # label prefix in calibrate's table, short name: every statistic the WHU logs give but the largest step
    ("fix interval mean", "dt"), ("fix interval SD", "dtSD"), ("error SD per axis", "SD"), ("error median, 2-D", "p50"),
    ("error 95th percentile, 2-D", "p95"), ("fixes within reported accuracy", "within"), ("error decorrelation", "decor"),
    ("error step median (m)", "step50"), ("error step 95th percentile", "step95"), ("error step median, moving", "step50mov"),
    ("error step median, stopped", "step50stop"), ("stopped steps over half", "release"), ("along-track error mean", "along"),
    ("along / cross-track RMS", "a/c"), ("error steps over 5 m", "jumps"),
    ("fixes in excursions", "excur"), ("path length vs truth", "path"),
]
COVERED = ["SD", "decor", "step50", "step95", "path"]


def logs(whu):
    """Every Beijing chipset log: (phone, run, path, local start). A log filed under two scenes (BJ-1-10's P20 and P30
    logs are BJ-4-08's too) counts once, under the first."""
    found = []
    seen = set()
    for path in sorted((whu / "chipset_gga/Beijing").glob("*/*/*.nmea.gz")):
        match = re.match(r"(\d{4})_(\d\d)_(\d\d)_(\d\d)_(\d\d)_(\d\d)\.\d+_spare_log_(\w+)\.nmea\.gz", path.name)
        digest = hashlib.sha256(gzip.decompress(path.read_bytes())).hexdigest()
        if match and digest not in seen:
            seen.add(digest)
            start = datetime.datetime(*map(int, match.groups()[:6]))
            found.append((match.group(7), path.parent.name, path, start))
    return found


def truth_for(whu, phone, start):
    """The reference of the car session that starts last before `start` (within 6 h), the phone's own if any."""
    best = None
    for path in (whu / "truth").glob("*/*.txt.gz"):
        match = re.match(r"(\d{14})_(\w+)\.txt\.gz", path.name)
        if not match or match.group(2) not in ("HP30", "XIM8"):
            continue
        begins = datetime.datetime.strptime(match.group(1), "%Y%m%d%H%M%S")
        if begins <= start and start - begins < datetime.timedelta(hours=6):
            rank = (begins, match.group(2) == phone)
            if best is None or rank > best[0]:
                best = (rank, path)
    return best[1] if best else None


def table(text):
    """The ratio (or 'noise') and whether the measured lies in range, per short statistic name."""
    rows = {}
    for prefix, name in STATISTICS:
        line = next((l for l in text.splitlines() if l.startswith(prefix)), None)
        if line is None:
            continue
        fields = line.split()
        in_range = fields[-1] if fields[-1] in ("in", "out") else None
        ratio = "noise" if "within noise" in line else fields[-2]
        rows[name] = (ratio, in_range)
    return rows


def within(ratio):
    if ratio == "noise":
        return True
    try:
        return 0.67 <= float(ratio) <= 1.5
    except ValueError:
        return None


def run(arguments):
    result = subprocess.run([str(BIN)] + arguments, capture_output=True, text=True)
    return result.returncode, result.stdout, result.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("whu", nargs="?", default=str(ROOT.parent / "shared/data/whu"))
    parser.add_argument("--out", help="keep each profile (NAME.json) and report (NAME.txt) here")
    parser.add_argument("--others", type=int, default=4, help="other logs each profile is checked on (default 4)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--seeds", default="100...109", help="the self-calibration tables' seeds (default 100...109)")
    options = parser.parse_args()
    whu = pathlib.Path(options.whu)
    if not (whu / "chipset_gga").is_dir():
        sys.exit(f"no WHU data at {whu}")
    work = pathlib.Path(tempfile.mkdtemp())
    out = pathlib.Path(options.out) if options.out else work / "out"
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for phone, run_name, path, start in logs(whu):
        truth = truth_for(whu, phone, start)
        if truth is None:
            continue
        name = f"{phone.lower()}-{run_name.lower()}"
        fixes, reference = work / f"{name}.nmea", work / f"{name}-truth.txt"
        fixes.write_bytes(gzip.decompress(path.read_bytes()))
        reference.write_bytes(gzip.decompress(truth.read_bytes()))
        utc_date = (start - datetime.timedelta(hours=8)).date().isoformat()
        entries.append((phone, name, fixes, reference, utc_date))

    def fit(entry):
        phone, name, fixes, reference, date = entry
        status, profile, report = run(["calibrate", str(fixes), "--truth", str(reference), "--date", date, "--name", name,
                                     "--seeds", options.seeds])
        (out / f"{name}.json").write_text(profile)
        (out / f"{name}.txt").write_text(report)
        return entry, status, table(report)

    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        fits = [result for result in pool.map(fit, entries)]
    fitted = [(entry, rows) for entry, status, rows in fits if status == 0]
    print(f"Self-calibration: {len(fitted)} of {len(fits)} logs fitted, seeds {options.seeds}; "
          "logs with the ratio within 0.67...1.5 (or within noise)")
    for _, short in STATISTICS:
        verdicts = [within(rows[short][0]) for _, rows in fitted if short in rows]
        counted = [v for v in verdicts if v is not None]
        print(f"  {short:7s} {sum(counted):3d} of {len(counted)}")
    misses = {}
    for entry, rows in fitted:
        bad = [short for short, (ratio, _) in rows.items() if within(ratio) is False]
        for short in bad:
            misses.setdefault(short, []).append(f"{entry[1]} {rows[short][0]}")
    for short, names in misses.items():
        print(f"  outside, {short}: " + ", ".join(names))

    pairs = []
    by_phone = {}
    for entry, _ in fitted:
        by_phone.setdefault(entry[0], []).append(entry)
    for phone, group in by_phone.items():
        for index, source in enumerate(group):
            for step in range(1, min(options.others, len(group) - 1) + 1):
                pairs.append((source, group[(index + step) % len(group)]))

    def compare(pair):
        source, target = pair
        profile = json.loads((out / f"{source[1]}.json").read_text())
        suite = {"name": "phones", "description": "one profile to compare", "origin": {"latitude": 0, "longitude": 0},
                 "pathTypes": ["loop"], "distancesMeters": [1000], "speedsMetersPerSecond": [2], "stopsSeconds": [0],
                 "signals": [profile]}
        suite_file = work / f"compare-{source[1]}-{target[1]}.json"
        suite_file.write_text(json.dumps(suite))
        status, _, report = run(["calibrate", str(target[2]), "--truth", str(target[3]), "--date", target[4],
                                 "--compare", source[1], "--scenarios", str(suite_file)])
        (out / f"{source[1]}-on-{target[1]}.txt").write_text(report)
        return pair, status, table(report)

    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        compared = [result for result in pool.map(compare, pairs) if result[1] == 0]
    print(f"\nAcross drives: {len(compared)} checks of a phone's profile on another of its logs; measured within the 10 seeds' range")
    for short in COVERED:
        verdicts = [rows[short][1] == "in" for _, _, rows in compared if short in rows and rows[short][1]]
        print(f"  {short:7s} {sum(verdicts):3d} of {len(verdicts)}")
    for phone in sorted(by_phone):
        cells = []
        for short in COVERED:
            verdicts = [rows[short][1] == "in" for (source, _), _, rows in compared if source[0] == phone and short in rows and rows[short][1]]
            cells.append(f"{short} {sum(verdicts)}/{len(verdicts)}")
        print(f"  {phone}: " + "  ".join(cells))


if __name__ == "__main__":
    main()
