#!/usr/bin/env python3
"""A moving-median location filter speaking TrackBench's filter process protocol, version 1.

Run it through TrackBench:

    trackbench run --filter 'median=exec:python3 Examples/FilterProcess/median.py 5'

The protocol (Docs/filter-protocol.md): write a hello line, then for each
scenario read a "start" line, one "fix" line per delivered fix and an "end"
line, and answer every fix with exactly one line, in order: an estimate
{"latitude": ..., "longitude": ...} or null. Standard library only.
"""
import json
import statistics
import sys
from collections import deque


def main():
    # The window: how many of the latest valid fixes the median is taken over (1 passes every fix through).
    window = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    out = sys.stdout
    out.write(json.dumps({"trackbench": 1, "name": "median-py", "online": True}) + "\n")
    out.flush()
    recent = deque(maxlen=window)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "start":
            recent.clear()  # every scenario starts afresh
        elif kind == "fix":
            if message["horizontal_accuracy_m"] < 0:
                # The phone marked the fix invalid: pass it on as it is, as TrackBench's raw filter does.
                out.write(json.dumps({"latitude": message["latitude"], "longitude": message["longitude"]}) + "\n")
                continue
            recent.append((message["latitude"], message["longitude"]))
            latitude = statistics.median(fix[0] for fix in recent)
            longitude = statistics.median(fix[1] for fix in recent)
            out.write(json.dumps({"latitude": latitude, "longitude": longitude}) + "\n")
        elif kind == "end":
            # TrackBench sends a scenario's fixes at once: flushing once per scenario is enough, and fastest.
            out.flush()


if __name__ == "__main__":
    main()
