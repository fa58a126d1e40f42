#!/usr/bin/env python3
"""Writes the example recordings in this folder: made up, not measured.

A runner does four laps of a 400 m track (a circle here) in Palo Alto at
3.3 m/s, with a 20 s stop. The truth is a 10 Hz reference (GPX with times);
a phone logs 1 Hz fixes with a slowly drifting error, written as NMEA with
GST, as a GnssLogger log (GPS and FLP providers), and as a GPX export
without accuracies; a "drawn" route GPX without times serves a second truth.
Run: python3 Examples/Recordings/make_examples.py (deterministic: fixed seed).
"""
import math, random, os

HERE = os.path.dirname(os.path.abspath(__file__))
LAT0, LON0 = 37.4275, -122.1697
R = 6371008.8
START = 1_700_000_000  # 2023-11-14 22:13:20 UTC
SPEED = 3.3
CIRC = 400.0
LAPS = 4
STOP_AT, STOP_S = 500.0, 20.0  # metres, seconds

def distance_at(t):
    moving_until_stop = STOP_AT / SPEED
    if t <= moving_until_stop:
        return t * SPEED
    if t <= moving_until_stop + STOP_S:
        return STOP_AT
    return min(STOP_AT + (t - moving_until_stop - STOP_S) * SPEED, CIRC * LAPS)

DURATION = CIRC * LAPS / SPEED + STOP_S

def position(d):
    radius = CIRC / (2 * math.pi)
    angle = d / radius
    east = radius * math.sin(angle)
    north = radius * (1 - math.cos(angle))
    lat = LAT0 + math.degrees(north / R)
    lon = LON0 + math.degrees(east / (R * math.cos(math.radians(LAT0))))
    return lat, lon

def iso(t):
    import datetime
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"

def nmea_checksum(body):
    c = 0
    for ch in body.encode():
        c ^= ch
    return "%02X" % c

def dm(value, is_lat):
    hemi = ("N" if value >= 0 else "S") if is_lat else ("E" if value >= 0 else "W")
    v = abs(value)
    deg = int(v)
    minutes = (v - deg) * 60
    return ("%02d%07.4f" if is_lat else "%03d%07.4f") % (deg, minutes), hemi

rng = random.Random(7)
# Truth at 10 Hz
truth = [(START + i / 10, *position(distance_at(i / 10))) for i in range(int(DURATION * 10) + 1)]
with open(os.path.join(HERE, "track-truth.gpx"), "w", newline="\n") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="make_examples.py" xmlns="http://www.topografix.com/GPX/1/1">\n<trk><name>reference</name><trkseg>\n')
    for t, lat, lon in truth:
        f.write('<trkpt lat="%.8f" lon="%.8f"><ele>30.0</ele><time>%s</time></trkpt>\n' % (lat, lon, iso(t)))
    f.write("</trkseg></trk>\n</gpx>\n")
# A route drawn on a map: the four laps, one point every 10 degrees, no times
with open(os.path.join(HERE, "track-route.gpx"), "w", newline="\n") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="make_examples.py" xmlns="http://www.topografix.com/GPX/1/1">\n<rte><name>track</name>\n')
    for k in range(36 * LAPS + 1):
        lat, lon = position(CIRC * k / 36)
        f.write('<rtept lat="%.8f" lon="%.8f"/>\n' % (lat, lon))
    f.write("</rte>\n</gpx>\n")
# Phone fixes at 1 Hz, starting 3 s into the reference, with a drifting error
east_err = north_err = 0.0
fixes = []
for i in range(int(DURATION) - 5):
    t = START + 3 + i
    east_err = 0.97 * east_err + rng.gauss(0, 0.6)
    north_err = 0.97 * north_err + rng.gauss(0, 0.6)
    lat, lon = position(distance_at(t - START))
    lat += math.degrees(north_err / R)
    lon += math.degrees(east_err / (R * math.cos(math.radians(LAT0))))
    moving = SPEED if not (STOP_AT / SPEED < t - START <= STOP_AT / SPEED + STOP_S) else 0.0
    fixes.append((t, lat, lon, max(0.0, moving + rng.gauss(0, 0.3)), 3.8 + rng.gauss(0, 0.1)))
with open(os.path.join(HERE, "track-phone.nmea"), "w", newline="\r\n") as f:
    import datetime
    for t, lat, lon, speed, acc in fixes:
        d = datetime.datetime.fromtimestamp(t, datetime.timezone.utc)
        hms = d.strftime("%H%M%S") + ".00"
        la, lh = dm(lat, True)
        lo, oh = dm(lon, False)
        sd = acc / math.sqrt(2)
        for body in (
            "GPGGA,%s,%s,%s,%s,%s,1,09,0.9,30.2,M,-32.1,M,," % (hms, la, lh, lo, oh),
            "GNRMC,%s,A,%s,%s,%s,%s,%.2f,,%s,,,A" % (hms, la, lh, lo, oh, speed / (1852 / 3600), d.strftime("%d%m%y")),
            "GPGST,%s,1.2,%.1f,%.1f,0.0,%.2f,%.2f,2.5" % (hms, sd, sd, sd, sd),
        ):
            f.write("$%s*%s\n" % (body, nmea_checksum(body)))
with open(os.path.join(HERE, "track-phone-gnsslogger.txt"), "w", newline="\n") as f:
    f.write("# \n# Header Description:\n# \n# Version: v3.0.5.6 Platform: 13 Manufacturer: Google Model: Pixel 7\n# \n")
    f.write("# Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,SpeedMps,AccuracyMeters,BearingDegrees,UnixTimeMillis,SpeedAccuracyMps,BearingAccuracyDegrees,elapsedRealtimeNanos,VerticalAccuracyMeters,MockLocation,NumberOfUsedSignals,VerticalSpeedAccuracyMps,SolutionType\n# \n")
    for t, lat, lon, speed, acc in fixes:
        f.write("Status,%d,0,1,1,1575420000,32,45.0,75.0,61.8,1,1,0\n" % int(t * 1000))
        f.write("Fix,GPS,%.8f,%.8f,30.20,%.2f,%.2f,,%d,0.5,,%d,2.5,0,18,,\n" % (lat, lon, speed, acc, int(t * 1000), int((t - START) * 1e9)))
        f.write("Fix,FLP,%.8f,%.8f,30.20,%.2f,%.2f,,%d,0.5,,%d,2.5,0,,,\n" % (lat, lon, speed, acc, int(t * 1000) + 200, int((t - START) * 1e9)))
