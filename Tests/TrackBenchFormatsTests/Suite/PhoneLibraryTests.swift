import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// The phone library (`Scenarios/phones.json`): profiles calibrated from public drives of six phones, and two walking
/// phones fitted to their landmarks (checked in `WalkingPhoneProfileTests`).
struct PhoneLibraryTests {
    private static let suite = Fixtures.shippedSuite("Scenarios/phones.json")
    private static let names = [
        "pixel4", "pixel4xl", "mi8-open-sky", "mi8-urban", "p20-open-sky", "p20-urban", "p30-open-sky", "p30-urban", "x30-open-sky", "x30-urban",
        "galaxy-a5-walk", "galaxy-s7-walk",
    ]

    @Test func theSuiteLoadsWithEveryPhonesProfilesOnEachRoute() {
        #expect(Self.suite.signals.map(\.name) == Self.names)
        #expect(Self.suite.scenarios.count == Self.names.count * 2 * 2)
    }

    @Test func eachCarProfileIsAPhoneInACarAsTheDrivesMeasuredIt() {
        for profile in Self.suite.signals where !profile.name.hasSuffix("-walk") {
            // The 2-D error radius: 0.6-2.3 m on the drives; the WHU phones report no accuracy (5 m, constant).
            let radius = profile.errorToAccuracyRatio * profile.horizontalAccuracyMeanMeters
            #expect(radius > 0.5 && radius < 3, "\(profile.name): error radius \(radius) m")
            #expect(profile.driftTimeConstantSeconds >= 5 && profile.driftTimeConstantSeconds <= 200, "\(profile.name): drift time")
            #expect(profile.jitterMeters < 0.5, "\(profile.name): jitter \(profile.jitterMeters) m")
            #expect(profile.stepTailProbability < 0.1 && profile.stepTailMeters < 3, "\(profile.name): step tail")
            #expect(profile.multipathOffsetMeters < 1.5, "\(profile.name): multipath offset \(profile.multipathOffsetMeters) m")
            #expect(abs(profile.alongTrackBiasMeters) < 5 && profile.fixedOffsetMeters < 4, "\(profile.name): bias and offset")
            #expect(abs(profile.fixIntervalMeanSeconds - 1) < 0.2, "\(profile.name): fix interval")
            #expect(profile.faults.jumpProbability < 0.01, "\(profile.name): jumps")
            // Spreads as `calibrate` gives them: drives of one phone differ by more than seeds do.
            #expect(profile.driftTimeConstantSpreadPercent == 200 && profile.errorSizeSpreadPercent == 100 && profile.stepSizeSpreadPercent == 75)
        }
    }

    @Test func eachWalkingProfileIsTheDefaultWalkerWithItsOwnSizeLagAndOffset() throws {
        let walker = try #require(Fixtures.defaultSuite.signals.first { $0.name == "urban-walk" })
        let walking = Self.suite.signals.filter { $0.name.hasSuffix("-walk") }
        #expect(walking.count == 2)
        for profile in walking {
            var shape = profile.withoutSpreads
            shape.name = walker.name
            for key in [\SignalProfile.errorToAccuracyRatio, \.alongTrackBiasMeters, \.fixedOffsetMeters, \.horizontalAccuracyMeanMeters,
                        \.multipathOffsetMeters, \.multipathDwellSeconds] {
                shape[keyPath: key] = walker[keyPath: key]
            }
            #expect(shape == walker, "\(profile.name) differs from urban-walk in more than its size, lag, offset and multipath")
            #expect(profile.driftTimeConstantSpreadPercent == 200 && profile.errorSizeSpreadPercent == 100 && profile.stepSizeSpreadPercent == 75)
        }
    }

    @Test func eachProfileHasItsSourceAndFitInThePhonesPage() throws {
        let page = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/phones.md"), encoding: .utf8)
        for name in Self.names {
            #expect(page.contains("`\(name)`"), "Docs/phones.md does not name \(name)")
        }
    }
}
