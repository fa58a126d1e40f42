import Testing
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchMetrics

struct RadixSelectionTests {
    /// Spread like position errors (centimetres to kilometres), with exact ties and zeros mixed in.
    private func sample(count: Int, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { index in
            switch index % 7 {
            case 0: return 0
            case 1: return Double(generator.next() % 5)
            default: return generator.nextUnit() * [0.01, 1, 30, 5_000][Int(generator.next() % 4)]
            }
        }
    }

    @Test(arguments: [64, 65, 1_000, 2_331, 20_000])
    func everyRankAskedForIsTheSortedValue(count: Int) throws {
        let values = sample(count: count, seed: UInt64(count))
        let sorted = values.sorted()
        let ranks = [0, 1, count / 2, count / 2 + 1, count * 95 / 100, count - 2, count - 1]
        let selected = try #require(RadixSelection.values(ofRanks: ranks, in: values))
        for rank in ranks {
            #expect(selected[rank] == sorted[rank], "rank \(rank) of \(count)")
        }
    }

    @Test func equalValuesAndOneBucketStillSelect() throws {
        let values = [Double](repeating: 2.5, count: 100) + [2.5000000000000004]
        let selected = try #require(RadixSelection.values(ofRanks: [0, 99, 100], in: values))
        #expect(selected == [0: 2.5, 99: 2.5, 100: 2.5000000000000004])
    }

    @Test(arguments: [-1.0, -0.0, .infinity, .nan])
    func anythingButAFiniteNonNegativeValueLeavesItToTheHoareSelection(bad: Double) {
        var values = sample(count: 200, seed: 1)
        values[17] = bad
        #expect(RadixSelection.values(ofRanks: [100], in: values) == nil)
    }

    @Test func shortArraysAreLeftToTheHoareSelection() {
        #expect(RadixSelection.values(ofRanks: [3], in: sample(count: RadixSelection.minimumCount - 1, seed: 2)) == nil)
    }
}
