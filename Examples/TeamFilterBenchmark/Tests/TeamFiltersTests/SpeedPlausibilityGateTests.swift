import Testing
import TeamFilters
import TrackBench

/// The team's filter tested on its own, as a team's package would: a library target its tests import.
struct SpeedPlausibilityGateTests {
    /// Fixes one second apart at these distances north of the equator, in metres.
    private func path(northMeters: [Double]) -> Path {
        let frame = LocalFrame(origin: Coordinate(latitude: 0, longitude: 0))
        return Path(northMeters.enumerated().map { second, north in
            let coordinate = frame.coordinate(for: LocalPoint(east: 0, north: north))
            return LocationFix(
                latitude: coordinate.latitude, longitude: coordinate.longitude, horizontalAccuracyMeters: 5,
                timestampSeconds: Double(second)
            )
        })
    }

    @Test func aFixThatWouldNeedMoreThanMaxSpeedIsDroppedAndTheWalkKept() throws {
        let registry = try FilterRegistry.builtIn.adding(SpeedPlausibilityGate.self)
        let gate = try registry.configuration(parsing: "speed-plausibility-gate:max-speed=8")
        // A walk at 1.5 m/s with one fix thrown 57 m ahead: 58.5 m in a second is no walk.
        let estimates = gate.makeFilter().estimatedPath(for: path(northMeters: [0, 1.5, 3, 63, 6, 7.5])).fixes
        #expect(estimates.map(\.timestampSeconds) == [0, 1, 2, 4, 5])
    }

    @Test func registeringTheFilterTwiceIsAnError() throws {
        let registry = try FilterRegistry.builtIn.adding(SpeedPlausibilityGate.self)
        #expect(throws: FilterRegistryError.self) { try registry.adding(SpeedPlausibilityGate.self) }
    }
}
