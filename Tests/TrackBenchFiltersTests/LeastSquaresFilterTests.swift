import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct LeastSquaresFilterTests {
    private let frame = Fixtures.frame

    private func fix(east: Double, north: Double = 0, altitude: Double = 0, time: Double) -> LocationFix {
        var fix = Fixtures.fix(frame, east: east, north: north, time: time)
        fix.altitudeMeters = altitude
        return fix
    }

    private func point(_ fix: LocationFix) -> LocalPoint { frame.point(for: fix.coordinate) }

    @Test func fitsTheLineByHand() {
        // Times 0, 1, 2 and east 0, 3, 3: relative times -2, -1, 0 with mean -1, mean east 2;
        // slope = ((-1)(-2) + 0 + (1)(1)) / 2 = 1.5, so at the newest time 2 + 1.5 x 1 = 3.5.
        let fixes = [fix(east: 0, time: 0), fix(east: 3, time: 1), fix(east: 3, time: 2)]
        let estimated = LeastSquaresFilter(windowSize: 20).estimatedPath(for: Path(fixes)).fixes
        #expect(estimated[0] == fixes[0])
        #expect(abs(point(estimated[1]).east - 3) < 1e-6)
        #expect(abs(point(estimated[2]).east - 3.5) < 1e-6)
    }

    @Test func returnsCollinearFixesExactlyAtUnevenTimes() {
        let times = [0, 0.5, 2, 3.7, 4, 6.25, 7, 7.1]
        let fixes = times.map { fix(east: 3 * $0 - 4, north: -2 * $0 + 1, altitude: 0.5 * $0 + 100, time: $0) }
        let estimated = LeastSquaresFilter(windowSize: 4).estimatedPath(for: Path(fixes)).fixes
        for (estimate, original) in zip(estimated, fixes) {
            #expect(point(estimate).distance(to: point(original)) < 1e-6)
            #expect(abs(estimate.altitudeMeters - original.altitudeMeters) < 1e-9)
            #expect(estimate.timestampSeconds == original.timestampSeconds)
        }
    }

    @Test func extrapolatesToTheNewestTimeNotTheWindowCentre() {
        // 2 m/s east with a window of 5: at 9 s the fit gives 18 m; the window's centre (7 s) is at 14 m.
        let fixes = (0..<10).map { fix(east: 2 * Double($0), time: Double($0)) }
        let last = LeastSquaresFilter(windowSize: 5).estimatedPath(for: Path(fixes)).fixes.last!
        #expect(abs(point(last).east - 18) < 1e-6)
    }

    @Test func usesTheMeanWhenAllTimesAreEqual() {
        let fixes = [fix(east: 0, altitude: 1, time: 5), fix(east: 3, altitude: 2, time: 5), fix(east: 6, altitude: 6, time: 5)]
        let estimated = LeastSquaresFilter(windowSize: 20).estimatedPath(for: Path(fixes)).fixes
        #expect(estimated.allSatisfy { !$0.latitude.isNaN && !$0.longitude.isNaN && !$0.altitudeMeters.isNaN })
        #expect(abs(point(estimated[1]).east - 1.5) < 1e-6)
        #expect(abs(point(estimated[2]).east - 3) < 1e-6)
        #expect(abs(estimated[2].altitudeMeters - 3) < 1e-9)
    }

    @Test func forgetsFixesThatLeaveTheWindow() {
        let fixes = [fix(east: 100, time: 0), fix(east: 0, time: 1), fix(east: 0, time: 2), fix(east: 0, time: 3)]
        let last = LeastSquaresFilter(windowSize: 3).estimatedPath(for: Path(fixes)).fixes.last!
        #expect(abs(point(last).east) < 1e-6)
    }

    @Test func aWindowOfOnePassesFixesThroughUnchanged() {
        let fixes = (0..<5).map { fix(east: Double($0 * $0), altitude: Double($0), time: Double($0)) }
        #expect(LeastSquaresFilter(windowSize: 1).estimatedPath(for: Path(fixes)).fixes == fixes)
    }

    @Test func defaultWindowIsTwentyFixes() {
        let fixes = (0..<40).map { fix(east: Double($0 * 7 % 13), time: Double($0)) }
        let fromSettings = LeastSquaresFilter(settings: FilterSettings())
        #expect(fromSettings.estimatedPath(for: Path(fixes)) == LeastSquaresFilter(windowSize: 20).estimatedPath(for: Path(fixes)))
    }
}
