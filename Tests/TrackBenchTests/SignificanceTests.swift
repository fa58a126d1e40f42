import Testing
@_spi(CLI) @testable import TrackBench

/// The one definition of a real difference, pinned against hand-computed cases.
struct SignificanceTests {
    @Test func fivePositiveDifferencesAreNotEnough() {
        // All 2^5 sign patterns are equally likely under no difference; only "all positive" reaches W+ = 15,
        // so the two-sided p is 2 x 1/32 = 0.0625, above 0.05.
        let result = Significance(first: [0, 0, 0, 0, 0], second: [1, 2, 3, 4, 5])
        #expect(result.pValue == 0.0625)
        #expect(!result.isReal && result.meanDifference == 3 && result.pairCount == 5)
        // sd 1.5811, t(0.975, 4) = 2.7764: half-width 2.7764 x 1.5811 / sqrt(5) = 1.9632.
        #expect(abs(result.meanDifferenceHalfWidth! - 1.9632) < 0.0001)
    }

    @Test func sixPositiveDifferencesAreReal() {
        // 2 x 1/64 = 0.03125.
        let result = Significance(first: [10, 10, 10, 10, 10, 10], second: [11, 12, 13, 14, 15, 16])
        #expect(result.pValue == 0.03125)
        #expect(result.isReal)
    }

    @Test func tiedMagnitudesShareTheirAverageRank() {
        // |d| = 1, 1, 1, 2 rank 2, 2, 2, 4; W+ = 2 + 2 + 4 = 8 of 10. Sign patterns with W+ >= 8:
        // {2,2,4} x 3 and {2,2,2,4}: 4 of 16, so p = 2 x 4/16 = 0.5.
        #expect(Significance.signedRankPValue([1, 1, -1, 2]) == 0.5)
    }

    @Test func zeroDifferencesAreDroppedAndAllZerosAreIdentical() {
        let same = Significance(first: [1, 2, 3], second: [1, 2, 3])
        #expect(same.nonZeroCount == 0 && same.pValue == 1 && !same.isReal)
        #expect(Significance(first: [0, 0, 0, 0, 0, 0, 0], second: [0, 1, 2, 3, 4, 5, 6]).pValue == 0.03125)
    }

    @Test func largeSamplesUseTheNormalApproximation() {
        // n = 50, all positive: W+ = 1275, mean 637.5, variance 50 x 51 x 101 / 24 = 10731.25,
        // z = (637.5 - 0.5) / 103.59 = 6.149, two-sided p = 7.8e-10.
        let p = Significance.signedRankPValue((1...50).map(Double.init))
        #expect(p > 7.0e-10 && p < 8.5e-10)
        // Balanced signs: no evidence at all.
        #expect(Significance.signedRankPValue((1...50).map { Double($0 % 2 == 0 ? $0 : -$0) }) > 0.5)
    }

    @Test func aSignificantButTinyDifferenceIsNoise() {
        // Consistent, but 0.5 % of the mean: below the 1 % noise threshold.
        let first = [Double](repeating: 100, count: 20)
        let result = Significance(first: first, second: first.map { $0 + 0.5 })
        #expect(result.pValue < 0.001 && !result.isReal)
    }

    @Test func pairsWithNaNOrInfinityAreLeftOut() {
        let result = Significance(first: [1, 2, .nan, 4], second: [2, 3, 4, .infinity])
        #expect(result.pairCount == 2 && result.meanDifference == 1)
    }

    @Test func confidenceIntervalUsesStudentsT() throws {
        // Mean 2, sd 1, n = 3: t(0.975, 2) = 4.3027, half-width 4.3027 / sqrt(3) = 2.4842.
        let halfWidth = try #require(Statistics.confidenceHalfWidth95([1, 2, 3]))
        #expect(abs(halfWidth - 2.4842) < 0.0001)
        #expect(Statistics.confidenceHalfWidth95([5]) == nil)
        #expect(abs(Statistics.tQuantile975(degreesOfFreedom: 60) - 2.0003) < 0.001)
    }

    @Test func rankingCountsSeedsWonAndComparesNeighbours() {
        func score(_ filter: String, _ scenario: String, _ seed: UInt64, error: Double) -> ScenarioScore {
            ScenarioScore(
                scenarioID: scenario, seed: seed, pathType: "loop", nominalDistanceMeters: 1000, speedMetersPerSecond: 2,
                signal: "strong", filter: filter, fixes: 100, estimatedFixes: 100,
                trueDistanceMeters: 1000, noisyDistanceMeters: 1030, estimatedDistanceMeters: 1000 + 10 * error,
                metrics: Fixtures.unmeasured
            )
        }
        var scores: [ScenarioScore] = []
        for seed: UInt64 in 1...4 {
            for scenario in ["a", "b", "c"] {
                // "good" wins seeds 1-3 by a wide margin; seed 4 goes to "fair".
                scores.append(score("good", scenario, seed, error: seed == 4 ? 2.0 : 0.5))
                scores.append(score("fair", scenario, seed, error: 1.5))
            }
        }
        let ranking = FilterRanking(scores: scores)
        #expect(ranking.entries.map(\.summary.filter) == ["good", "fair"])
        #expect(ranking.entries.map(\.seedsWon) == [3, 1])
        #expect(ranking.seedCount == 4)
        #expect(ranking.entries[0].confidenceHalfWidths[.errorPercent] != nil)
        let versus = try! #require(ranking.entries[0].versusNext)
        #expect(versus.pairCount == 12 && versus.isReal)
        #expect(ranking.entries[1].versusNext == nil)
    }
}
