import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
import TrackBenchTestSupport

/// The chipset's own filter cuts corners without lagging on straights, and draws nothing random.
struct ChipsetSmootherTests {
    /// Points of a circle of `radius` metres run anticlockwise at `speed` m/s, one a second, with their courses.
    private static func circle(radius: Double, speed: Double, seconds: Int) -> [(point: LocalPoint, course: Double)] {
        (0...seconds).map { second in
            let angle = speed * Double(second) / radius
            // Anticlockwise from the east: heading north at the start, turning left.
            let point = LocalPoint(east: radius * cos(angle), north: radius * sin(angle))
            return (point, Bearing.normalized(-angle * 180 / .pi))
        }
    }

    @Test func onABendTheSmoothedPathRunsInsideAtTheRadiusTheTimeConstantGives() throws {
        // R / (1 + (v τ / R)²): 50 m at 10 m/s with τ = 2 s gives 43.1 m.
        var smoother = try #require(ChipsetSmoother(timeConstantSeconds: 2))
        let radii = Self.circle(radius: 50, speed: 10, seconds: 120).enumerated().map { second, sample in
            let point = smoother.smoothed(sample.point, atTime: Double(second), courseDegrees: sample.course)
            return (point.east * point.east + point.north * point.north).squareRoot()
        }
        let expected = 50 / (1 + (10.0 * 2 / 50) * (10.0 * 2 / 50))
        for radius in radii.dropFirst(30) {
            #expect(abs(radius - expected) < 0.05 * expected, "radius \(radius) m, expected about \(expected) m")
        }
    }

    @Test func onAStraightTheSmoothedPointIsTheTruePoint() throws {
        var smoother = try #require(ChipsetSmoother(timeConstantSeconds: 5))
        for second in 0..<60 {
            let point = LocalPoint(east: 3 * Double(second), north: 4 * Double(second))
            let smoothed = smoother.smoothed(point, atTime: Double(second), courseDegrees: atan2(3, 4) * 180 / .pi)
            #expect(smoothed.distance(to: point) < 1e-9, "second \(second): \(smoothed) against \(point)")
        }
    }

    @Test func noSmoothingIsNoSmoother() {
        #expect(ChipsetSmoother(timeConstantSeconds: 0) == nil)
    }

    @Test func smoothingShortensAPathWithCornersAndDrawsNothingRandom() {
        func simulated(_ pathType: PathType, smoothing: Double) -> Path {
            var signal = SignalProfile.strong
            signal.chipsetSmoothingSeconds = smoothing
            let scenario = Scenario(pathType: pathType, distanceMeters: 2000, speedMetersPerSecond: 10, stopSeconds: 0, signal: signal,
                                    origin: Fixtures.frame.origin)
            return scenario.simulate(seed: 7).noisyPath
        }
        // Due north, the smoother moves nothing: the same draws give the same fixes.
        let straight = (simulated(.straight, smoothing: 0), simulated(.straight, smoothing: 3))
        #expect(straight.0.count == straight.1.count)
        for (plain, smoothed) in zip(straight.0.fixes, straight.1.fixes) {
            #expect(abs(plain.latitude - smoothed.latitude) < 1e-9 && abs(plain.longitude - smoothed.longitude) < 1e-9)
        }
        // On a circle of 2 km at 10 m/s (radius 318 m), 3 s shortens the path by about 1 - 1 / (1 + 0.0089).
        let loop = (simulated(.loop, smoothing: 0).totalDistanceMeters, simulated(.loop, smoothing: 3).totalDistanceMeters)
        #expect(loop.1 < loop.0 - 10, "\(loop.1) m smoothed against \(loop.0) m")
    }
}
