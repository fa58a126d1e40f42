#!/usr/bin/env python3
"""What a perfect model scores on calibrate's yardsticks (Docs/calibration.md, "A perfect model's score").

Each car profile of the phone library (Scenarios/phones.json) drives a 12 km loop and a 12 km out-and-back at 15 m/s
(13 minutes, as the WHU drives) under seeds 1...N: `trackbench export` writes the simulated phone's fixes and the true
path as CSV, and `calibrate` fits a profile to them and simulates it (seeds 100...109), as it does a real phone's drive.
The recording is then the model's own, so whatever misses 0.67...1.5 here misses by chance alone: the share within is
the most any model can score per drive. Prints, per statistic, on how many drives the simulated / measured ratio lies
within 0.67...1.5 (`within noise` counted within) and on how many the measured value lies within the 10 seeds' range;
then the path length per path shape, with the range of its ratios.

Usage: .ci/measure/perfect_phone.py [--seeds N] [--jobs N]   (default 10 seeds: 200 drives, about 30 s on 2 cores)
  Needs the release build (swift build -c release); reads no data outside the repository.
"""
import argparse
import concurrent.futures
import importlib.util
import json
import os
import pathlib
import subprocess
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("phones_all", HERE / "phones_all.py")
phones_all = importlib.util.module_from_spec(spec)
spec.loader.exec_module(phones_all)
ROOT = HERE.parents[1]
BIN = ROOT / ".build/release/trackbench"
CARS = ["pixel4", "pixel4xl", "mi8-open-sky", "mi8-urban", "p20-open-sky", "p20-urban", "p30-open-sky", "p30-urban",
        "x30-open-sky", "x30-urban"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=10, help="drives per profile and path shape (default 10)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    options = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp())
    library = json.loads((ROOT / "Scenarios/phones.json").read_text())
    suite = dict(library, name="perfect-phone", description="the phone library's car profiles on 13-minute drives",
                 pathTypes=["loop", "outAndBack"], distancesMeters=[12000], speedsMetersPerSecond=[15], stopsSeconds=[0],
                 signals=[signal for signal in library["signals"] if signal["name"] in CARS])
    suite_file = work / "suite.json"
    suite_file.write_text(json.dumps(suite))
    drives = [(f"{shape}-12000m-15mps-{name}", seed) for name in CARS for shape in suite["pathTypes"]
              for seed in range(1, options.seeds + 1)]

    def calibrate(drive):
        scenario, seed = drive
        folder = work / f"{scenario}-{seed}"
        subprocess.run([str(BIN), "export", scenario, "--scenarios", str(suite_file), "--seed", str(seed), "--output", str(folder)],
                       capture_output=True, check=True)
        report = subprocess.run([str(BIN), "calibrate", str(folder / "noisy.csv"), "--truth", str(folder / "true.csv")],
                                capture_output=True, text=True, check=True).stderr
        return phones_all.table(report)

    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        tables = list(pool.map(calibrate, drives))
    print(f"A perfect model: {len(tables)} simulated drives of the library's car profiles, each self-calibrated")
    print("  statistic  ratio within 0.67...1.5   measured within the 10 seeds' range")
    for _, short in phones_all.STATISTICS:
        ratios = [phones_all.within(rows[short][0]) for rows in tables if short in rows]
        counted = [verdict for verdict in ratios if verdict is not None]
        ranges = [rows[short][1] == "in" for rows in tables if short in rows and rows[short][1]]
        if counted or ranges:
            print(f"  {short:9s}  {sum(counted):4d} of {len(counted):<4d}            {sum(ranges):4d} of {len(ranges)}")
    for shape in suite["pathTypes"]:
        rows = [table["path"] for (scenario, _), table in zip(drives, tables) if scenario.startswith(shape) and "path" in table]
        ratios = [float(ratio) for ratio, _ in rows if ratio != "noise"]
        print(f"  path length on the {shape} drives: {sum(phones_all.within(ratio) is True for ratio, _ in rows)} of {len(rows)} within, "
              f"ratios {min(ratios):.2f} to {max(ratios):.2f}")


if __name__ == "__main__":
    main()
