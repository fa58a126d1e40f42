#!/usr/bin/env python3
"""A Python/filterpy peer of `trackbench run --seed N --filter kalman`: a measuring tool, not a test.

Not part of the package and not one of its dependencies. It does the same job
as TrackBench's one-seed `kalman` run, the way a Python team would write it with
numpy and filterpy, so `.ci/measure/peer.sh` can time the two side by side:

- reads a scenario file (default `Scenarios/default.json`) and builds the grid
  path type x distance x speed x stop x signal, in TrackBench's order;
- simulates each scenario (mirrors Sources/TrackBench/Simulation): the true
  path (loop or out-and-back, jittered fix intervals, a stop halfway), the noisy
  path (drifting reported accuracy, per-axis second-order Gauss-Markov drift,
  jitter, warm-up, along-track bias, freezing while stopped, altitude, speed and
  course noise) and the profile's faults (dropouts, multipath jumps, invalid
  fixes, speed glitches, stale fixes);
- runs filterpy's `KalmanFilter` as TrackBench's `kalman`
  (Sources/TrackBench/Filters/KalmanFilter.swift): a 2-D position state,
  F = H = I, Q = q^2 dt I, R = accuracy^2 I (accuracy floored at 1 m), one
  predict/update per fix (no predict when the timestamp does not move forward);
- scores it like Sources/TrackBench/Scoring/EstimateMetrics.swift and
  WorkUnit+Simulated.swift: haversine lengths of the true, noisy and estimated paths,
  distance error %, position error p50/p95/RMSE against the truth at each
  estimate's delivery time, the lag search, kept %, longest gap, speed RMSE,
  and stationary drift and stop detection where there is a stop;
- writes `results.csv` (TrackBench's columns) and `report.md` (ranking, the
  breakdowns by signal, speed, distance and path type, and the per-scenario
  table), and prints a sanity check: the suite's mean distance error % of the
  raw noisy path and of the kalman estimates.

Random numbers come from numpy's Generator seeded by (seed, scenario id), not
TrackBench's SplitMix64 stream, so the numbers agree with TrackBench's in
distribution (means over the suite), not digit for digit. Scenarios run in
parallel over `--jobs` processes (all cores by default, as TrackBench does).

    pip install filterpy numpy
    python3 .ci/measure/peer_filterpy.py --seed 100 --output /tmp/peer
"""
import argparse
import json
import math
import multiprocessing
import os
import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import numpy as np
from filterpy.kalman import KalmanFilter
from scipy.signal import lfilter  # scipy comes with filterpy

EARTH_RADIUS_M = 6_371_008.8  # IUGG mean radius, as GreatCircle.meanEarthRadiusMeters
MIN_HORIZONTAL_ACCURACY_M = 1.0
MIN_VERTICAL_ACCURACY_M = 0.5
KALMAN_MIN_ACCURACY_M = 1.0
STOPPED_SPEED_MPS = 0.5  # an estimate under this speed counts as stopped
LAG_SAMPLE_LIMIT = 100
REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

COLUMNS = ("scenario,filter,seed,fixes,true_distance_m,noisy_distance_m,estimated_distance_m,error_pct,"
           "noisy_error_pct,improved,estimated_fixes,path_type,nominal_distance_m,speed_mps,stop_s,signal,truth,"
           "tags,position_p50_m,position_p95_m,position_rmse_m,phone_score_m,lag_s,drift_m,kept_pct,"
           "longest_gap_s,speed_rmse_mps,stop_detect_s,filter_spec,non_finite").split(",")


# ---------------------------------------------------------------- scenarios

def id_spelling(value):
    """A number as TrackBench's scenario ids spell it: 5000, 2.8."""
    return str(int(value)) if value == int(value) and abs(value) < 1e15 else repr(value)


@dataclass
class Scenario:
    """One cell of the grid; mirrors Sources/TrackBench/Model/Scenario.swift."""
    path_type: str
    distance: float
    speed: float
    stop: float
    signal: dict
    origin: tuple

    @property
    def id(self):
        stop = f"-stop{id_spelling(self.stop)}s" if self.stop > 0 else ""
        return (f"{self.path_type}-{id_spelling(self.distance)}m-{id_spelling(self.speed)}mps"
                f"{stop}-{self.signal['name']}")

    @property
    def duration(self):
        return self.distance / self.speed + self.stop

    @property
    def stop_interval(self):
        """(start, end) of the stop in seconds, or None."""
        if self.stop <= 0:
            return None
        start = self.distance / 2 / self.speed
        return start, start + self.stop


def load_scenarios(path):
    """Reads a scenario file (Docs/scenarios.md) and returns its grid in TrackBench's order."""
    with open(path, encoding="utf-8-sig") as handle:
        suite = json.load(handle)
    origin = (suite["origin"]["latitude"], suite["origin"]["longitude"])
    shapes = suite["pathTypes"]
    if any(not isinstance(shape, str) for shape in shapes):
        sys.exit("peer_filterpy.py: recorded routes are not supported; use a suite of loop/outAndBack shapes")
    signals = []
    for signal in suite["signals"]:
        signal = dict(signal)
        # The four later keys, with TrackBench's defaults (Docs/noise-model.md#signal-profile-keys).
        signal.setdefault("errorToAccuracyRatio", 1.0)
        signal.setdefault("accuracyTracking", 1.0)
        signal.setdefault("stoppedErrorMotionFactor", 1.0)
        signal.setdefault("alongTrackBiasMeters", 0.0)
        signals.append(signal)
    scenarios = [Scenario(shape, float(d), float(v), float(s) + 0.0, signal, origin)
                 for shape in shapes
                 for d in suite["distancesMeters"]
                 for v in suite["speedsMetersPerSecond"]
                 for s in suite["stopsSeconds"]
                 for signal in signals]
    return suite["name"], scenarios


# ---------------------------------------------------------------- geometry

class LocalFrame:
    """The equirectangular east/north frame of Sources/TrackBench/Geodesy/LocalFrame.swift."""

    def __init__(self, origin):
        self.lat0, self.lon0 = origin
        self.m_per_deg_lat = EARTH_RADIUS_M * math.pi / 180
        self.m_per_deg_lon = self.m_per_deg_lat * math.cos(math.radians(self.lat0))

    def to_local(self, lat, lon):
        return (lon - self.lon0) * self.m_per_deg_lon, (lat - self.lat0) * self.m_per_deg_lat

    def to_coordinate(self, east, north):
        return self.lat0 + north / self.m_per_deg_lat, self.lon0 + east / self.m_per_deg_lon


def haversine_length(lat, lon):
    """Sum of haversine great-circle distances between consecutive fixes, in metres."""
    if len(lat) < 2:
        return 0.0
    phi = np.radians(lat)
    half_dlat = np.diff(phi) / 2
    half_dlon = np.radians(np.diff(lon)) / 2
    cos_phi = np.cos(phi)
    h = np.sin(half_dlat) ** 2 + cos_phi[:-1] * cos_phi[1:] * np.sin(half_dlon) ** 2
    return float(np.sum(2 * EARTH_RADIUS_M * np.arcsin(np.minimum(1.0, np.sqrt(h)))))


def distance_covered(scn, t):
    """Metres covered at times t: steady speed, halted during the stop."""
    moving = np.asarray(t, dtype=float)
    stop = scn.stop_interval
    if stop is not None:
        moving = np.where(moving > stop[0], np.maximum(stop[0], moving - scn.stop), moving)
    return np.clip(moving * scn.speed, 0.0, scn.distance)


def shape_position(scn, covered):
    """East, north and course (degrees) after covering `covered` metres; mirrors PathType+Geometry.swift."""
    total = scn.distance
    covered = np.clip(covered, 0.0, total)
    if scn.path_type == "loop":
        radius = total / (2 * math.pi)
        angle = covered / radius
        return radius - radius * np.cos(angle), radius * np.sin(angle), np.fmod(np.degrees(angle), 360.0)
    if scn.path_type == "outAndBack":
        leg = total / 4
        returning = covered > total / 2
        outbound = np.where(returning, total - covered, covered)
        first_leg = outbound <= leg
        east = np.where(first_leg, 0.0, outbound - leg)
        north = np.where(first_leg, outbound, leg)
        course = np.where(first_leg, np.where(returning, 180.0, 0.0), np.where(returning, 270.0, 90.0))
        return east, north, course
    raise ValueError(f"unknown path type {scn.path_type!r}")


def true_position(scn, t):
    """The exact true east/north at times t (not interpolated between true fixes)."""
    east, north, _ = shape_position(scn, distance_covered(scn, t))
    return east, north


def true_speed(scn, t):
    """The true speed at times t: 0 during the stop and outside the run."""
    t = np.asarray(t, dtype=float)
    speed = np.where((t < 0) | (t > scn.duration), 0.0, scn.speed)
    stop = scn.stop_interval
    if stop is not None:
        speed = np.where((t >= stop[0]) & (t <= stop[1]), 0.0, speed)
    return speed


# ---------------------------------------------------------------- simulate

@dataclass
class Fixes:
    """A path as parallel arrays, in delivery order (LocationFix's fields; -1 = unknown/invalid)."""
    t: np.ndarray          # timestamp, s
    delivery: np.ndarray   # delivery time, s
    east: np.ndarray       # local frame, m
    north: np.ndarray
    lat: np.ndarray = field(default=None)
    lon: np.ndarray = field(default=None)
    alt: np.ndarray = field(default=None)
    hacc: np.ndarray = field(default=None)
    vacc: np.ndarray = field(default=None)
    course: np.ndarray = field(default=None)
    speed: np.ndarray = field(default=None)

    def __len__(self):
        return len(self.t)

    def take(self, index):
        return Fixes(**{k: (None if v is None else v[index]) for k, v in self.__dict__.items()})


def simulate_true_path(scn, rng):
    """One perfect fix per jittered fix interval, the last exactly at the end; mirrors Scenario+TruePath.swift."""
    sig = scn.signal
    mean, dev = sig["fixIntervalMeanSeconds"], sig["fixIntervalDeviationSeconds"]
    end = scn.duration
    intervals = np.empty(0)
    while intervals.sum() < end:  # draw enough intervals in bulk (nearly always once)
        more = rng.normal(mean, dev, int(end / mean * 1.1) + 16)
        intervals = np.concatenate([intervals, np.maximum(mean / 10, more)])
    times = np.concatenate([[0.0], np.cumsum(intervals)])
    last = np.searchsorted(times, end)  # first time at or past the end
    times = times[:last + 1]
    times[-1] = end
    east, north, course = shape_position(scn, distance_covered(scn, times))
    speed = true_speed(scn, times)
    return Fixes(t=times, delivery=times, east=east, north=north,
                 course=np.where(speed > 0, course, -1.0), speed=speed)


def drift_process(n, time_constant, step, slowed, rng, stopped_fraction=1.0):
    """A unit-variance second-order Gauss-Markov process over n fixes, started stationary (DriftProcess.swift).

    Two identical first-order low-pass stages with phi = exp(-step / T); a slowed
    step (the runner stands still) advances only `stopped_fraction` of the step.
    Each run of equal steps is one scipy lfilter call carrying the state over.
    """
    phi = math.exp(-step / time_constant)
    slowed_phi = math.exp(-step * stopped_fraction / time_constant)
    output_scale = (1 + phi) / math.sqrt(1 + phi * phi)
    g = rng.standard_normal(n + 1)
    first = np.empty(n)
    second = np.empty(n)
    first[0] = g[0]
    second[0] = g[0] / (1 + phi) + phi / (1 + phi) * g[1]
    white = g[2:]  # one draw per step after the first fix
    boundaries = np.flatnonzero(np.diff(slowed[1:].astype(np.int8))) + 2
    for start, stop in zip(np.r_[1, boundaries], np.r_[boundaries, n]):
        if stop <= start:
            continue
        p = slowed_phi if slowed[start] else phi
        scale = math.sqrt(1 - p * p)
        first[start:stop], _ = lfilter([scale], [1, -p], white[start - 1:stop - 1], zi=[p * first[start - 1]])
        second[start:stop], _ = lfilter([1 - p], [1, -p], first[start:stop], zi=[p * second[start - 1]])
    return second * output_scale


def simulate_noisy_path(scn, truth, rng):
    """The fixes a phone reports for `truth`, one per true fix; mirrors NoiseModel.swift."""
    sig = scn.signal
    n = len(truth)
    step, tc = sig["fixIntervalMeanSeconds"], sig["driftTimeConstantSeconds"]
    stopped_factor = sig["stoppedErrorMotionFactor"]
    stopped = truth.speed == 0
    never = np.zeros(n, dtype=bool)
    accuracy_drift = drift_process(n, tc, step, never, rng)
    east_drift = drift_process(n, tc, step, stopped, rng, stopped_factor)
    north_drift = drift_process(n, tc, step, stopped, rng, stopped_factor)
    altitude_drift = drift_process(n, tc, step, stopped, rng, stopped_factor)

    warm_n = sig["warmUpFixes"]
    index = np.arange(n)
    warm = np.where(index < warm_n, 1 + (sig["warmUpAccuracyFactor"] - 1) * (warm_n - index) / max(warm_n, 1), 1.0)
    mean_acc = sig["horizontalAccuracyMeanMeters"]
    reported = np.maximum(MIN_HORIZONTAL_ACCURACY_M, mean_acc + sig["horizontalAccuracyDeviationMeters"] * accuracy_drift)
    tracking = sig["accuracyTracking"]
    radius = warm * (sig["errorToAccuracyRatio"] * (tracking * reported + (1 - tracking) * mean_acc))
    jitter = sig["jitterMeters"]
    drift_dev = np.sqrt(np.maximum(0.0, radius * radius / 2 - jitter * jitter))
    fix_jitter = np.where(stopped, jitter * stopped_factor, jitter)
    east = truth.east + drift_dev * east_drift + fix_jitter * rng.standard_normal(n)
    north = truth.north + drift_dev * north_drift + fix_jitter * rng.standard_normal(n)
    bias = sig["alongTrackBiasMeters"]
    if bias != 0:
        moving = truth.course >= 0
        rad = np.radians(truth.course)
        east = east + np.where(moving, bias * np.sin(rad), 0.0)
        north = north + np.where(moving, bias * np.cos(rad), 0.0)
    vacc = warm * np.maximum(MIN_VERTICAL_ACCURACY_M,
                             rng.normal(sig["verticalAccuracyMeanMeters"], sig["verticalAccuracyDeviationMeters"], n))
    speed_error = rng.normal(0.0, sig["speedDeviationMetersPerSecond"], n)
    course_error = rng.normal(0.0, sig["courseDeviationDegrees"], n)
    course = np.where(truth.course < 0, -1.0, np.mod(truth.course + course_error, 360.0))
    speed = np.where(truth.speed < 0, -1.0, np.maximum(0.0, truth.speed + speed_error))
    return Fixes(t=truth.t.copy(), delivery=truth.t.copy(), east=east, north=north,
                 alt=vacc * altitude_drift, hacc=warm * reported, vacc=vacc, course=course, speed=speed)


def inject_faults(fixes, faults, rng):
    """Dropouts, multipath jumps, invalid fixes, speed glitches and stale fixes; mirrors FaultInjector.swift.

    Per-fix chances are drawn in bulk; only the rare events are walked in order.
    """
    if not any(faults.values()):
        return fixes
    n = len(fixes)
    t = fixes.t

    def bursts(candidates, mean_seconds):
        """Starts and ends of non-overlapping bursts begun at candidate fixes (each only outside a burst)."""
        starts, ends, end = [], [], -math.inf
        for c in candidates:
            if t[c] >= end:
                end = t[c] + mean_seconds * (0.5 + rng.random())
                starts.append(c)
                ends.append(end)
        return starts, ends

    def in_bursts(starts, ends, among):
        inside = np.zeros(n, dtype=bool)
        for s, e in zip(starts, ends):
            inside[s:np.searchsorted(t, e, side="left")] = True
        return inside & among

    delivered = np.ones(n, dtype=bool)
    if faults["dropoutProbability"] > 0:
        starts, ends = bursts(np.flatnonzero(rng.random(n) < faults["dropoutProbability"]), faults["dropoutSeconds"])
        delivered &= ~in_bursts(starts, ends, delivered)
    original_east, original_north = fixes.east.copy(), fixes.north.copy()
    east, north = fixes.east.copy(), fixes.north.copy()
    if faults["jumpProbability"] > 0:
        candidates = np.flatnonzero((rng.random(n) < faults["jumpProbability"]) & delivered)
        starts, ends = bursts(candidates, faults["jumpDurationSeconds"])
        for s, e in zip(starts, ends):
            length = faults["jumpMeters"] * (0.5 + rng.random())
            angle = 2 * math.pi * rng.random()
            burst = np.arange(s, np.searchsorted(t, e, side="left"))
            burst = burst[delivered[burst]]
            east[burst] += length * math.sin(angle)
            north[burst] += length * math.cos(angle)
    hacc, vacc, speed, course = fixes.hacc.copy(), fixes.vacc.copy(), fixes.speed.copy(), fixes.course.copy()
    invalid = np.zeros(n, dtype=bool)
    if faults["invalidFixProbability"] > 0:
        invalid = delivered & (rng.random(n) < faults["invalidFixProbability"])
        k = int(invalid.sum())
        r = faults["invalidFixOffsetMeters"] * np.sqrt(rng.random(k))
        angle = 2 * math.pi * rng.random(k)
        east[invalid] = original_east[invalid] + r * np.sin(angle)
        north[invalid] = original_north[invalid] + r * np.cos(angle)
        hacc[invalid] = vacc[invalid] = speed[invalid] = course[invalid] = -1.0
    if faults["speedGlitchProbability"] > 0:
        glitch = delivered & ~invalid & (speed >= 0) & (rng.random(n) < faults["speedGlitchProbability"])
        k = int(glitch.sum())
        too_fast = np.maximum(speed[glitch], 1) * (3 + 3 * rng.random(k))
        speed[glitch] = np.where(rng.random(k) < 2 / 3, 0.0, too_fast)
    out = Fixes(t=t, delivery=fixes.delivery.copy(), east=east, north=north, alt=fixes.alt,
                hacc=hacc, vacc=vacc, course=course, speed=speed).take(np.flatnonzero(delivered))
    if faults["staleFixProbability"] > 0:
        # After a delivered fix, maybe re-deliver the newest fresh valid fix at least `age` old.
        m = len(out)
        chosen = np.flatnonzero(rng.random(m) < faults["staleFixProbability"])
        lo, hi = faults["staleFixMinimumAgeSeconds"], faults["staleFixMaximumAgeSeconds"]
        ages = lo + (hi - lo) * rng.random(len(chosen))
        valid = np.flatnonzero(out.hacc >= 0)
        source = np.searchsorted(out.t[valid], out.t[chosen] - ages, side="right") - 1
        keep = source >= 0
        after, copies = chosen[keep], valid[source[keep]]
        order = np.argsort(np.r_[np.arange(m), after + 0.5], kind="stable")
        merged = out.take(np.r_[np.arange(m), copies][order])
        merged.delivery = np.r_[out.delivery, out.t[after]][order]
        out = merged
    return out


def simulate(scn, seed):
    """The true path and the delivered noisy path of one scenario under one seed."""
    key = zlib.crc32(scn.id.encode())
    rng = np.random.default_rng([seed, key])          # noise stream
    fault_rng = np.random.default_rng([seed, key, 1])  # faults apart, as TrackBench does
    frame = LocalFrame(scn.origin)
    truth = simulate_true_path(scn, rng)
    truth.lat, truth.lon = frame.to_coordinate(truth.east, truth.north)
    noisy = inject_faults(simulate_noisy_path(scn, truth, rng), scn.signal["faults"], fault_rng)
    noisy.lat, noisy.lon = frame.to_coordinate(noisy.east, noisy.north)
    return frame, truth, noisy


# ---------------------------------------------------------------- filter

def kalman_filter(noisy, frame, q):
    """TrackBench's `kalman` written with filterpy: one predict/update per fix, in local metres.

    State: 2-D position (east, north); F = H = I; Q = q^2 dt I; R = accuracy^2 I
    with the accuracy floored at 1 m (so an invalid fix counts as a 1 m fix, as
    in TrackBench). The first fix initialises the state; a fix whose timestamp
    does not move forward gets no predict.
    """
    n = len(noisy)
    zs = np.column_stack([noisy.east, noisy.north])
    r = (np.maximum(noisy.hacc, KALMAN_MIN_ACCURACY_M) ** 2).tolist()
    times = noisy.t.tolist()
    estimates = np.empty((n, 2))
    variance = np.empty(n)
    kf = KalmanFilter(dim_x=2, dim_z=2)
    kf.F = np.eye(2)
    kf.H = np.eye(2)
    q2 = q * q
    last_t = None
    for i, t in enumerate(times):
        if last_t is None:
            kf.x = zs[i].reshape(2, 1).copy()
            kf.P = np.eye(2) * r[i]
            last_t = t
        else:
            if t > last_t:
                kf.predict(Q=q2 * (t - last_t))
                last_t = t
            kf.update(zs[i], R=r[i])
        estimates[i] = kf.x.ravel()
        variance[i] = kf.P[0, 0]
    out = noisy.take(slice(None))
    out.east, out.north = estimates[:, 0], estimates[:, 1]
    out.lat, out.lon = frame.to_coordinate(out.east, out.north)
    out.hacc = np.sqrt(variance)
    return out


# ---------------------------------------------------------------- score

def round_half_away(x):
    return math.copysign(math.floor(abs(x) + 0.5), x)


def lag_seconds(scn, est):
    """The shift (s) minimising the mean squared distance to the truth shifted back by it (EstimateMetrics.lag)."""
    n = len(est)
    if n == 0:
        return None
    # The first estimate delivered in each hundredth of the run (LagSamples).
    duration = scn.duration
    slots = np.clip((est.delivery * (LAG_SAMPLE_LIMIT / duration) if duration > 0 else np.zeros(n)), 0, LAG_SAMPLE_LIMIT - 1).astype(int)
    _, samples = np.unique(slots, return_index=True)
    times, east, north = est.delivery[samples], est.east[samples], est.north[samples]

    def best(shifts):
        te, tn = true_position(scn, times[None, :] - shifts[:, None])
        costs = np.sum((east - te) ** 2 + (north - tn) ** 2, axis=1)
        return shifts[int(np.argmin(costs))]

    coarse = best(np.arange(-5.0, 31.0))
    fine = best(coarse + np.arange(-10, 11) / 10)
    return round_half_away(fine * 10) / 10


def score(scn, seed, truth, noisy, est, filter_label):
    """One results row: distances and every metric of Docs/metrics.md."""
    true_m = haversine_length(truth.lat, truth.lon)
    noisy_m = haversine_length(noisy.lat, noisy.lon)
    est_m = haversine_length(est.lat, est.lon)
    row = dict(scenario=scn.id, filter=filter_label, seed=seed, fixes=len(noisy), estimated_fixes=len(est),
               true_distance_m=true_m, noisy_distance_m=noisy_m, estimated_distance_m=est_m,
               error_pct=(est_m - true_m) / true_m * 100, noisy_error_pct=(noisy_m - true_m) / true_m * 100,
               path_type=scn.path_type, nominal_distance_m=scn.distance, speed_mps=scn.speed, stop_s=scn.stop,
               signal=scn.signal["name"])
    row["improved"] = abs(row["error_pct"]) < abs(row["noisy_error_pct"])
    te, tn = true_position(scn, est.delivery)
    errors = np.hypot(est.east - te, est.north - tn)
    if len(errors):
        p50, p95 = np.percentile(errors, [50, 95])  # linear interpolation, as TrackBench
        row.update(position_p50_m=p50, position_p95_m=p95, phone_score_m=(p50 + p95) / 2,
                   position_rmse_m=math.sqrt(np.mean(errors ** 2)))
    row["lag_s"] = lag_seconds(scn, est)
    row["kept_pct"] = len(est) / len(noisy) * 100 if len(noisy) else 0.0
    gaps = np.sort(np.r_[0.0, est.delivery, scn.duration])
    row["longest_gap_s"] = float(np.max(np.diff(gaps)))
    known = est.speed >= 0
    if known.any():
        row["speed_rmse_mps"] = math.sqrt(np.mean((est.speed[known] - true_speed(scn, est.delivery[known])) ** 2))
    stop = scn.stop_interval
    if stop is not None:
        during = (est.delivery >= stop[0]) & (est.delivery <= stop[1])
        both = during[1:] & during[:-1]
        row["drift_m"] = float(np.sum(np.hypot(np.diff(est.east), np.diff(est.north))[both]))
        stopped = np.flatnonzero(during & known & (est.speed < STOPPED_SPEED_MPS))
        row["stop_detect_s"] = est.delivery[stopped[0]] - stop[0] if len(stopped) else scn.stop
    return row


def run_scenario(job):
    """Simulate, filter and score one scenario; returns its row and the seconds each stage took."""
    scn, seed, q = job
    t0 = time.perf_counter()
    frame, truth, noisy = simulate(scn, seed)
    t1 = time.perf_counter()
    est = kalman_filter(noisy, frame, q)
    t2 = time.perf_counter()
    row = score(scn, seed, truth, noisy, est, "kalman" if q == 3 else f"kalman:q={q:g}")
    t3 = time.perf_counter()
    return row, (t1 - t0, t2 - t1, t3 - t2)


# ---------------------------------------------------------------- report

DECIMALS = dict(true_distance_m=3, noisy_distance_m=3, estimated_distance_m=3, error_pct=4, noisy_error_pct=4,
                position_p50_m=3, position_p95_m=3, position_rmse_m=3, phone_score_m=3, lag_s=1, drift_m=3,
                kept_pct=2, longest_gap_s=3, speed_rmse_mps=3, stop_detect_s=3)
COMPACT = ("nominal_distance_m", "speed_mps", "stop_s")


def csv_field(row, column):
    value = row.get(column)
    if column == "improved":
        return "true" if value else "false"
    if column == "truth":
        return "simulated"
    if column == "filter_spec":
        return row["filter"]
    if value is None:
        return ""
    if column in DECIMALS:
        return f"{value:.{DECIMALS[column]}f}"
    if column in COMPACT:
        return id_spelling(value)
    return str(value)


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else float("nan")


def report(rows, suite, seed, output):
    """Writes results.csv and report.md into `output`; returns the report's ranking line."""
    os.makedirs(output, exist_ok=True)
    with open(os.path.join(output, "results.csv"), "w", encoding="utf-8") as handle:
        handle.write(f"# filterpy-peer suite={suite} seeds={seed} (a measuring tool's output, not a TrackBench baseline)\n")
        handle.write(",".join(COLUMNS) + "\n")
        for row in rows:
            handle.write(",".join(csv_field(row, c) for c in COLUMNS) + "\n")

    label = rows[0]["filter"]
    abs_err = [abs(r["error_pct"]) for r in rows]
    worst = max(rows, key=lambda r: abs(r["error_pct"]))
    improved = sum(r["improved"] for r in rows)
    metric_names = ["position_p50_m", "position_p95_m", "position_rmse_m", "phone_score_m", "lag_s",
                    "kept_pct", "longest_gap_s", "speed_rmse_mps", "drift_m", "stop_detect_s"]
    shown = [m for m in metric_names if any(r.get(m) is not None for r in rows)]
    means = {m: mean([abs(r[m]) if m == "lag_s" else r.get(m) for r in rows]) for m in shown}
    lines = [
        "# filterpy peer report", "",
        f"Suite `{suite}`: {len(rows)} scenarios x 1 filter x seed {seed}, Python {sys.version.split()[0]} with filterpy's "
        "KalmanFilter. A measuring tool's output (`.ci/measure/peer_filterpy.py`); its noise comes from numpy, not "
        "TrackBench's streams, so compare suite means, not single scenarios.", "",
        "## Ranking", "",
        "| Filter | Improved | Distance error % | Mean signed error % | Worst abs error % | Worst scenario | "
        + " | ".join(shown) + " |",
        "|---|---:|---:|---:|---:|---|" + "---:|" * len(shown),
        f"| `{label}` | {improved}/{len(rows)} | {mean(abs_err):.2f} | {mean([r['error_pct'] for r in rows]):.2f} | "
        f"{abs(worst['error_pct']):.2f} | `{worst['scenario']}` | " + " | ".join(f"{means[m]:.2f}" for m in shown) + " |",
        "",
    ]
    for title, key in (("signal", "signal"), ("speed (m/s)", "speed_mps"), ("distance (m)", "nominal_distance_m"),
                       ("path type", "path_type")):
        groups = {}
        for r in rows:
            groups.setdefault(r[key], []).append(r)
        lines += [f"## By {title}", "", "Mean absolute error %.", "", f"| {title.capitalize()} | Noisy | `{label}` |",
                  "|---|---:|---:|"]
        for value, group in groups.items():
            shown_value = id_spelling(value) if isinstance(value, float) else value
            lines.append(f"| {shown_value} | {mean([abs(r['noisy_error_pct']) for r in group]):.2f} | "
                         f"{mean([abs(r['error_pct']) for r in group]):.2f} |")
        lines.append("")
    lines += ["## Per scenario", "", "Signed total-distance error %.", "",
              f"| Scenario | Fixes | True distance (m) | Noisy | `{label}` |", "|---|---:|---:|---:|---:|"]
    lines += [f"| `{r['scenario']}` | {r['fixes']} | {r['true_distance_m']:.1f} | {r['noisy_error_pct']:.2f} | "
              f"{r['error_pct']:.2f} |" for r in rows]
    with open(os.path.join(output, "report.md"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
    return f"{label}: mean abs error {mean(abs_err):.2f} %, worst {abs(worst['error_pct']):.2f} %, improved {improved}/{len(rows)}"


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--scenarios", default=os.path.join(REPO, "Scenarios", "default.json"))
    parser.add_argument("--output", required=True)
    parser.add_argument("--q", type=float, default=3.0, help="kalman process noise, m/s (TrackBench's default 3)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    parser.add_argument("--timings", action="store_true", help="print the seconds spent per stage to stderr")
    args = parser.parse_args()

    started = time.perf_counter()
    suite, scenarios = load_scenarios(args.scenarios)
    jobs = [(scn, args.seed, args.q) for scn in scenarios]
    if args.jobs > 1:
        # fork where the platform has it (Linux): workers inherit numpy, scipy and filterpy already imported.
        context = multiprocessing.get_context("fork") if sys.platform == "linux" else None
        with ProcessPoolExecutor(max_workers=args.jobs, mp_context=context) as pool:
            results = list(pool.map(run_scenario, jobs))
    else:
        results = [run_scenario(job) for job in jobs]
    rows = [row for row, _ in results]
    t_report = time.perf_counter()
    ranking = report(rows, suite, args.seed, args.output)
    finished = time.perf_counter()

    print(f"Ran {len(rows)} scenarios x 1 filter (suite '{suite}', seed {args.seed}) in {finished - started:.2f} s.")
    print(f"Wrote {os.path.join(args.output, 'results.csv')} and {os.path.join(args.output, 'report.md')}.")
    print(ranking)
    raw = [r["noisy_error_pct"] for r in rows]
    kal = [r["error_pct"] for r in rows]
    print(f"Sanity: mean distance error % over {len(rows)} scenarios: raw {mean(raw):+.3f} (abs {mean([abs(v) for v in raw]):.3f}), "
          f"kalman {mean(kal):+.3f} (abs {mean([abs(v) for v in kal]):.3f})")
    if args.timings:
        sys.stdout.flush()
        stages = np.sum([s for _, s in results], axis=0)
        print(f"Stage seconds (summed over workers): simulate {stages[0]:.2f}, filter {stages[1]:.2f}, "
              f"score {stages[2]:.2f}; report {finished - t_report:.2f}; wall after imports {finished - started:.2f}",
              file=sys.stderr)


if __name__ == "__main__":
    main()
