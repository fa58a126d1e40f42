#!/usr/bin/env python3
"""How many seeds the default run needs for its winner to be the many-seed winner.

A measuring tool, not part of the package. Give it results.csv files written by
`trackbench run --seeds ...` (any number, disjoint seeds); it prints the winner
over all seeds, then, for windows of N consecutive seeds, how often a window's
winner (lowest mean absolute distance error) is that overall winner.

    swift build -c release
    .build/release/trackbench run --seeds 100...129 --output /tmp/r30
    .build/release/trackbench run --seeds 130...229 --output /tmp/r100
    python3 .ci/measure/seed_stability.py /tmp/r30/results.csv /tmp/r100/results.csv
"""
import collections
import csv
import sys


def main(paths):
    errors = collections.defaultdict(list)
    for path in paths:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            handle.readline()  # the "# trackbench-results ..." context line
            for row in csv.DictReader(handle):
                errors[(row["filter"], int(row["seed"]))].append(abs(float(row["error_pct"])))
    means = {key: sum(values) / len(values) for key, values in errors.items()}
    filters = sorted({f for f, _ in means})
    seeds = sorted({s for _, s in means})

    def winner(window):
        return min(filters, key=lambda f: (sum(means[(f, s)] for s in window), f))

    overall = winner(seeds)
    print(f"{len(seeds)} seeds ({seeds[0]}...{seeds[-1]}): winner {overall}")
    print("seeds  windows  same winner  winners")
    for size in (1, 2, 3, 5, 8, 10, 12, 15, 20):
        windows = [seeds[i:i + size] for i in range(len(seeds) - size + 1)]
        if not windows:
            continue
        counts = collections.Counter(winner(w) for w in windows)
        share = 100 * counts[overall] / len(windows)
        listed = ", ".join(f"{name} {count}" for name, count in counts.most_common())
        print(f"{size:5}  {len(windows):7}  {share:10.1f} %  {listed}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
