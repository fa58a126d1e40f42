import TrackBenchFilters
import TrackBenchModel
import TrackBenchSimulation
/// How much CPU time a filter takes per fix, measured by running it over simulated paths.
///
/// A phone runs its location filter on every fix for hours, so a tuning's
/// cost matters beside its accuracy. The time covers exactly what the
/// benchmark asks of a filter: a fresh filter per path, every fix fed in
/// delivery order (with sensors or a barometer, every event in time order),
/// `finish`, and the estimates appended to a buffer that is reused (so
/// allocation is not measured). Scoring is not included.
///
/// This is the one output of TrackBench that is not deterministic: it
/// depends on the machine, the build (measure a release build) and what else
/// the machine is doing. The median over repetitions keeps one slow
/// repetition from moving it.
package struct FilterSpeed: Sendable {
    /// The filter's label.
    package var label: String
    /// The median time per fix fed into the filter, in nanoseconds.
    package var nanosecondsPerFix: Double
    /// For a pipeline, each stage's median time when run alone on what the
    /// stages before it let through, per fix fed into the pipeline, in
    /// nanoseconds; their sum is what the stages cost without the pipeline.
    /// Empty for a single filter.
    package var stageNanosecondsPerFix: [Double]

    /// The pipeline's time over the sum of its stages' times; nil for a single filter or stages too fast to time.
    package var pipelineOverhead: Double? {
        let stages = stageNanosecondsPerFix.reduce(0, +)
        guard !stageNanosecondsPerFix.isEmpty, stages > 0 else { return nil }
        return nanosecondsPerFix / stages
    }

    /// What one timed run feeds a filter: a noisy path's fixes, or, for a scenario with sensors or a barometer,
    /// its whole event stream, as the benchmark feeds it.
    package struct Input: Sendable {
        /// The delivered fixes; their count is what times are divided by.
        package var path: Path
        /// The event stream the fixes are part of, or nil to feed the fixes alone.
        package var events: [SensorEvent]?

        /// Feeds the fixes of `path` alone.
        package init(path: Path) {
            self.path = path
            events = nil
        }

        /// Feeds what the benchmark feeds a filter in `scenario`: its event stream when it has one, else its noisy path.
        package init(_ scenario: SimulatedScenario) {
            path = scenario.noisyPath
            events = scenario.events
        }

        /// Runs a copy of `filter` over this input, replacing the contents of `buffer` with its estimates.
        func run(_ filter: any LocationFilter, into buffer: inout [LocationFix]) {
            guard let events else { return filter.estimate(path, into: &buffer) }
            var filter = filter
            buffer.removeAll(keepingCapacity: true)
            filter.run(over: events, into: &buffer)
        }
    }

    /// Times each filter on `inputs`, interleaving filters and stages within every repetition so a change in
    /// the machine's speed affects them alike.
    ///
    /// A pipeline's stages are timed alone on what the stages before it let
    /// through, which is a path only when no input has events; with events
    /// the pipeline is timed whole and its stage times are empty.
    /// - Parameters:
    ///   - filters: The filters to time.
    ///   - inputs: What to feed them, for example a suite's simulated scenarios.
    ///   - repetitions: Timed runs over all inputs per filter, after one untimed warm-up; at least 1.
    /// - Returns: One figure per filter, in order; zero times when the inputs have no fixes.
    package static func measure(_ filters: [FilterConfiguration], on inputs: [Input], repetitions: Int) -> [FilterSpeed] {
        let fixes = inputs.reduce(0) { $0 + $1.path.count }
        let clock = ContinuousClock()
        var buffer: [LocationFix] = []
        buffer.reserveCapacity(inputs.map { $0.events?.count ?? $0.path.count }.max() ?? 0)
        let timesStages = inputs.allSatisfy { $0.events == nil }

        /// Each timed unit: a filter, or one stage of a pipeline with the inputs it sees inside the pipeline.
        struct Unit {
            var filter: FilterConfiguration
            var inputs: [Input]
            var durations: [Duration] = []
        }
        var units: [[Unit]] = filters.map { configuration in
            var units = [Unit(filter: configuration, inputs: inputs)]
            guard configuration.stages.count > 1, timesStages else { return units }
            var stageInputs = inputs
            for stage in configuration.stages {
                let single = FilterConfiguration(stages: [stage])
                units.append(Unit(filter: single, inputs: stageInputs))
                stageInputs = stageInputs.map { Input(path: single.makeFilter().estimatedPath(for: $0.path)) }
            }
            return units
        }
        func time(_ unit: Unit) -> Duration {
            clock.measure {
                for input in unit.inputs {
                    input.run(unit.filter.makeFilter(), into: &buffer)
                }
            }
        }
        for repetition in 0...max(1, repetitions) {
            for filterIndex in units.indices {
                for unitIndex in units[filterIndex].indices {
                    let duration = time(units[filterIndex][unitIndex])
                    // Repetition 0 warms caches and the branch predictor, and is not counted.
                    if repetition > 0 { units[filterIndex][unitIndex].durations.append(duration) }
                }
            }
        }
        func perFix(_ unit: Unit) -> Double {
            guard fixes > 0 else { return 0 }
            let sorted = unit.durations.sorted()
            let median = sorted[(sorted.count - 1) / 2]
            let (seconds, attoseconds) = median.components
            return (Double(seconds) * 1e9 + Double(attoseconds) * 1e-9) / Double(fixes)
        }
        return units.map { units in
            FilterSpeed(label: units[0].filter.label, nanosecondsPerFix: perFix(units[0]), stageNanosecondsPerFix: units.dropFirst().map(perFix))
        }
    }
}
