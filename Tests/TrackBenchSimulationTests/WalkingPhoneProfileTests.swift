import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
import TrackBenchTestSupport

/// The phone library's walking Samsungs (`Scenarios/phones.json`): each errs at walking speed as the phone did at
/// its surveyed landmarks (IPIN 2023 walks, four each, pooled by `.ci/measure/walkers_landmarks.py`; Docs/phones.md).
struct WalkingPhoneProfileTests {
    /// The landmarks' raw error, median and 95th percentile in metres, per profile.
    private static let landmarks: [(profile: String, median: Double, percentile95: Double)] = [
        ("galaxy-a5-walk", 2.26, 7.96), ("galaxy-s7-walk", 5.31, 7.65),
    ]

    /// Each run's median and 95th percentile of the raw fixes' distance from the truth, in metres: 2 and 5 km loops
    /// and out-and-backs at 1.4 m/s, seeds 100...109, the profile without its spreads (the phone as fitted).
    private static func runs(of profile: SignalProfile) -> (medians: [Double], percentiles95: [Double]) {
        var medians: [Double] = []
        var percentiles: [Double] = []
        for pathType in [PathType.loop, .outAndBack] {
            for distance in [2000.0, 5000.0] {
                let scenario = Scenario(
                    pathType: pathType, distanceMeters: distance, speedMetersPerSecond: 1.4, signal: profile.withoutSpreads,
                    origin: Fixtures.frame.origin)
                for seed in UInt64(100)...109 {
                    let simulated = scenario.simulate(seed: seed)
                    var errors = zip(simulated.truePath.fixes, simulated.noisyPath.fixes).map { truth, fix in
                        Fixtures.frame.point(for: truth.coordinate).distance(to: Fixtures.frame.point(for: fix.coordinate))
                    }
                    errors.sort()
                    medians.append(errors[errors.count / 2])
                    percentiles.append(errors[Int(0.95 * Double(errors.count - 1))])
                }
            }
        }
        return (medians.sorted(), percentiles.sorted())
    }

    @Test(arguments: 0..<2) func aWalkingSamsungErrsAtWalkingSpeedAsAtItsLandmarks(index: Int) throws {
        let target = Self.landmarks[index]
        let profile = try #require(Fixtures.shippedSuite("Scenarios/phones.json").signals.first { $0.name == target.profile })
        let (medians, percentiles) = Self.runs(of: profile)
        let median = medians[medians.count / 2] / target.median
        let percentile95 = percentiles[percentiles.count / 2] / target.percentile95
        #expect(median > 0.67 && median < 1.5, "\(target.profile): median error \(median) x the landmarks'")
        #expect(percentile95 > 0.67 && percentile95 < 1.5, "\(target.profile): 95th percentile \(percentile95) x the landmarks'")
    }
}
