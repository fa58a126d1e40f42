import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
import TrackBenchTestSupport

/// The error's rare swells: how often they start, how far they go, how steeply, and that they leave the rest alone.
struct ExcursionChannelTests {
    private static func profile(perHour: Double, meters: Double, seconds: Double) -> SignalProfile {
        var profile = Fixtures.strongSignal
        profile.fixIntervalMeanSeconds = 1
        profile.excursionsPerHour = perHour
        profile.excursionMeters = meters
        profile.excursionSeconds = seconds
        return profile
    }

    @Test func theShapeRisesOverAQuarterHoldsOverHalfAndFallsBack() {
        #expect(ExcursionChannel.shape(atShare: 0) == 0)
        #expect(abs(ExcursionChannel.shape(atShare: 0.125) - 0.5) < 1e-12)
        #expect([0.25, 0.4, 0.5, 0.75].allSatisfy { abs(ExcursionChannel.shape(atShare: $0) - 1) < 1e-12 })
        #expect(abs(ExcursionChannel.shape(atShare: 0.875) - 0.5) < 1e-12)
        #expect(abs(ExcursionChannel.shape(atShare: 1)) < 1e-12)
    }

    @Test func excursionsStartAtTheirRateReachTheirPeakOnAverageAndNeverJump() throws {
        // 200 hours at 1 Hz, 10 an hour of 20 m over 40 s: about 2000 excursions (one under way blocks the next,
        // 40 s of each hour's 10 x 40 s, so 10 x (1 - 400 / 3600) = 8.9 an hour start).
        var channel = try #require(ExcursionChannel(profile: Self.profile(perHour: 10, meters: 20, seconds: 40), seed: 5, streamName: "swell"))
        var starts = 0
        var peaks: [Double] = []
        var previous = LocalPoint(east: 0, north: 0)
        var steepestRatio = 0.0
        var current = 0.0
        for _ in 0..<720_000 {
            let offset = channel.next(stopped: false)
            let size = offset.distance(to: LocalPoint(east: 0, north: 0))
            if size > 0, previous.distance(to: LocalPoint(east: 0, north: 0)) == 0 {
                starts += 1
                if current > 0 { peaks.append(current) }
                current = 0
            }
            current = max(current, size)
            // Each excursion's steepest step is 2 pi x peak / length x 1 s, and peak / length is the profile's.
            steepestRatio = max(steepestRatio, offset.distance(to: previous) / (2 * Double.pi * 20 / 40))
            previous = offset
        }
        let expected = 200 * 10 * (1 - 10 * 40 / 3600.0)
        #expect(abs(Double(starts) - expected) < 4 * expected.squareRoot(), "\(starts) excursions, about \(Int(expected)) expected")
        let meanPeak = peaks.reduce(0, +) / Double(peaks.count)
        #expect(abs(meanPeak - 20) < 0.5, "mean peak \(meanPeak) m")
        #expect(peaks.allSatisfy { $0 >= 10 - 1e-9 && $0 <= 30 + 1e-9 })
        #expect(steepestRatio <= 1 + 1e-9 && steepestRatio > 0.95, "steepest step over 2 pi x peak / length: \(steepestRatio)")
    }

    @Test func aProfileWithoutExcursionsHasNoChannelAndExcursionsMoveOnlyThePositions() {
        // Without a channel the noise model takes none of its draws (the committed results, gated in CI, pin that
        // such profiles simulate as before excursions existed); with one, only positions move, by its offsets.
        #expect(ExcursionChannel(profile: Self.profile(perHour: 0, meters: 20, seconds: 40), seed: 1, streamName: "swell") == nil)
        let simulate = { (signal: SignalProfile) in
            Scenario(pathType: .loop, distanceMeters: 20_000, speedMetersPerSecond: 2, signal: signal, origin: Fixtures.frame.origin)
                .simulate(seed: 4).noisyPath.fixes
        }
        let plain = simulate(Self.profile(perHour: 0, meters: 0, seconds: 0))
        let swelling = simulate(Self.profile(perHour: 20, meters: 15, seconds: 60))
        #expect(plain.count == swelling.count)
        let shifts = zip(plain, swelling).map { Fixtures.frame.point(for: $0.coordinate).distance(to: Fixtures.frame.point(for: $1.coordinate)) }
        #expect(shifts.filter { $0 < 1e-6 }.count > plain.count / 2, "most fixes lie outside an excursion, unmoved")
        #expect(shifts.contains { $0 > 7.5 } && shifts.allSatisfy { $0 < 22.5 + 1e-6 }, "largest shift \(shifts.max() ?? 0) m")
        #expect(zip(plain, swelling).allSatisfy {
            $0.horizontalAccuracyMeters == $1.horizontalAccuracyMeters && $0.speedMetersPerSecond == $1.speedMetersPerSecond
                && $0.courseDegrees == $1.courseDegrees && $0.timestampSeconds == $1.timestampSeconds
        })
    }
}
