import TrackBenchModel

/// How one filter did on one scenario under one seed: one row of `results.csv`.
///
/// Distances are great-circle path lengths in metres; errors are signed
/// percentages of the true distance (positive = the path came out too long).
public struct ScenarioScore: Sendable, Hashable {
    /// The scenario id, such as `loop-5000m-2.8mps-weak`.
    public var scenarioID: String
    /// The seed the scenario was simulated with.
    public var seed: UInt64
    /// The scenario's path type, such as `loop`.
    package var pathType: String
    /// The scenario's nominal distance, in metres.
    package var nominalDistanceMeters: Double
    /// The scenario's speed, in metres per second.
    package var speedMetersPerSecond: Double
    /// The gait of a dead-reckoning scenario, such as `power-walk`; nil for a scenario given by its speed and for
    /// recordings (`results.csv` writes an empty field).
    package var gait: String?
    /// How long the scenario's runner stands still halfway, in seconds; 0 = no stop.
    package var stopSeconds: Double
    /// The scenario's signal profile name, such as `weak`.
    package var signal: String
    /// The scenario's terrain name, such as `hills`; nil on level ground without a terrain and for recordings
    /// (`results.csv` writes an empty field).
    package var terrain: String?
    /// The true path's elevation gain over its terrain, in metres; nil without a terrain.
    package var trueGainMeters: Double?
    /// The filter's label, such as `kalman` or `kalman:q=2.5`.
    public var filter: String
    /// The filter's specification, from which it can be rebuilt: the label unless the user chose one.
    package var filterSpecification: String
    /// Noisy fixes fed to the filter.
    package var fixes: Int
    /// Estimates the filter produced.
    package var estimatedFixes: Int
    /// Length of the true path (its fixes joined by great circles), in metres.
    package var trueDistanceMeters: Double
    /// Length of the noisy path, in metres.
    package var noisyDistanceMeters: Double
    /// Length of the filter's estimated path, in metres.
    package var estimatedDistanceMeters: Double
    /// Position, lag, drift, gap and speed metrics of the estimates.
    package var metrics: EstimateMetrics
    /// Where the truth comes from: simulated for a scenario; for a recording, how its truth was aligned.
    package var truth = Truth.simulated
    /// A recording's tags, such as `device` or `activity`; empty for a scenario.
    package var tags: [String: String] = [:]

    /// Where a row's truth comes from, named as `results.csv` writes it in its `truth` column.
    package enum Truth: String, Sendable, Hashable, CaseIterable {
        /// A simulated scenario's exact true track.
        case simulated
        /// A recording's reference with times, aligned by time.
        case time
        /// A recording's route without times: position errors are distances to it.
        case route
        /// A recording's timed checkpoints: position errors at the checkpoints' times only.
        case checkpoints
        /// Only a recording's known length.
        case distance
    }

    /// Whether the row comes from a replayed recording rather than a simulated scenario.
    package var isReplay: Bool { truth != .simulated }

    /// Creates a score row.
    package init(
        scenarioID: String,
        seed: UInt64 = SeedRange.defaultSeed,
        pathType: String,
        nominalDistanceMeters: Double,
        speedMetersPerSecond: Double,
        stopSeconds: Double = 0,
        signal: String,
        filter: String,
        filterSpecification: String? = nil,
        fixes: Int,
        estimatedFixes: Int,
        trueDistanceMeters: Double,
        noisyDistanceMeters: Double,
        estimatedDistanceMeters: Double,
        metrics: EstimateMetrics
    ) {
        self.scenarioID = scenarioID
        self.seed = seed
        self.pathType = pathType
        self.nominalDistanceMeters = nominalDistanceMeters
        self.speedMetersPerSecond = speedMetersPerSecond
        self.stopSeconds = stopSeconds
        self.signal = signal
        self.filter = filter
        self.filterSpecification = filterSpecification ?? filter
        self.fixes = fixes
        self.estimatedFixes = estimatedFixes
        self.trueDistanceMeters = trueDistanceMeters
        self.noisyDistanceMeters = noisyDistanceMeters
        self.estimatedDistanceMeters = estimatedDistanceMeters
        self.metrics = metrics
    }

    /// The estimated path's total-distance error, in signed percent of the true distance.
    public var errorPercent: Double {
        Self.errorPercent(of: estimatedDistanceMeters, against: trueDistanceMeters)
    }

    /// The noisy path's total-distance error, in signed percent: what the filter started from.
    public var noisyErrorPercent: Double {
        Self.errorPercent(of: noisyDistanceMeters, against: trueDistanceMeters)
    }

    /// Whether the filter brought the distance closer to the truth than the raw
    /// noisy path was: the pass rule of the running-app GPS test harness
    /// TrackBench grew from (Phillips 2019, Docs/sources.md).
    public var improved: Bool { abs(errorPercent) < abs(noisyErrorPercent) }

    /// Identifies the (scenario, filter, seed): a results file holds each once.
    package var key: Key { Key(scenarioID: scenarioID, filter: filter, seed: seed) }

    /// The run the score comes from: its scenario under its seed, shared by every filter scored on it.
    package var run: Run { Run(seed: seed, scenarioID: scenarioID) }

    /// One scenario under one seed: the unit of work a benchmark runs, shards deal out and comparisons pair on.
    package struct Run: Sendable, Hashable, Comparable {
        /// The seed.
        package var seed: UInt64
        /// The scenario id.
        package var scenarioID: String

        /// Creates a run's identity.
        package init(seed: UInt64, scenarioID: String) {
            self.seed = seed
            self.scenarioID = scenarioID
        }

        /// Seed first, then scenario id.
        package static func < (lhs: Run, rhs: Run) -> Bool {
            (lhs.seed, lhs.scenarioID) < (rhs.seed, rhs.scenarioID)
        }
    }

    /// What identifies a row of a results file.
    package struct Key: Sendable, Hashable {
        /// The scenario id.
        package var scenarioID: String
        /// The filter label.
        package var filter: String
        /// The seed.
        package var seed: UInt64
    }

    /// The signed error of `measured` against `truth`, in percent; 0 when both are 0.
    static func errorPercent(of measured: Double, against truth: Double) -> Double {
        guard truth > 0 else { return measured == 0 ? 0 : .infinity }
        return (measured - truth) / truth * 100
    }
}
