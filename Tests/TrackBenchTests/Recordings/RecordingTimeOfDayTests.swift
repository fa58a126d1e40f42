import Testing
@testable import TrackBenchModel
@testable import TrackBenchRecordings

/// Placing a reference that has times of day only on the date of the fixes it is compared with.
struct RecordingTimeOfDayTests {
    /// 2020-05-14 in days since 1970.
    static let day = UTCTime.days(year: 2020, month: 5, day: 14)

    static func recording(times: [Double], timeBase: Recording.TimeBase) -> Recording {
        let fixes = times.map { LocationFix(latitude: 37, longitude: -122, horizontalAccuracyMeters: 1, timestampSeconds: $0) }
        return Recording(format: .nmea, fixes: fixes, hasTimes: true, timeBase: timeBase, skipped: [], notes: [])
    }

    @Test func aReferenceStartedBeforeMidnightGoesOnTheDayBeforeTheFixes() {
        // The reference runs 23:59:00 to 00:10:00 (day 0, rolling over to day 1); the fixes start at 00:01 on the 14th.
        let reference = Self.recording(times: [86_340, 86_400 + 600], timeBase: .timeOfDay)
        let fixes = Self.recording(times: [60, 120, 180].map { Double(Self.day * 86_400) + $0 }, timeBase: .unixUTC)
        let (placed, note) = reference.placedOnDate(of: fixes, offsetSeconds: 0)
        #expect(placed.timeBase == .unixUTC)
        #expect(placed.fixes.map(\.timestampSeconds) == [Double((Self.day - 1) * 86_400 + 86_340), Double(Self.day * 86_400 + 600)])
        #expect(note?.hasSuffix("its start on 2020-05-13") == true)
    }

    @Test func aReferenceOnTheFixesDayStaysOnIt() {
        let reference = Self.recording(times: [36_000, 39_600], timeBase: .timeOfDay)
        let fixes = Self.recording(times: [37_000, 38_000].map { Double(Self.day * 86_400) + $0 }, timeBase: .unixUTC)
        let (placed, note) = reference.placedOnDate(of: fixes, offsetSeconds: 0)
        #expect(placed.fixes.map(\.timestampSeconds) == [36_000, 39_600].map { Double(Self.day * 86_400) + $0 })
        #expect(note?.hasSuffix("its start on 2020-05-14") == true)
    }

    @Test func aDatedReferenceOrUndatedFixesLeaveTheReferenceAlone() {
        let dated = Self.recording(times: [Double(Self.day * 86_400)], timeBase: .unixUTC)
        let undated = Self.recording(times: [36_000], timeBase: .timeOfDay)
        #expect(dated.placedOnDate(of: dated, offsetSeconds: 0).note == nil)
        let (unchanged, note) = undated.placedOnDate(of: undated, offsetSeconds: 0)
        #expect(note == nil && unchanged.timeBase == .timeOfDay && unchanged.fixes == undated.fixes)
    }
}
