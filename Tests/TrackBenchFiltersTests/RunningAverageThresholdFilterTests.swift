import Testing
@testable import TrackBenchModel
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct RunningAverageThresholdFilterTests {
    private let frame = Fixtures.frame
    /// The published choice: 11 m threshold, 20-fix window.
    private let defaultFilter = RunningAverageThresholdFilter(settings: FilterSettings())

    private func fix(east: Double, accuracy: Double, time: Double) -> LocationFix {
        Fixtures.fix(frame, east: east, north: 0, accuracy: accuracy, time: time)
    }

    /// Whether the estimates lie at these metres east, to a micrometre.
    private func areAt(_ estimates: [LocationFix], east expected: [Double]) -> Bool {
        estimates.count == expected.count
            && zip(estimates, expected).allSatisfy { abs(frame.point(for: $0.coordinate).east - $1) < 1e-6 }
    }

    @Test func emitsNothingForFixesAboveTheThresholdOrInvalid() {
        let fixes = [fix(east: 0, accuracy: 11.5, time: 0), fix(east: 1, accuracy: 25, time: 1), fix(east: 2, accuracy: -1, time: 2)]
        #expect(defaultFilter.estimatedPath(for: Path(fixes)).count == 0)
    }

    @Test func averagesOnlyTheAdmittedFixes() {
        let fixes = [
            fix(east: 0, accuracy: 5, time: 0),
            fix(east: 100, accuracy: 30, time: 1),
            fix(east: 10, accuracy: 11, time: 2),
            fix(east: 200, accuracy: -1, time: 3),
            fix(east: 20, accuracy: 3, time: 4),
        ]
        let estimated = defaultFilter.estimatedPath(for: Path(fixes)).fixes
        // One estimate per admitted fix (11 m is admitted): means of {0}, {0, 10}, {0, 10, 20}.
        #expect(estimated.map(\.timestampSeconds) == [0, 2, 4])
        #expect(areAt(estimated, east: [0, 5, 10]))
    }

    @Test func theWindowHoldsOnlyAdmittedFixes() {
        let fixes = [
            fix(east: 0, accuracy: 5, time: 0),
            fix(east: 100, accuracy: 30, time: 1),
            fix(east: 10, accuracy: 5, time: 2),
            fix(east: 20, accuracy: 5, time: 3),
        ]
        let estimated = RunningAverageThresholdFilter(thresholdMeters: 11, windowSize: 2).estimatedPath(for: Path(fixes)).fixes
        // Means of {0}, {0, 10}, {10, 20}: the rejected fix neither counts nor pushes 0 out early.
        #expect(areAt(estimated, east: [0, 5, 15]))
    }

    @Test func defaultsAreTheSeedAuthorsElevenMetresAndTwentyFixes() {
        let fixes = (0..<30).map { (index: Int) -> LocationFix in
            let value = Double(index)
            return fix(east: (value * 3).truncatingRemainder(dividingBy: 11), accuracy: value.truncatingRemainder(dividingBy: 14), time: value)
        }
        let explicit = RunningAverageThresholdFilter(thresholdMeters: 11, windowSize: 20)
        #expect(defaultFilter.estimatedPath(for: Path(fixes)) == explicit.estimatedPath(for: Path(fixes)))
        #expect(RunningAverageThresholdFilter.parameters.map(\.defaultValue) == [11, 20])
    }
}
