import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats

/// Putting fixes and truth on one clock when one side or both have no date: times of day, GPS seconds of week.
struct RecordingDatingTests {
    /// 2020-05-14 in days since 1970.
    static let day = UTCTime.days(year: 2020, month: 5, day: 14)
    static let midnight = Double(day * 86_400)

    static func recording(times: [Double], timeBase: Recording.TimeBase) -> Recording {
        let fixes = times.map { LocationFix(latitude: 37, longitude: -122, horizontalAccuracyMeters: 1, timestampSeconds: $0) }
        return Recording(format: .nmea, fixes: fixes, hasTimes: true, timeBase: timeBase, skipped: [], notes: [])
    }

    @Test func aReferenceStartedBeforeMidnightGoesOnTheDayBeforeTheFixes() throws {
        // The reference runs 23:59:00 to 00:10:00 (day 0, rolling over to day 1); the fixes start at 00:01 on the 14th.
        let reference = Self.recording(times: [86_340, 86_400 + 600], timeBase: .timeOfDay)
        let fixes = Self.recording(times: [60, 120, 180].map { Self.midnight + $0 }, timeBase: .unixUTC)
        let dating = try RecordingDating(fixes: fixes, truth: reference, offsetSeconds: 0, day: nil)
        #expect(dating.truth?.timeBase == .unixUTC)
        #expect(dating.truth?.fixes.map(\.timestampSeconds) == [Self.midnight - 60, Self.midnight + 600])
        #expect(dating.notes == [
            "the truth has times of day only (no valid RMC date): aligned to the fixes' date by time of day, its start on 2020-05-13",
        ])
    }

    @Test func undatedFixesGoOnTheDatedTruthsDay() throws {
        let fixes = Self.recording(times: [36_000, 36_001, 36_002], timeBase: .timeOfDay)
        let truth = Self.recording(times: [35_000, 37_000].map { Self.midnight + $0 }, timeBase: .unixUTC)
        let dating = try RecordingDating(fixes: fixes, truth: truth, offsetSeconds: 0, day: nil)
        #expect(dating.fixes.timeBase == .unixUTC)
        #expect(dating.fixes.fixes.map(\.timestampSeconds) == [36_000, 36_001, 36_002].map { Self.midnight + $0 })
        #expect(dating.notes.first?.hasPrefix("the fixes have times of day only") == true)
    }

    @Test func aDateGivenDatesTimesOfDayAndGPSSecondsOfWeek() throws {
        // 2020-10-16 (a Friday) 03:35:43 UTC is GPS week 2127, second 5 x 86_400 + 3 x 3600 + 35 x 60 + 43 + 18.
        let day = UTCTime.day(fromDate: "2020-10-16")!
        let fixes = Self.recording(times: [12_943, 12_944], timeBase: .timeOfDay)
        let truth = Self.recording(times: [444_961, 444_962], timeBase: .gpsWeekSeconds)
        let dating = try RecordingDating(fixes: fixes, truth: truth, offsetSeconds: 0, day: day)
        #expect(dating.fixes.fixes.map(\.timestampSeconds) == dating.truth?.fixes.map(\.timestampSeconds))
        #expect(UTCTime.text(dating.fixes.fixes[0].timestampSeconds) == "2020-10-16T03:35:43Z")
        #expect(dating.notes.contains { $0.contains("GPS week 2127 from 2020-10-16 (the date given), GPS - UTC 18 s") })
    }

    @Test func gpsSecondsOfWeekGoInTheWeekOfDatedFixes() throws {
        let fixes = Self.recording(times: [1_602_819_343, 1_602_819_344], timeBase: .unixUTC)
        let truth = Self.recording(times: [444_900, 445_000], timeBase: .gpsWeekSeconds)
        let dating = try RecordingDating(fixes: fixes, truth: truth, offsetSeconds: 0, day: nil)
        #expect(dating.truth?.fixes.first.map { UTCTime.text($0.timestampSeconds) } == "2020-10-16T03:34:42Z")
    }

    @Test func twoUndatedClocksOfDifferentKindsAskForTheDate() {
        let fixes = Self.recording(times: [36_000, 36_001], timeBase: .timeOfDay)
        let truth = Self.recording(times: [444_900, 445_000], timeBase: .gpsWeekSeconds)
        #expect(throws: RecordingDating.DatingError.self) { try RecordingDating(fixes: fixes, truth: truth, offsetSeconds: 0, day: nil) }
        do {
            _ = try RecordingDating(fixes: fixes, truth: truth, offsetSeconds: 0, day: nil)
        } catch {
            #expect(error.problem.contains("--date"))
        }
    }

    @Test func datedSidesAreLeftAlone() throws {
        let dated = Self.recording(times: [Self.midnight], timeBase: .unixUTC)
        let dating = try RecordingDating(fixes: dated, truth: dated, offsetSeconds: 0, day: Self.day)
        #expect(dating.notes.isEmpty && dating.fixes.fixes == dated.fixes)
    }

    @Test func datesAreISO8601AndCheckedStrictly() {
        #expect(UTCTime.day(fromDate: "2020-10-16") == UTCTime.days(year: 2020, month: 10, day: 16))
        #expect(UTCTime.day(fromDate: "2020-02-30") == nil)
        #expect(UTCTime.day(fromDate: "16.10.2020") == nil)
        #expect(UTCTime.day(fromDate: "1970-01-01") == nil)
        #expect(UTCTime.text(1_602_819_343.9) == "2020-10-16T03:35:43Z")
    }
}
