import Foundation
import Testing
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchMetrics
@testable import TrackBenchReports
import TrackBenchTestSupport

/// The one definition of a real difference, pinned against hand-computed cases.
struct SignificanceTests {
    @Test func fivePositiveDifferencesAreNotEnough() {
        // All 2^5 sign patterns are equally likely under no difference; only "all positive" has no Walsh average
        // at or below zero, so the two-sided p is 2 x 1/32 = 0.0625, above 0.05, and no 95 % interval exists.
        let result = Significance(first: [0, 0, 0, 0, 0], second: [1, 2, 3, 4, 5])
        #expect(result.pValue == 0.0625)
        #expect(!result.isReal && result.pairCount == 5 && result.interval == nil)
        // The Walsh averages of 1...5 are the 15 values (i + j) / 2; their median is 3.
        #expect(result.estimate == 3)
    }

    @Test func sixPositiveDifferencesAreReal() throws {
        // 2 x 1/64 = 0.03125; the 95 % interval drops no average (P(W <= 0) = 1/64 is the only tail within 0.025),
        // so it runs from the smallest Walsh average (1) to the largest (6).
        let result = Significance(first: [10, 10, 10, 10, 10, 10], second: [11, 12, 13, 14, 15, 16])
        #expect(result.pValue == 0.03125)
        #expect(result.isReal && result.estimate == 3.5)
        let interval = try #require(result.interval)
        #expect(interval.lower == 1 && interval.upper == 6)
    }

    @Test func zerosCountOnBothSidesOfZero() {
        // Sorted differences -1, 1, 1, 2: Walsh averages -1, 0, 0, 0.5, 1, 1, 1, 1.5, 1.5, 2. Three lie at or below
        // zero; P(W <= 3) for n = 4 is 5/16 (sums 0, 1, 2, 3, 3), so p = 2 x 5/16 = 0.625.
        let result = Significance(first: [0, 0, 0, 0], second: [1, 1, -1, 2])
        #expect(result.pValue == 0.625)
        #expect(result.estimate == 1)
    }

    @Test func identicalValuesHaveNoDifferenceAndPOne() {
        let same = Significance(first: [1, 2, 3], second: [1, 2, 3])
        #expect(same.nonZeroCount == 0 && same.pValue == 1 && !same.isReal && same.estimate == 0)
    }

    @Test func oneSampleHasNoTest() {
        let one = Significance(first: [1], second: [3])
        #expect(one.pValue == nil && one.interval == nil && !one.hasTest && !one.isSignificant)
        #expect(one.estimate == 2 && one.pairCount == 1)
    }

    @Test func largeSamplesUseTheNormalApproximation() {
        // n = 60, all positive: no Walsh average at or below zero; mean 915, variance 60 x 61 x 121 / 24 = 18452.5,
        // z = (0 + 0.5 - 915) / 135.84 = -6.732, two-sided p = 1.67e-11.
        let p = Significance(first: [Double](repeating: 0, count: 60), second: (1...60).map(Double.init)).pValue!
        #expect(p > 1.6e-11 && p < 1.8e-11)
        // Balanced signs: no evidence at all.
        let balanced = Significance(first: [Double](repeating: 0, count: 60), second: (1...60).map { Double($0 % 2 == 0 ? $0 : -$0) })
        #expect(balanced.pValue! > 0.5)
    }

    @Test func aSignificantButTinyDifferenceIsNoise() {
        // Consistent, but 0.5 % of the mean: below the 1 % noise threshold.
        let first = (0..<20).map { 100 + Double($0) }
        let result = Significance(first: first, second: first.map { $0 + 0.5 })
        #expect(result.pValue! < 0.001 && result.isSignificant && !result.isReal)
    }

    @Test func pairsWithNaNOrInfinityAreLeftOut() {
        let result = Significance(first: [1, 2, .nan, 4], second: [2, 3, 4, .infinity])
        #expect(result.pairCount == 2 && result.estimate == 1)
    }

    /// Random paired differences: normal noise of deviation 1 plus `shift`, from a seeded generator.
    private func differences(_ n: Int, shift: Double, generator: inout SplitMix64) -> [Double] {
        var gaussian = GaussianSampler()
        return (0..<n).map { _ in shift + gaussian.next(using: &generator) }
    }

    @Test func theIntervalExcludesZeroExactlyWhenTheTestIsSignificant() {
        var generator = SplitMix64(seed: 7)
        var significantCount = 0
        for trial in 0..<600 {
            let n = 2 + trial % 90
            let shift = [0, 0.2, 0.5, 1][trial % 4]
            let level = [0.05, 0.01, 1e-3, 1e-5][(trial / 4) % 4]
            let d = differences(n, shift: shift, generator: &generator)
            let result = Significance(first: [Double](repeating: 0, count: n), second: d, level: level)
            #expect(result.isSignificant == (result.interval?.excludesZero ?? false), "n = \(n), level \(level)")
            if let interval = result.interval { #expect(interval.lower <= result.estimate && result.estimate <= interval.upper) }
            if result.isSignificant { significantCount += 1 }
        }
        // Both answers occur, so the agreement above is not vacuous.
        #expect(significantCount > 100 && significantCount < 500)
    }

    @Test func tiedDifferencesCountedOnceGiveTheOrderStatisticsOfEveryWalshAverage() throws {
        // Values with two decimals, as results.csv holds them: few distinct differences, each many times.
        var generator = SplitMix64(seed: 3)
        for n in [2, 9, 60, 400] {
            let d = (0..<n).map { _ in Double(Int(generator.next() % 21) - 8) / 100 }
            var walsh: [Double] = []
            for i in 0..<n { for j in i..<n { walsh.append((d[i] + d[j]) / 2) } }
            walsh.sort()
            let result = Significance(first: [Double](repeating: 0, count: n), second: d, level: 0.01)
            let median = walsh.count % 2 == 1 ? walsh[walsh.count / 2] : (walsh[walsh.count / 2 - 1] + walsh[walsh.count / 2]) / 2
            #expect(result.estimate == median, "n = \(n)")
            let k = SignedRankDistribution(n: n).criticalValue(tail: 0.005)
            if let interval = result.interval {
                #expect(interval.lower == walsh[k] && interval.upper == walsh[walsh.count - 1 - k], "n = \(n)")
            } else {
                #expect(k < 0)
            }
            #expect(result.nonZeroCount == d.filter { $0 != 0 }.count)
        }
    }

    @Test func theEstimateAndIntervalAreOrderStatisticsOfTheWalshAverages() throws {
        var generator = SplitMix64(seed: 11)
        for n in [2, 3, 7, 20, 51, 64] {
            let d = differences(n, shift: 0.3, generator: &generator)
            var walsh: [Double] = []
            for i in 0..<n { for j in i..<n { walsh.append((d[i] + d[j]) / 2) } }
            walsh.sort()
            let result = Significance(first: [Double](repeating: 0, count: n), second: d)
            let median = walsh.count % 2 == 1 ? walsh[walsh.count / 2] : (walsh[walsh.count / 2 - 1] + walsh[walsh.count / 2]) / 2
            #expect(abs(result.estimate - median) < 1e-12, "n = \(n)")
            let k = SignedRankDistribution(n: n).criticalValue(tail: 0.025)
            if let interval = result.interval {
                #expect(interval.lower == walsh[k] && interval.upper == walsh[walsh.count - 1 - k], "n = \(n)")
            } else {
                #expect(k < 0)
            }
        }
    }

    @Test func withoutADifferenceTheTestRejectsAtMostItsLevel() {
        // 4000 samples of 30 pairs with no shift: a test at 0.05 may reject about 5 % of them, no more.
        var generator = SplitMix64(seed: 3)
        var rejections = 0
        for _ in 0..<4000 {
            let d = differences(30, shift: 0, generator: &generator)
            if Significance(first: [Double](repeating: 0, count: 30), second: d).isSignificant { rejections += 1 }
        }
        #expect(rejections > 100 && rejections <= 220, "\(rejections) of 4000")
    }

    @Test func theExactDistributionMeetsTheNormalApproximationAtItsLimit() {
        // At n = 50 the exact tail and the continuity-corrected normal agree to a few thousandths.
        let exact = SignedRankDistribution(n: SignedRankDistribution.exactLimit)
        let mean = Double(exact.maximum) / 2
        let deviation = (50.0 * 51 * 101 / 24).squareRoot()
        for w in [300, 450, 600] {
            let normal = 0.5 * erfc(-((Double(w) + 0.5 - mean) / deviation) / 2.0.squareRoot())
            #expect(abs(exact.cumulative(w) - normal) < 0.003, "w = \(w)")
        }
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
        // 12 pairs on 4 seeds (too few for the t-test over seeds), 3 of them the other way: the signed rank's p = 0.02
        // cannot reach the level of 0.001, so the gap is within noise, as `check` would judge it.
        #expect(versus.pairCount == 12 && versus.changedCount == 12 && versus.seedTest == nil && versus.verdict == .withinNoise)
        #expect(ranking.entries[1].versusNext == nil)
    }
}
