import TrackBenchModel
/// Puts a recording's fixes and its truth on one clock when one or both carry no date: times of day (NMEA `GGA`
/// without `RMC`) or GPS seconds of week (a post-processed GNSS/INS table).
///
/// With a date (a suite's `date` key or `--date`: the UTC date the recording
/// starts), each undated side is dated by it: times of day counted from its
/// midnight (the reader has already counted midnight rollovers); seconds of
/// week in the GPS week that puts the first point nearest the date's noon,
/// less the GPS - UTC leap seconds in force on that date (18 s since
/// 2017-01-01). Without a date, an undated side is placed on the dated
/// side's date: shifted by whole days (or GPS weeks) to the one before, of
/// or after the dated side's start, whichever overlaps the most fixes. Two
/// undated sides on different kinds of clock cannot meet without a date.
/// Every placement adds a note, dates printed as UTC ISO 8601.
package struct RecordingDating: Sendable {
    /// The fixes, on Unix UTC seconds when anything dated them.
    package var fixes: Recording
    /// The truth, on the fixes' clock (before the time offset) when anything dated it.
    package var truth: Recording?
    /// What was done, one sentence each.
    package var notes: [String] = []

    /// Why two recordings cannot be put on one clock.
    package struct DatingError: Error, Equatable {
        /// What is wrong and what to do.
        package var problem: String
    }

    /// Dates `fixes` and `truth` as the type's summary says.
    /// - Parameters:
    ///   - offsetSeconds: Seconds added to the fixes' times to put them on the truth's clock.
    ///   - day: The UTC date the recording starts, in days since 1970-01-01; nil when none was given.
    /// - Throws: `DatingError` when the two sides are undated on different clocks and no date is given.
    /// - Complexity: O(*n* + *m*) for *n* fixes and *m* truth points.
    package init(fixes: Recording, truth: Recording?, offsetSeconds: Double, day: Int?) throws(DatingError) {
        self.fixes = fixes
        self.truth = truth
        if let day {
            self.fixes = dated(fixes, day: day, side: "the fixes have")
            self.truth = truth.map { dated($0, day: day, side: "the truth has") }
        }
        guard let truth = self.truth, truth.hasTimes else { return }
        switch (self.fixes.timeBase, truth.timeBase) {
        case (.unixUTC, .timeOfDay), (.unixUTC, .gpsWeekSeconds):
            let reference = self.fixes.fixes.map { $0.timestampSeconds + offsetSeconds }
            self.truth = placed(truth, near: reference, side: "the truth has", dated: "the fixes'")
        case (.timeOfDay, .unixUTC), (.gpsWeekSeconds, .unixUTC):
            // Placing the fixes near the truth's points, less the offset the fixes will get, puts them under it.
            let reference = truth.fixes.map { $0.timestampSeconds - offsetSeconds }
            self.fixes = placed(self.fixes, near: reference, side: "the fixes have", dated: "the truth's")
        case (.timeOfDay, .gpsWeekSeconds), (.gpsWeekSeconds, .timeOfDay):
            throw DatingError(
                problem: "the fixes are \(self.fixes.timeBase.rawValue) and the truth \(truth.timeBase.rawValue): neither has a date "
                    + "to put the other on; give the UTC date the recording starts (the suite's \"date\" key or --date, e.g. 2020-10-16)"
            )
        default:
            return
        }
    }

    /// `recording` on the UTC date `day`, unchanged if it has a date (or no times) already.
    private mutating func dated(_ recording: Recording, day: Int, side: String) -> Recording {
        guard recording.hasTimes, let first = recording.fixes.first?.timestampSeconds else { return recording }
        let date = UTCTime.dateText(day: day)
        switch recording.timeBase {
        case .timeOfDay:
            let shifted = Self.shifted(recording, by: Double(day) * 86_400)
            notes.append("\(side) times of day only: placed on \(date) (the date given), starting \(UTCTime.text(first + Double(day) * 86_400))")
            return shifted
        case .gpsWeekSeconds:
            let noon = Double(day) * 86_400 + 43_200
            let leap = UTCTime.gpsMinusUTCSeconds(atUnixSeconds: noon)
            let week = ((noon + leap - UTCTime.gpsEpochUnixSeconds - first) / UTCTime.secondsPerWeek).rounded()
            let shift = UTCTime.gpsEpochUnixSeconds + week * UTCTime.secondsPerWeek - leap
            notes.append(
                "\(side) GPS seconds of week: GPS week \(Int(week)) from \(date) (the date given), GPS - UTC \(Int(leap)) s, "
                    + "starting \(UTCTime.text(first + shift))"
            )
            return Self.shifted(recording, by: shift)
        case .unixUTC, .asWritten:
            return recording
        }
    }

    /// `recording` (undated) shifted by whole days or GPS weeks to overlap the most of `reference` (dated times on its
    /// clock), trying the period of the reference's start and the ones either side; ties go to the start's own.
    private mutating func placed(_ recording: Recording, near reference: [Double], side: String, dated: String) -> Recording {
        guard let start = recording.fixes.first?.timestampSeconds, let end = recording.fixes.last?.timestampSeconds,
              let anchor = reference.first else { return recording }
        let candidates: [Double]
        let leap = UTCTime.gpsMinusUTCSeconds(atUnixSeconds: anchor)
        if recording.timeBase == .gpsWeekSeconds {
            let week = ((anchor + leap - UTCTime.gpsEpochUnixSeconds - start) / UTCTime.secondsPerWeek).rounded(.down)
            candidates = [week, week - 1, week + 1].map { UTCTime.gpsEpochUnixSeconds + $0 * UTCTime.secondsPerWeek - leap }
        } else {
            let day = (anchor / 86_400).rounded(.down)
            candidates = [day, day - 1, day + 1].map { $0 * 86_400 }
        }
        func overlap(_ shift: Double) -> Int {
            reference.reduce(0) { $0 + ((start + shift)...(end + shift) ~= $1 ? 1 : 0) }
        }
        let shift = candidates.max { overlap($0) < overlap($1) }!
        if recording.timeBase == .gpsWeekSeconds {
            notes.append(
                "\(side) GPS seconds of week only: placed in the GPS week that overlaps \(dated) times the most, GPS - UTC \(Int(leap)) s, "
                    + "starting \(UTCTime.text(start + shift))"
            )
        } else {
            notes.append(
                "\(side) times of day only (no valid RMC date): aligned to \(dated) date by time of day, "
                    + "its start on \(UTCTime.dateText(day: Int(((start + shift) / 86_400).rounded(.down))))"
            )
        }
        return Self.shifted(recording, by: shift)
    }

    private static func shifted(_ recording: Recording, by seconds: Double) -> Recording {
        var shifted = recording
        shifted.timeBase = .unixUTC
        func moved(_ fix: LocationFix) -> LocationFix {
            var fix = fix
            fix.timestampSeconds += seconds
            fix.deliveryTimeSeconds += seconds
            return fix
        }
        shifted.fixes = recording.fixes.map(moved)
        shifted.checkpoints = recording.checkpoints.map(moved)
        return shifted
    }
}
