import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
import TrackBenchTestSupport

/// Filters and helpers that work on longitudes give the same answer on a path across the antimeridian as on the same
/// path moved 10 degrees west, where longitudes do not jump from 180 to -180.
struct AntimeridianTests {
    /// A walk east at 3 m/s from 100 m west of 180 degrees (or of 170), with 4 m of noise per axis.
    private static func walk(in frame: LocalFrame) -> [LocationFix] {
        var generator = SplitMix64(seed: 7)
        var sampler = GaussianSampler()
        return (0..<120).map { index in
            let time = Double(index)
            return Fixtures.fix(
                frame,
                east: 3 * time + sampler.next(mean: 0, deviation: 4, using: &generator),
                north: sampler.next(mean: 0, deviation: 4, using: &generator),
                accuracy: 6,
                time: time
            )
        }
    }

    private static let across = LocalFrame(origin: Coordinate(latitude: -16.5, longitude: 179.999))
    private static let beside = LocalFrame(origin: Coordinate(latitude: -16.5, longitude: 169.999))

    @Test func theWalkCrossesTheAntimeridian() {
        let longitudes = Self.walk(in: Self.across).map(\.longitude)
        #expect(longitudes.first! > 179.99 && longitudes.last! < -179.99)
    }

    @Test(arguments: ["kalman", "running-average", "running-average-threshold:threshold=20", "least-squares", "cv-kalman", "rts-smoother"])
    func aFilterEstimatesTheSamePointsAcrossTheAntimeridianAsBesideIt(specification: String) throws {
        let filter = try FilterRegistry.builtIn.configuration(parsing: specification).makeFilter()
        let across = filter.estimatedPath(for: Path(Self.walk(in: Self.across))).fixes
        let beside = filter.estimatedPath(for: Path(Self.walk(in: Self.beside))).fixes
        try #require(across.count == beside.count && across.count > 100)
        #expect(across.allSatisfy { (-180...180).contains($0.longitude) })
        let largestMeters = zip(across, beside).map { pair in
            Self.across.point(for: pair.0.coordinate).distance(to: Self.beside.point(for: pair.1.coordinate))
        }.max()!
        #expect(largestMeters < 1e-3, "\(specification): \(largestMeters) m apart")
    }

    @Test func deadReckoningMovesEastPast180IntoNegativeLongitudes() {
        let moved = DeadReckoner.moved(Coordinate(latitude: 0, longitude: 179.9995), eastMeters: 111.32, northMeters: 0)
        #expect(abs(moved.longitude - -179.9995) < 1e-9)
    }

    @Test func longitudesWrapOnlyWhenOutsideAHalfTurn() {
        #expect(Longitude.degreesEast(from: 179.5, to: -179.5) == 1)
        #expect(Longitude.degreesEast(from: -179.5, to: 179.5) == -1)
        #expect(Longitude.degreesEast(from: 10.25, to: 12.5) == 2.25)
        #expect(Longitude.wrapped(181) == -179 && Longitude.wrapped(-181) == 179 && Longitude.wrapped(180) == 180)
    }
}
