import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchCalibration

/// Finding the excursions in an error series whose answers are known.
struct ExcursionRunTests {
    @Test func fixesBeyondTheThresholdGroupIntoExcursionsThroughShortDipsWithTheirPeakLengthAndLargestStep() throws {
        // A 1 Hz error circling 0.5 m from the truth, and swells of 12 m: over fixes 1000-1019 (dipping back at 1010,
        // under 10 s), over 2005-2009 and 2025-2029 (15 s apart, two) on one shoulder of 3 m (beyond half the 5 m
        // threshold) from 2000 to 2034, which they share without overlapping, over 3000-3004, and a single fix at 4000.
        let swell: (Int) -> LocalPoint = { index in
            switch index {
            case 1000..<1010, 1011..<1020: LocalPoint(east: index == 1005 ? 14 : 12, north: 0)
            case 2005..<2010, 2025..<2030, 3000..<3005, 4000: LocalPoint(east: 0, north: 12)
            case 2000..<2035: LocalPoint(east: 0, north: 3)
            default: LocalPoint(east: 0, north: 0)
            }
        }
        let samples = (0..<5000).map { index in
            let added = swell(index)
            return ErrorStatistics.Sample(
                timeSeconds: Double(index), truePoint: LocalPoint(east: 0, north: 2 * Double(index)),
                error: LocalPoint(east: 0.5 * cos(Double(index)) + added.east, north: 0.5 * sin(Double(index)) + added.north),
                accuracyMeters: 4, trueSpeedMetersPerSecond: 2, trueCourseDegrees: 0
            )
        }
        let excursions = ErrorStatistics.excursions(in: samples)
        #expect(excursions.thresholdMeters == ErrorStatistics.jumpStepMeters, "the error is small: the threshold is a jump's")
        let runs = ErrorStatistics.excursionRuns(in: samples, excursions: excursions, interval: 1)
        try #require(runs.count == 5, "\(runs)")
        #expect(runs.map(\.fixes) == [19, 5, 5, 5, 1])
        #expect(runs.map(\.beyondSeconds) == [20, 5, 5, 5, 1], "the dip at 1010 is inside the first")
        #expect(runs.map(\.spanSeconds) == [20, 25, 10, 5, 1], "the second and third split their shoulder")
        #expect(abs(runs[0].peakMeters - 14) < 1.5 && abs(runs[1].peakMeters - 12) < 1.5)
        #expect(runs.allSatisfy { $0.largestStepMeters > 8 }, "each steps 9-12 m into or out of the threshold")
        let swells = ErrorStatistics.excursionRuns(
            in: samples, excursions: excursions, interval: 1, fewestFixes: ErrorStatistics.fewestExcursionFixes)
        #expect(swells.map(\.fixes) == [19, 5, 5, 5], "a lone fix is an outlier")
        let statistics = try #require(ErrorStatistics(samples: samples))
        #expect(statistics.excursionPercent == 100 * 35 / 5000.0)
        #expect(abs(statistics.excursionNoisePercent - statistics.excursionPercent / 5) < 1e-12, "the share one excursion holds")
    }
}
