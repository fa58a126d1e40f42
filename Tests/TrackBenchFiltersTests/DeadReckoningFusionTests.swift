import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct DeadReckoningFusionTests {
    /// A walk due east at 1 m/s for `seconds`: a fix every second (none inside `gap`, with `accuracy`), a compass
    /// sample every half second and a pedometer update of two 0.5 m steps every second, from a known start at the
    /// origin; fixes after the start lie `fixOffsetMeters` north of the truth.
    private func walkEast(seconds: Int, gap: ClosedRange<Int>? = nil, accuracy: Double = 5, fixOffsetMeters: Double = 0) -> [SensorEvent] {
        var events: [SensorEvent] = []
        for second in 0...seconds {
            let time = Double(second)
            if gap?.contains(second) != true || second == 0 {
                let fix = Fixtures.fix(
                    Fixtures.frame, east: time, north: second == 0 ? 0 : fixOffsetMeters, accuracy: second == 0 ? 0 : accuracy, time: time)
                events.append(.fix(fix))
            }
            guard second > 0 else { continue }
            events.append(.heading(Fixtures.heading(90, time: time - 0.5)))
            events.append(.heading(Fixtures.heading(90, time: time)))
            events.append(.steps(StepEvent(timeSeconds: time, steps: 2, gait: .walk)))
        }
        return events
    }

    private func run(_ events: [SensorEvent], _ overrides: [String: Double] = ["walk-stride": 0.5]) -> [LocationFix] {
        var filter = DeadReckoningFusion(settings: FilterSettings(overrides: overrides))
        var estimates: [LocationFix] = []
        filter.run(over: events, into: &estimates)
        return estimates
    }

    @Test func carriesThePositionThroughADropoutOnStepsAndCompass() throws {
        let estimates = run(walkEast(seconds: 90, gap: 1...90))
        let last = try #require(estimates.last)
        #expect(Fixtures.frame.point(for: last.coordinate).distance(to: LocalPoint(east: 90, north: 0)) < 0.5)
        // The uncertainty grows with every metre dead-reckoned.
        #expect(last.horizontalAccuracyMeters > 0.2 * 89)
    }

    @Test func reanchorsOnGoodFixesAfterTheDropout() throws {
        // The steps run east; the fixes after the gap say 8 m further north, and win.
        let events = walkEast(seconds: 120, gap: 1...60, fixOffsetMeters: 8)
        let last = try #require(run(events).last)
        #expect(abs(Fixtures.frame.point(for: last.coordinate).north - 8) < 1)
    }

    @Test func passesOverFixesWorseThanTheMaximumAccuracy() throws {
        let events = walkEast(seconds: 120, gap: 1...60, accuracy: 40, fixOffsetMeters: 8)
        let last = try #require(run(events).last)
        #expect(abs(Fixtures.frame.point(for: last.coordinate).north) < 0.01)
    }

    @Test func givesAnEstimatePerFixAndPerUpdateOnlyWhileGPSIsSilent() {
        // Fixes every second: one estimate per fix, none per update (they would zig-zag between the two pulls).
        let events = walkEast(seconds: 10)
        let fixes = events.filter { if case .fix = $0 { return true } else { return false } }.count
        #expect(run(events).count == fixes)
        // 30 s without fixes: an estimate per update once GPS has been silent for more than 10 s.
        let tunnel = walkEast(seconds: 40, gap: 1...30)
        let tunnelFixes = tunnel.filter { if case .fix = $0 { return true } else { return false } }.count
        #expect(run(tunnel).count == tunnelFixes + (30 - Int(DeadReckoningFusion.extrapolationLimitSeconds)))
    }

    @Test func comparesAFixWithThePositionRunOnToItsTime() throws {
        // A jog due east at 4 m/s with exact steps, compass and fixes: each fix arrives a second after the last
        // update, where the position has been run on to. Comparing the fix with the position before the run-on
        // would take the second's 4 m for an innovation and push the estimate ahead of the runner.
        var events: [SensorEvent] = [.fix(Fixtures.fix(Fixtures.frame, east: 0, north: 0, accuracy: 0, time: 0))]
        for second in 1...60 {
            let time = Double(second)
            events.append(.fix(Fixtures.fix(Fixtures.frame, east: 4 * time, north: 0, accuracy: 5, time: time)))
            events.append(.heading(Fixtures.heading(90, time: time - 0.5)))
            events.append(.heading(Fixtures.heading(90, time: time)))
            events.append(.steps(StepEvent(timeSeconds: time, steps: 2, gait: .jog)))
        }
        // From the second fix on: the first comes before any update has given a velocity.
        for estimate in run(events, ["jog-stride": 2]) where estimate.timestampSeconds >= 2 {
            let east = Fixtures.frame.point(for: estimate.coordinate).east
            #expect(abs(east - 4 * estimate.timestampSeconds) < 0.2)
        }
    }
}
