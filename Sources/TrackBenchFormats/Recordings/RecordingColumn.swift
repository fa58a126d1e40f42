/// A field of a fix that a CSV recording may hold, and the column names that hold it in the formats TrackBench reads.
///
/// One list for GnssLogger `Fix` records (current and older names), GSDC
/// ground truth (2021: `millisSinceGpsEpoch`, `latDeg`, ...; 2022+:
/// `UnixTimeMillis`, `LatitudeDegrees`, ...), TrackBench's path CSV, the
/// logging apps SensorLog (iOS: `locationLatitude(WGS84)`, ..., units in
/// the names) and GPSLogger (Android: `time`, `lat`, `lon`, `elevation`,
/// ...), and the names apps give their location objects' fields. Names
/// match case-insensitively.
enum RecordingColumn: Int, CaseIterable {
    case unixMilliseconds, gpsMilliseconds, secondsAsWritten, time, deliverySecondsAsWritten
    case latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, speed, course, hdop
    case provider, messageType

    /// The column names, lower-cased, in order of preference.
    var names: [String] {
        switch self {
        case .unixMilliseconds: return ["unixtimemillis", "(utc)timeinms", "time_ms", "timemillis"]
        case .gpsMilliseconds: return ["millissincegpsepoch"]
        case .secondsAsWritten: return ["timestamp_s"]
        case .deliverySecondsAsWritten: return ["delivery_time_s"]
        case .time: return ["time", "timestamp", "locationtimestamp_since1970(s)"]
        case .latitude: return ["latitudedegrees", "latdeg", "latitude", "lat", "locationlatitude(wgs84)"]
        case .longitude: return ["longitudedegrees", "lngdeg", "longitude", "lon", "lng", "locationlongitude(wgs84)"]
        case .altitude: return ["altitudemeters", "heightabovewgs84ellipsoidm", "altitude_m", "altitude", "ele", "elevation", "locationaltitude(m)"]
        case .horizontalAccuracy:
            return ["accuracymeters", "horizontal_accuracy_m", "horizontalaccuracy", "accuracy", "locationhorizontalaccuracy(m)"]
        case .verticalAccuracy: return ["verticalaccuracymeters", "vertical_accuracy_m", "verticalaccuracy", "locationverticalaccuracy(m)"]
        case .speed: return ["speedmps", "speed_mps", "speed", "locationspeed(m/s)"]
        case .course: return ["bearingdegrees", "coursedegree", "course_deg", "bearing", "course", "locationcourse(°)", "locationcourse(deg)"]
        case .hdop: return ["hdop"]
        case .provider: return ["provider"]
        case .messageType: return ["messagetype"]
        }
    }

    /// The first field a header names twice: two header columns (1-based) that both hold it, such as `lat` and
    /// `latitude`, or `latitude` twice. Reading either would be a guess, so such a header is refused.
    static func ambiguity(in header: [Substring]) -> (column: RecordingColumn, first: Int, second: Int)? {
        let lowered = header.map { $0.trimmingSpaces.lowercased() }
        for column in allCases {
            let matches = lowered.indices.filter { column.names.contains(lowered[$0]) }
            if matches.count > 1 { return (column, matches[0] + 1, matches[1] + 1) }
        }
        return nil
    }

    /// Each field's column index in a header row; a field without a column is absent.
    static func indices(in header: [Substring]) -> [RecordingColumn: Int] {
        let lowered = header.map { $0.trimmingSpaces.lowercased() }
        var indices: [RecordingColumn: Int] = [:]
        for column in allCases {
            for name in column.names {
                if let index = lowered.firstIndex(of: name) {
                    indices[column] = index
                    break
                }
            }
        }
        return indices
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
