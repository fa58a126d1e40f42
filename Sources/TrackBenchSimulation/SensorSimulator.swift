import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// Simulates a phone's pedometer and compass along a dead-reckoning scenario's true path (`SensorProfile`).
///
/// The person steps along the path: their mean stride for each activity is
/// the profile's mean plus its `walkerStrideDeviationMeters` times one
/// normal draw for the run (the same draw for every activity: one person),
/// and each true stride is that plus `strideDeviationMeters` times a draw of
/// its own, floored at a tenth of the profile's mean. A step ends where the
/// strides add up to, at the time the scenario's steady pace reaches that
/// point (so stops and a mixed gait's stretches come from the scenario). The
/// last step ends exactly at the end of the path. The pedometer reports at
/// intervals uniform between its minimum and maximum, and at the end of the
/// run, the steps that ended since its last report, each missed with
/// `missedStepProbability` and followed by a counted step not taken with
/// `extraStepProbability`, with the activity at the report. The compass
/// reports every `compassIntervalSeconds` from time 0: where the phone
/// points (the true course, held during a stop, plus the phone's offset
/// drawn once per run, plus `phoneTurnDegrees` for `phoneTurnSeconds` from
/// each change of a mixed gait's activity) passed through a first-order low-pass with time
/// constant `headingLagSeconds`, plus the wandering bias and white noise,
/// minus the declination, wrapped into 0..<360.
///
/// It draws from its own stream, so adding sensors never changes a
/// scenario's fixes.
struct SensorSimulator {
    /// The scenario; it must have a gait and sensors.
    let scenario: Scenario
    /// The sensor profile.
    let sensors: SensorProfile

    /// Creates a simulator for a scenario with sensors, or nil for one without.
    init?(scenario: Scenario) {
        guard let sensors = scenario.sensors, scenario.gait != nil else { return nil }
        self.scenario = scenario
        self.sensors = sensors
    }

    /// The pedometer updates and compass samples, each in time order.
    func readings<Generator: RandomNumberGenerator>(using generator: inout Generator) -> (steps: [StepEvent], headings: [HeadingEvent]) {
        var gaussian = GaussianSampler()
        let stepTimes = trueStepTimes(gaussian: &gaussian, using: &generator)
        let steps = pedometerUpdates(stepTimes: stepTimes, using: &generator)
        let headings = compassSamples(gaussian: &gaussian, using: &generator)
        return (steps, headings)
    }

    /// When each true step ends, in seconds, in order.
    private func trueStepTimes<Generator: RandomNumberGenerator>(gaussian: inout GaussianSampler, using generator: inout Generator) -> [Double] {
        let total = scenario.distanceMeters
        let stretches = scenario.gait?.stretches ?? []
        var times: [Double] = []
        times.reserveCapacity(Int(total / sensors.profile(for: stretches[0]).strideMeters * 1.2) + 2)
        let walker = gaussian.next(using: &generator)
        var covered = 0.0
        for (index, activity) in stretches.enumerated() {
            let profile = sensors.profile(for: activity)
            let walkerStride = profile.strideMeters + profile.walkerStrideDeviationMeters * walker
            let stretchEnd = index == stretches.count - 1 ? total : total * Double(index + 1) / Double(stretches.count)
            while covered < stretchEnd {
                let length = max(profile.strideMeters / 10, walkerStride + profile.strideDeviationMeters * gaussian.next(using: &generator))
                covered = index == stretches.count - 1 ? min(covered + length, total) : covered + length
                times.append(scenario.timeSeconds(atDistanceMeters: covered))
            }
        }
        return times
    }

    /// The pedometer's reports of `stepTimes`.
    private func pedometerUpdates<Generator: RandomNumberGenerator>(stepTimes: [Double], using generator: inout Generator) -> [StepEvent] {
        let end = scenario.durationSeconds
        let shortest = sensors.pedometerIntervalMinimumSeconds
        let spread = sensors.pedometerIntervalMaximumSeconds - shortest
        var updates: [StepEvent] = []
        updates.reserveCapacity(Int(end / shortest) + 2)
        var next = 0
        var time = 0.0
        while time < end {
            time = min(time + shortest + spread * generator.nextUnit(), end)
            var counted = 0
            while next < stepTimes.count, stepTimes[next] <= time || time == end {
                if generator.nextUnit() >= sensors.missedStepProbability { counted += 1 }
                if generator.nextUnit() < sensors.extraStepProbability { counted += 1 }
                next += 1
            }
            updates.append(StepEvent(timeSeconds: time, steps: counted, gait: scenario.activity(atTime: time) ?? .walk))
        }
        return updates
    }

    /// The compass's samples over the whole run.
    private func compassSamples<Generator: RandomNumberGenerator>(
        gaussian: inout GaussianSampler, using generator: inout Generator
    ) -> [HeadingEvent] {
        let end = scenario.durationSeconds
        let interval = sensors.compassIntervalSeconds
        let offset = gaussian.next(mean: 0, deviation: sensors.phoneOffsetDeviationDegrees, using: &generator)
        var bias = DriftProcess(
            timeConstantSeconds: sensors.headingBiasTimeConstantSeconds, stepSeconds: interval, gaussian: &gaussian, using: &generator
        )
        // The low-pass's share of the way to the phone's new direction per sample: all of it without a lag.
        let following = sensors.headingLagSeconds > 0 ? 1 - exp(-interval / sensors.headingLagSeconds) : 1
        let count = Int((end / interval).rounded(.down)) + 1
        var samples: [HeadingEvent] = []
        samples.reserveCapacity(count)
        var sensed = course(atTime: 0) + offset
        let turns = phoneTurnStartTimes
        for index in 0..<count {
            let time = Double(index) * interval
            let turned = turns.contains { time >= $0 && time < $0 + sensors.phoneTurnSeconds }
            let pointing = course(atTime: time) + offset + (turned ? sensors.phoneTurnDegrees : 0)
            // Along the shorter way round, so a turn through north does not spin the other way.
            sensed += following * Bearing.turn(from: sensed, to: pointing)
            let noise = gaussian.next(mean: 0, deviation: sensors.headingNoiseDeviationDegrees, using: &generator)
            let heading = sensed + sensors.headingBiasDeviationDegrees * bias.value + noise - sensors.declinationDegrees
            samples.append(
                HeadingEvent(timeSeconds: time, magneticHeadingDegrees: Bearing.normalized(heading), declinationDegrees: sensors.declinationDegrees)
            )
            _ = bias.advance(gaussian: &gaussian, using: &generator)
        }
        return samples
    }

    /// When the phone is turned: at each change of a mixed gait's activity, in seconds since the start; none for a single
    /// activity or a profile without a turn.
    private var phoneTurnStartTimes: [Double] {
        let stretches = scenario.gait?.stretches ?? []
        guard sensors.phoneTurnDegrees != 0, sensors.phoneTurnSeconds > 0, stretches.count > 1 else { return [] }
        return (1..<stretches.count).map { change in
            scenario.timeSeconds(atDistanceMeters: scenario.distanceMeters * Double(change) / Double(stretches.count))
        }
    }

    /// The true course at `timeSeconds`, in degrees clockwise from north.
    private func course(atTime timeSeconds: Double) -> Double {
        scenario.pathType.position(
            atDistanceMeters: scenario.distanceCoveredMeters(atTime: timeSeconds), totalMeters: scenario.distanceMeters
        ).courseDegrees
    }
}
