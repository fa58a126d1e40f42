import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchSimulation
import TrackBenchTestSupport

/// A phone simulated on a recorded route (`calibrate`'s replays) against one on a scenario's shape.
struct RecordedRouteSimulationTests {
    /// `strong` without faults, one fix a second exactly.
    private static var signal: SignalProfile {
        var signal = Fixtures.strongSignal
        signal.faults = .none
        signal.fixIntervalMeanSeconds = 1
        signal.fixIntervalDeviationSeconds = 0
        return signal
    }

    @Test func aRecordedRoutesFixesStopAtTheClocksLastWhereAScenarioLandsOneOnItsFinish() {
        // A route of 10.4 s: a phone logging every second has its last fix at 10 s; a fix clamped onto 10.4 s made
        // one short interval in every replay, which the phone's own recording does not have.
        let times = (0...20).map { Double($0) / 2 } + [10.4]
        let track = TimedTrack(times: times, points: times.map { LocalPoint(east: 2 * $0, north: 0) })
        let replayed = track.simulate(signal: Self.signal, in: Fixtures.frame, seed: 1, streamName: "route").truePath
        #expect(replayed.fixes.map(\.timestampSeconds) == (0...10).map(Double.init))
        let scenario = Scenario(pathType: .loop, distanceMeters: 105, speedMetersPerSecond: 10, signal: Self.signal, origin: Fixtures.frame.origin)
        let finished = scenario.simulate(seed: 1).truePath.fixes.map(\.timestampSeconds)
        #expect(finished.count == 12 && finished.last == 10.5, "a scenario's fixes: \(finished)")
    }
}
