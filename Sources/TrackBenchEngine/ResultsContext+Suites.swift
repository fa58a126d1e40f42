import TrackBenchFormats
import TrackBenchMetrics
import TrackBenchModel

extension ResultsContext {
    /// The context of a run of `suite` under `seeds` by this TrackBench.
    package init(suite: ScenarioSuite, seeds: SeedRange, shard: Shard? = nil, demArcSeconds: [Int]? = nil) {
        self.init(
            suiteName: suite.name, suiteFingerprint: suite.fingerprint, seeds: seeds, version: Self.currentVersion, schema: Self.currentSchema,
            shard: shard
        )
        self.demArcSeconds = demArcSeconds
    }

    /// The context of a replay of a recording suite by this TrackBench: one seed, since nothing is drawn at random.
    package init(recordings suite: RecordingSuite, shard: Shard? = nil, demArcSeconds: [Int]? = nil) {
        self.init(suiteName: suite.name, suiteFingerprint: suite.fingerprint, seeds: SeedRange(RecordingReplay.seed),
                  version: Self.currentVersion, schema: Self.currentSchema, shard: shard)
        self.demArcSeconds = demArcSeconds
    }
}
