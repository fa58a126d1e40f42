import Foundation
import TrackBenchGeodesy
import TrackBenchModel
import TrackBenchSupport
/// Reads NMEA 0183 logs: `GGA` for position, fix quality, HDOP and altitude, `RMC` for status, date, speed and
/// course, `GST` for the position error's standard deviations; any talker.
///
/// Sentences with the same time of day form one fix. The date comes from
/// `RMC`; a time of day that falls by more than 12 h without a new date is the
/// next day (midnight rollover). Accuracy is the `GST` 2-D RMS,
/// sqrt(sd_lat^2 + sd_lon^2), when present, else HDOP x the user-equivalent
/// range error. The altitude's accuracy is the `GST` altitude deviation, -1
/// (unknown) without one or when the `GGA` altitude field is empty. Bad
/// checksums (counted per sentence type), fix quality 0, `RMC` status `V`, malformed sentences (a field
/// that is not a number, `NaN` included) and times out of order are skipped
/// and counted.
enum NMEAReader {
    /// What one time of day's sentences said.
    private struct Epoch {
        var line: Int
        var timeOfDaySeconds: Double
        var day: Int?
        var latitude: Double?
        var longitude: Double?
        var quality: Int?
        var hdop: Double?
        var altitudeMeters: Double?
        var rmcValid: Bool?
        var speedMetersPerSecond: Double?
        var courseDegrees: Double?
        var errorSD: (latitude: Double, longitude: Double, altitude: Double?)?
        /// The sentence types merged so far, as `typeBit` gives them: a second of one type at the same time is another
        /// epoch's repeat. Bits, not a set of names: an epoch holds no allocation, nor a reference keeping its line.
        var types: UInt8 = 0
        /// The position read the other way when a writer dropped a zero (`409.99` for 40 deg 09.99'; see `unpadded`).
        var alternative: (latitude: Double, longitude: Double)?
        /// Whether a coordinate was read with a zero missing because the standard reading is impossible (`1169.99`).
        var isOnlyUnpadded = false
    }

    static let metersPerSecondPerKnot = 1852.0 / 3600
    /// The skip a quality-0 `GGA` counts under when a fix takes its second: one at its time, or a late one moved back.
    static let replacedPlaceholderReason = "GGA without a fix (quality 0) followed by one with a fix at its time (the fix kept)"

    /// Reads a log's sentences into epochs, then each epoch into a fix or a skip.
    /// - Throws: `RecordingFileError.noFixes` when no sentence has a valid checksum, or no epoch is a fix.
    static func read(_ lines: DataLines, file: String, options: RecordingReadOptions) throws(RecordingFileError) -> Recording {
        var builder = RecordingBuilder(file: file, options: options)
        var epochs = try readEpochs(lines, file: file, builder: &builder)
        let movedBySpacing = moveBackLateRunsBySpacing(&epochs)
        if movedBySpacing > 0 {
            builder.notes.append(
                "\(movedBySpacing) GGA labelled a second late (a second missing before them, and their spacing a second's travel short "
                    + "before and long after): moved back a second"
            )
        }
        // A late fix moved back onto a quality-0 GGA's second replaces it, as a fix at a placeholder's time does.
        epochs = epochs.indices.compactMap { index in
            let epoch = epochs[index]
            guard epoch.quality == 0, index + 1 < epochs.count, epochs[index + 1].timeOfDaySeconds == epoch.timeOfDaySeconds else { return epoch }
            builder.skips.count(replacedPlaceholderReason, line: epoch.line)
            return nil
        }
        let days = assignDays(epochs)
        let timeBase: Recording.TimeBase = epochs.contains { $0.day != nil } ? .unixUTC : .timeOfDay
        if timeBase == .timeOfDay {
            builder.notes.append(
                "no RMC sentence gave a date: times are seconds of an undated day, dated by the recording's date (--date or the suite's date), "
                    + "else aligned to the other side's date by time of day"
            )
        }
        var previous: (latitude: Double, longitude: Double)?
        var resolved = 0
        let onlyUnpadded = epochs.filter(\.isOnlyUnpadded).count
        if onlyUnpadded > 0 {
            builder.notes.append(
                "\(onlyUnpadded) positions written with a zero missing where no other reading is possible (such as 1169.99 for "
                    + "116 deg 09.99'): read so"
            )
        }
        for (index, var epoch) in epochs.enumerated() {
            if let alternative = epoch.alternative, let latitude = epoch.latitude, let longitude = epoch.longitude {
                // The reading nearer the fix before wins: the two readings are degrees apart, fixes a second apart are not.
                if let previous, hypot(alternative.latitude - previous.latitude, alternative.longitude - previous.longitude)
                    < hypot(latitude - previous.latitude, longitude - previous.longitude) {
                    (epoch.latitude, epoch.longitude) = (alternative.latitude, alternative.longitude)
                }
                resolved += 1
            }
            if let latitude = epoch.latitude, let longitude = epoch.longitude, epoch.quality != 0 { previous = (latitude, longitude) }
            appendFix(of: epoch, day: days[index], options: options, to: &builder)
        }
        if resolved > 0 {
            builder.notes.append(
                "\(resolved) positions written with a zero missing (such as 409.99 for 40 deg 09.99'): each read the way nearer the fix before"
            )
        }
        return try builder.recording(format: .nmea, timeBase: timeBase)
    }

    /// The epochs of a log's `GGA`, `RMC` and `GST` sentences, in order; sentences skipped are counted in `builder`.
    /// - Throws: `RecordingFileError.noFixes` when no sentence has a valid checksum, `.tooManyPoints` at the first
    ///   epoch past the bound.
    private static func readEpochs(_ lines: DataLines, file: String, builder: inout RecordingBuilder) throws(RecordingFileError) -> [Epoch] {
        var epochs: [Epoch] = []
        var sawSentence = false
        var relabelledLate = 0
        for (offset, line) in lines.enumerated() {
            let lineNumber = offset + 1
            let sentence: NMEASentence
            do {
                guard let parsed = try NMEASentence.parse(line) else { continue }
                sentence = parsed
            } catch .badChecksum(let type) {
                builder.skips.count("\(type) sentences with a bad checksum", line: lineNumber)
                continue
            } catch {
                builder.skips.count("malformed or truncated sentence", line: lineNumber)
                continue
            }
            sawSentence = true
            guard ["GGA", "RMC", "GST"].contains(sentence.type) else { continue }
            do {
                guard let time = try sentence.timeOfDay(0) else {
                    builder.skips.count("\(sentence.type) without a time", line: lineNumber)
                    continue
                }
                // Merged into a copy, so a sentence found malformed halfway leaves nothing behind (it is counted once).
                let continuesEpoch = epochs.last?.timeOfDaySeconds == time
                var epoch = continuesEpoch ? epochs[epochs.count - 1] : Epoch(line: lineNumber, timeOfDaySeconds: time)
                // A logger that writes one epoch twice (or two receivers' epochs under one time) gives one fix a time:
                // the first sentence of each type is kept and every repeat is counted, never silently merged over it.
                let bit = typeBit(sentence.type)
                if epoch.types & bit != 0, sentence.type == "GGA", let run = try lateRun(before: sentence, in: epochs, line: lineNumber) {
                    // A run labelled a second late (a missing second before it, then this GGA at the run's last time with
                    // a new position): the run moves back a second, and this sentence starts its own epoch.
                    for index in run { epochs[index].timeOfDaySeconds -= 1 }
                    relabelledLate += run.count
                    epoch = Epoch(line: lineNumber, timeOfDaySeconds: time)
                    epoch.types = bit
                    try merge(sentence, into: &epoch)
                    epochs.append(epoch)
                    continue
                }
                if epoch.types & bit != 0, sentence.type == "GGA", epoch.quality == 0,
                   let quality = sentence.field(5).flatMap({ Int($0) }), quality > 0 {
                    // A quality-0 GGA (no fix: the WHU phones repeat the last position in it) then a fix at the same
                    // time: the fix is that second's, and replaces the placeholder.
                    var fix = epoch
                    fix.alternative = nil
                    fix.isOnlyUnpadded = false
                    try merge(sentence, into: &fix)
                    fix.line = lineNumber
                    epochs[epochs.count - 1] = fix
                    builder.skips.count(replacedPlaceholderReason, line: epoch.line)
                    continue
                }
                guard epoch.types & bit == 0 else {
                    builder.skips.count("\(sentence.type) repeating an earlier sentence's time (the first kept)", line: lineNumber)
                    continue
                }
                epoch.types |= bit
                try merge(sentence, into: &epoch)
                if continuesEpoch {
                    epochs[epochs.count - 1] = epoch
                } else {
                    epochs.append(epoch)
                }
            } catch {
                builder.skips.count("malformed or truncated \(sentence.type)", line: lineNumber)
            }
            if epochs.count > builder.pointLimit { throw .tooManyPoints(file: file, line: lineNumber, limit: builder.pointLimit) }
        }
        if relabelledLate > 0 {
            builder.notes.append(
                "\(relabelledLate) GGA labelled a second late (a second missing before them, then a GGA at their time with another "
                    + "position): moved back a second"
            )
        }
        guard sawSentence else {
            throw .noFixes(
                file: file,
                detail: "no NMEA sentence with a valid checksum (\(builder.skips.skips.map { "\($0.reason): \($0.count)" }.joined(separator: ", ")))"
            )
        }
        return epochs
    }

    /// The epochs labelled a second late that `gga`, a second `GGA` at the last epoch's time with another position,
    /// reveals; nil when it is a plain repeat.
    ///
    /// Some chipsets (the WHU Xiaomi Mi 8 and Huawei P20 logs) label a run of fixes one second late: the times read
    /// 10, 12, 13, 13 for fixes taken at 10, 11, 12, 13. Left as written, each such fix sits a second's travel (20 m
    /// at highway speed) from its truth. The run is the `GGA`-only epochs a second apart that end the list, back to
    /// a missing second before them, at most `longestLateRun` of them; it moves back a second only when that second
    /// is free, or holds a quality-0 `GGA` (no fix; the WHU phones repeat the last position in one), which it replaces.
    private static func lateRun(before gga: NMEASentence, in epochs: [Epoch], line: Int) throws(NMEASentence.Problem) -> ClosedRange<Int>? {
        guard let last = epochs.indices.last, epochs[last].types == typeBit("GGA"), epochs[last].quality != 0 else { return nil }
        var probe = Epoch(line: line, timeOfDaySeconds: epochs[last].timeOfDaySeconds)
        try merge(gga, into: &probe)
        guard let latitude = probe.latitude, let longitude = probe.longitude, probe.quality != 0,
              latitude != epochs[last].latitude || longitude != epochs[last].longitude else { return nil }
        var first = last
        while first > 0, last - first < longestLateRun {
            let gap = epochs[first].timeOfDaySeconds - epochs[first - 1].timeOfDaySeconds
            // A quality-0 GGA a second before is the missing second: it repeats the last position without a fix.
            if gap == 2 || (gap == 1 && epochs[first - 1].quality == 0) { return first...last }
            guard gap == 1, epochs[first - 1].types == typeBit("GGA") else { return nil }
            first -= 1
        }
        return nil
    }

    /// The most epochs `lateRun` and `moveBackLateRunsBySpacing` move back a second.
    static let longestLateRun = 30
    /// The slowest travel, in metres per second, at which `moveBackLateRunsBySpacing` tells a late label from the
    /// fixes' spacing: a second's travel must stand well above the error's own steps (decimetres on the WHU phones).
    static let slowestSpacingSpeedMetersPerSecond = 5.0
    /// How far each spacing may stray from a late run's, as a share of a second's travel.
    static let spacingTolerance = 0.25

    /// Moves back a second the runs labelled a second late that no repeated time gives away, and returns how many
    /// epochs moved.
    ///
    /// On the WHU Mi 8 a run labelled late often ends in a missing second rather than a repeated time: times 26, 28,
    /// 29, 30 for fixes taken at 26, 27, 28, 30 (the 29 s fix lost). Only the spacing tells: the run's first fix
    /// lies a second's travel after the fix before though labelled two seconds after it, and the fix after the run
    /// lies two seconds' travel on though labelled one. A run (`GGA`-only epochs a second apart, at most
    /// `longestLateRun`) after a missing second moves back when the speed, from the fixes one or two seconds apart on
    /// either side, is at least `slowestSpacingSpeedMetersPerSecond` and both spacings lie within `spacingTolerance`
    /// of a second's and two seconds' travel; read as labelled, they would be two seconds' and one. A quality-0 `GGA`
    /// (no fix; the WHU phones repeat the last position in one) is a missing second here, as a gap is.
    private static func moveBackLateRunsBySpacing(_ epochs: inout [Epoch]) -> Int {
        // The epochs with a fix, in order: a quality-0 GGA repeating the last position (the WHU phones write one in
        // some seconds without a fix) marks a missing second as well as a gap does.
        let order = epochs.indices.filter { epochs[$0].quality != 0 }
        func isGGAFix(_ position: Int) -> Bool {
            guard order.indices.contains(position) else { return false }
            let epoch = epochs[order[position]]
            return epoch.types == typeBit("GGA") && epoch.latitude != nil && epoch.longitude != nil
        }
        func gap(_ position: Int) -> Double { epochs[order[position]].timeOfDaySeconds - epochs[order[position - 1]].timeOfDaySeconds }
        func meters(_ first: Int, _ second: Int) -> Double {
            guard let latitude = epochs[order[first]].latitude, let longitude = epochs[order[first]].longitude,
                  let otherLatitude = epochs[order[second]].latitude, let otherLongitude = epochs[order[second]].longitude else { return 0 }
            return GreatCircle.distanceMeters(
                from: Coordinate(latitude: latitude, longitude: longitude), to: Coordinate(latitude: otherLatitude, longitude: otherLongitude)
            )
        }
        func isSeconds(_ value: Double, _ seconds: Double) -> Bool { abs(value - seconds) < 0.01 }
        /// A second's travel from the fixes just outside a run, one or two seconds apart, where there are such.
        func speed(before start: Int, after: Int) -> Double? {
            var perSecond: [Double] = []
            for (first, second) in [(start - 2, start - 1), (after, after + 1)] where isGGAFix(first) && isGGAFix(second) {
                let seconds = gap(second)
                if isSeconds(seconds, 1) || isSeconds(seconds, 2) { perSecond.append(meters(first, second) / seconds.rounded()) }
            }
            return perSecond.isEmpty ? nil : perSecond.reduce(0, +) / Double(perSecond.count)
        }
        var moved = 0
        var start = 1
        while start < order.count {
            defer { start += 1 }
            guard isSeconds(gap(start), 2), isGGAFix(start - 1), isGGAFix(start) else { continue }
            // The fix after the run lies two seconds' travel on; inside the run, one, as from the fix before to its first.
            let firstSpacing = meters(start - 1, start)
            var end = start
            while end + 1 < order.count, end - start + 1 < longestLateRun, isGGAFix(end + 1), isSeconds(gap(end + 1), 1),
                  meters(end, end + 1) <= (1 + spacingTolerance) * firstSpacing {
                end += 1
            }
            let after = end + 1
            guard after < order.count, isGGAFix(after), isSeconds(gap(after), 1),
                  let speed = speed(before: start, after: after), speed >= slowestSpacingSpeedMetersPerSecond,
                  abs(firstSpacing - speed) <= spacingTolerance * speed,
                  abs(meters(end, after) - 2 * speed) <= spacingTolerance * 2 * speed else { continue }
            for position in start...end { epochs[order[position]].timeOfDaySeconds -= 1 }
            moved += end - start + 1
            start = end
        }
        return moved
    }

    /// The bit of `Epoch.types` for a `GGA`, `RMC` or `GST` sentence.
    private static func typeBit(_ type: Substring) -> UInt8 {
        switch type {
        case "GGA": return 1
        case "RMC": return 2
        default: return 4
        }
    }

    /// Appends an epoch's fix on `day` (days since the Unix epoch) to `builder`, or skips it and counts why: no fix, a
    /// void `RMC`, no position or an implausible HDOP.
    private static func appendFix(of epoch: Epoch, day: Int, options: RecordingReadOptions, to builder: inout RecordingBuilder) {
        if let quality = epoch.quality, quality == 0 {
            builder.skips.count("fix quality 0 (no fix)", line: epoch.line)
            return
        }
        if epoch.quality == nil, epoch.rmcValid == false {
            builder.skips.count("RMC status V (void)", line: epoch.line)
            return
        }
        guard let latitude = epoch.latitude, let longitude = epoch.longitude else {
            if epoch.quality != nil || epoch.rmcValid != nil {
                builder.skips.count("no position", line: epoch.line)
            }
            return
        }
        guard RecordingPlausibility.isPlausible(hdop: epoch.hdop) else {
            builder.skips.count(RecordingPlausibility.hdopReason, line: epoch.line)
            return
        }
        let accuracy: Double
        if let sd = epoch.errorSD {
            accuracy = (sd.latitude * sd.latitude + sd.longitude * sd.longitude).squareRoot()
        } else {
            accuracy = builder.fallbackAccuracy(hdop: epoch.hdop, options: options)
        }
        builder.append(LocationFix(
            latitude: latitude,
            longitude: longitude,
            // An empty altitude field (or no GGA) is unknown, as in the other readers: 0 m with accuracy -1,
            // whatever GST says about the altitude's deviation.
            altitudeMeters: epoch.altitudeMeters ?? 0,
            horizontalAccuracyMeters: accuracy,
            verticalAccuracyMeters: epoch.altitudeMeters == nil ? LocationFix.unknown : (epoch.errorSD?.altitude ?? LocationFix.unknown),
            courseDegrees: epoch.courseDegrees ?? LocationFix.unknown,
            speedMetersPerSecond: epoch.speedMetersPerSecond ?? LocationFix.unknown,
            timestampSeconds: Double(day * 86_400) + epoch.timeOfDaySeconds
        ), line: epoch.line)
    }

    private static func merge(_ sentence: NMEASentence, into epoch: inout Epoch) throws(NMEASentence.Problem) {
        switch sentence.type {
        case "GGA":
            // time, lat, N/S, lon, E/W, quality, satellites, HDOP, altitude, M, ...
            guard let quality = sentence.field(5).flatMap({ Int($0) }) else { throw .malformed }
            epoch.quality = quality
            epoch.hdop = try sentence.number(7)
            epoch.altitudeMeters = try sentence.number(8)
            if quality > 0 {
                guard let latitude = try angle(sentence, 1, positive: "N", negative: "S", degreeDigits: 2),
                      let longitude = try angle(sentence, 3, positive: "E", negative: "W", degreeDigits: 3) else { throw .malformed }
                epoch.latitude = latitude.standard
                epoch.longitude = longitude.standard
                epoch.isOnlyUnpadded = latitude.isOnlyUnpadded || longitude.isOnlyUnpadded
                if latitude.unpadded != latitude.standard || longitude.unpadded != longitude.standard {
                    epoch.alternative = (latitude.unpadded, longitude.unpadded)
                }
            }
        case "RMC":
            // time, status, lat, N/S, lon, E/W, speed (knots), course, date, ...
            guard let status = sentence.field(1) else { throw .malformed }
            epoch.rmcValid = status == "A"
            epoch.day = try sentence.date(8) ?? epoch.day
            if status == "A" {
                if let knots = try sentence.number(6) { epoch.speedMetersPerSecond = max(0, knots) * metersPerSecondPerKnot }
                if let course = try sentence.number(7), (0...360).contains(course) {
                    epoch.courseDegrees = course.truncatingRemainder(dividingBy: 360)
                }
                if epoch.latitude == nil,
                   let latitude = try sentence.angle(2, positive: "N", negative: "S", limit: 90),
                   let longitude = try sentence.angle(4, positive: "E", negative: "W", limit: 180) {
                    epoch.latitude = latitude
                    epoch.longitude = longitude
                }
            }
        default:
            // GST: time, RMS, semi-major, semi-minor, orientation, sd latitude, sd longitude, sd altitude
            guard let latitude = try sentence.number(5), let longitude = try sentence.number(6), latitude >= 0, longitude >= 0 else {
                throw .malformed
            }
            let altitude = try sentence.number(7)
            epoch.errorSD = (latitude, longitude, altitude.flatMap { $0 >= 0 ? $0 : nil })
        }
    }

    /// The angle of field `index` as the standard reads it and as `unpadded` does; nil when the field is empty.
    ///
    /// Where the standard reading is impossible (minutes of 60 or more: `1169.99`, which a WHU Vivo X30 writes for
    /// 116 deg 09.99'), the unpadded one is the only reading and stands for both, and `isOnlyUnpadded` says so.
    /// - Throws: `.malformed` when neither reading is possible.
    private static func angle(
        _ sentence: NMEASentence, _ index: Int, positive: Character, negative: Character, degreeDigits: Int
    ) throws(NMEASentence.Problem) -> (standard: Double, unpadded: Double, isOnlyUnpadded: Bool)? {
        let limit = degreeDigits == 2 ? 90.0 : 180.0
        do {
            guard let standard = try sentence.angle(index, positive: positive, negative: negative, limit: limit) else { return nil }
            return (standard, unpadded(sentence, index, degreeDigits: degreeDigits, reading: standard), false)
        } catch {
            let hemisphere = sentence.field(index + 1)?.first
            let only = unpadded(sentence, index, degreeDigits: degreeDigits, reading: .nan)
            guard hemisphere == positive || hemisphere == negative, !only.isNaN else { throw error }
            let signed = hemisphere == positive ? only : -only
            return (signed, signed, true)
        }
    }

    /// The angle of field `index` read with `degreeDigits` digits of degrees when its whole part is one digit short
    /// (`409.99`: 40 deg 09.99', where the standard reads 4 deg 09.99'), as some phones write minutes under 10;
    /// `reading` (the standard reading) for a field of full width or one that reads no other way.
    private static func unpadded(_ sentence: NMEASentence, _ index: Int, degreeDigits: Int, reading: Double) -> Double {
        guard let text = sentence.field(index), let point = text.firstIndex(of: "."),
              text.distance(from: text.startIndex, to: point) == degreeDigits + 1,
              let degrees = Double(text.prefix(degreeDigits)), let minutes = Double(text.dropFirst(degreeDigits)), minutes < 10 else {
            return reading
        }
        let angle = degrees + minutes / 60
        guard angle <= (degreeDigits == 2 ? 90 : 180) else { return reading }
        return reading < 0 ? -angle : angle
    }

    /// Each epoch's day (days since 1970): from its RMC date, else carried from its neighbours with a midnight
    /// rollover wherever the time of day falls by more than 12 h; 0 if the log has no date at all.
    private static func assignDays(_ epochs: [Epoch]) -> [Int] {
        guard let firstDated = epochs.firstIndex(where: { $0.day != nil }) else {
            var day = 0
            return epochs.indices.map { index in
                if index > 0, epochs[index - 1].timeOfDaySeconds - epochs[index].timeOfDaySeconds > 43_200 { day += 1 }
                return day
            }
        }
        var days = [Int](repeating: 0, count: epochs.count)
        var day = epochs[firstDated].day!
        days[firstDated] = day
        for index in stride(from: firstDated - 1, through: 0, by: -1) {
            if epochs[index].timeOfDaySeconds - epochs[index + 1].timeOfDaySeconds > 43_200 { day -= 1 }
            days[index] = day
        }
        day = epochs[firstDated].day!
        for index in epochs.indices.dropFirst(firstDated + 1) {
            if let dated = epochs[index].day {
                day = dated
            } else if epochs[index - 1].timeOfDaySeconds - epochs[index].timeOfDaySeconds > 43_200 {
                day += 1
            }
            days[index] = day
        }
        return days
    }
}
