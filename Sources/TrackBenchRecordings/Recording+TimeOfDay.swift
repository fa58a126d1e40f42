extension Recording {
    /// This undated recording placed on the day of `fixes`, by time of day, and a note saying so; unchanged
    /// (note nil) unless this recording has times of day only and `fixes` has dates.
    ///
    /// A reference whose NMEA carries no date (its `RMC` sentences missing or failing their checksums, as in
    /// published NovAtel SPAN files) has times since midnight of day 0, its own midnight rollovers already
    /// counted. It is shifted by whole days to the day before, of or after the first fix's date (with
    /// `offsetSeconds` added), whichever overlaps the most fixes, so a reference that starts before midnight
    /// and fixes that start after it still meet.
    /// - Parameters:
    ///   - fixes: The dated recording to align with.
    ///   - offsetSeconds: Seconds added to the fixes' times to put them on this recording's clock.
    /// - Returns: The recording on Unix UTC seconds, and the note; or itself and nil.
    /// - Complexity: O(*n* + *m*) for *n* fixes of `fixes` and *m* of this recording.
    package func placedOnDate(of fixes: Recording, offsetSeconds: Double) -> (recording: Recording, note: String?) {
        guard timeBase == .timeOfDay, hasTimes, fixes.timeBase == .unixUTC,
              let first = fixes.fixes.first, let start = self.fixes.first?.timestampSeconds,
              let end = self.fixes.last?.timestampSeconds else { return (self, nil) }
        let fixDay = Int(((first.timestampSeconds + offsetSeconds) / 86_400).rounded(.down))
        func overlap(_ day: Int) -> Int {
            let shift = Double(day * 86_400)
            return fixes.fixes.reduce(0) { count, fix in
                count + ((start + shift)...(end + shift) ~= fix.timestampSeconds + offsetSeconds ? 1 : 0)
            }
        }
        // Ties go to the fixes' own day, listed first.
        let day = [fixDay, fixDay - 1, fixDay + 1].max { overlap($0) < overlap($1) }!
        var placed = self
        placed.timeBase = .unixUTC
        placed.fixes = self.fixes.map { fix in
            var fix = fix
            fix.timestampSeconds += Double(day * 86_400)
            fix.deliveryTimeSeconds += Double(day * 86_400)
            return fix
        }
        let date = String(UTCTime.text(Double(day * 86_400)).prefix(10))
        return (placed, "the truth has times of day only (no valid RMC date): aligned to the fixes' date by time of day, its start on \(date)")
    }
}
