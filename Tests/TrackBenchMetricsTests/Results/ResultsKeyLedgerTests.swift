import Testing
@testable import TrackBenchSimulation
@testable import TrackBenchMetrics

/// The keys of a results file, held in a few segments per scenario whatever the number of seeds.
struct ResultsKeyLedgerTests {
    private func key(_ scenario: String, _ filter: String, _ seed: UInt64) -> ScenarioScore.Key {
        ScenarioScore.Key(scenarioID: scenario, filter: filter, seed: seed)
    }

    @Test func aFileInRunOrderTakesTwoSegmentsPerScenarioAtMostWhateverTheSeeds() {
        var ledger = ResultsKeyLedger()
        for seed in UInt64(1)...3_000 {
            for scenario in ["a", "b", "c"] {
                for filter in ["raw", "kalman"] {
                    let wasInserted = ledger.insert(key(scenario, filter, seed))
                    #expect(wasInserted)
                }
            }
            #expect(ledger.segmentCount <= 6)
        }
        #expect(ledger.segmentCount == 3)
        #expect(ledger.contains(key("b", "kalman", 1_500)) && !ledger.contains(key("b", "ema", 1_500)) && !ledger.contains(key("b", "raw", 3_001)))
    }

    @Test func keysInAnyOrderAreHeldExactlyAndRefusedTwice() {
        var ledger = ResultsKeyLedger()
        var inserted: Set<ScenarioScore.Key> = []
        var generator = SplitMix64(seed: 5)
        for _ in 0..<2_000 {
            let candidate = key(["a", "b"][Int(generator.next() % 2)], ["raw", "kalman", "ema"][Int(generator.next() % 3)], generator.next() % 40)
            let isNew = inserted.insert(candidate).inserted
            let wasInserted = ledger.insert(candidate)
            #expect(wasInserted == isNew)
        }
        for seed in UInt64(0)..<41 {
            for scenario in ["a", "b"] {
                for filter in ["raw", "kalman", "ema"] {
                    #expect(ledger.contains(key(scenario, filter, seed)) == inserted.contains(key(scenario, filter, seed)))
                }
            }
        }
    }
}
