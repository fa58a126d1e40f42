import Testing
@testable import TrackBenchMetrics

/// The gate's test over seeds and its family correction, pinned against SciPy and hand-computed cases.
struct PairedTTestTests {
    @Test func thePValueMatchesSciPy() throws {
        // scipy.stats.ttest_1samp: t = 3.7087352266146034, p = 0.004854473658274868.
        let test = try #require(PairedTTest(differences: [0.3, -0.1, 0.4, 0.2, 0.5, 0.1, 0.25, 0.35, -0.05, 0.3]))
        #expect(abs(test.t - 3.7087352266146034) < 1e-12)
        #expect(abs(test.pValue - 0.004854473658274868) < 1e-12)
        #expect(test.count == 10 && abs(test.mean - 0.225) < 1e-12)
    }

    @Test func differencesGatheredOneAtATimeMatchSciPyAsListedOnesDo() throws {
        // The gate folds each seed's mean as the seed ends (Welford's updates): the same t and p as the listed values.
        var moments = RunningMoments()
        for difference in [0.3, -0.1, 0.4, 0.2, 0.5, 0.1, 0.25, 0.35, -0.05, 0.3] { moments.add(difference) }
        let test = try #require(PairedTTest(moments))
        #expect(abs(test.t - 3.7087352266146034) < 1e-12)
        #expect(abs(test.pValue - 0.004854473658274868) < 1e-12)
        var equal = RunningMoments()
        for _ in 0..<3 { equal.add(0.1) }
        #expect(try #require(PairedTTest(equal)).pValue == 0)
        var one = RunningMoments()
        one.add(1)
        #expect(PairedTTest(one) == nil)
    }

    @Test func studentsTailMatchesSciPyAtSmallAndLargeDegreesOfFreedom() {
        // 2 * scipy.stats.t.sf(x, df).
        #expect(abs(PairedTTest.regularizedIncompleteBeta(9 / (9 + 6.4 * 6.4), a: 4.5, b: 0.5) - 0.0001252727746325631) < 1e-14)
        #expect(abs(PairedTTest.regularizedIncompleteBeta(9 / (9 + 2.262157 * 2.262157), a: 4.5, b: 0.5) - 0.05000001330443163) < 1e-9)
        #expect(abs(PairedTTest.regularizedIncompleteBeta(200 / (200 + 1.5 * 1.5), a: 100, b: 0.5) - 0.1351913212270349) < 1e-12)
    }

    @Test func equalDifferencesAreCertainAndZeroOnesAreNot() throws {
        #expect(try #require(PairedTTest(differences: [0.5, 0.5, 0.5])).pValue == 0)
        #expect(try #require(PairedTTest(differences: [0, 0, 0])).pValue == 1)
        #expect(PairedTTest(differences: [1]) == nil && PairedTTest(differences: [1, .nan]) == nil)
    }

    @Test func holmStepsDownAndStopsAtTheFirstThatStands() {
        // m = 4 at 0.05: 0.01 <= 0.0125 rejected, 0.02 <= 0.0167 no: it and everything above stand, although 0.03 <= 0.05 / 2.
        let holm = HolmCorrection(pValues: [0.03, 0.01, 0.02, 0.5], alpha: 0.05)
        #expect(holm.rejected == [false, true, false, false])
        let levels: [Double] = [0.05 / 2, 0.05 / 4, 0.05 / 3, 0.05]
        #expect(holm.levels == levels)
        // Each rejection lowers the bar for the next: 0.013 <= 0.05 / 2, where Bonferroni would need 0.0125.
        let steps = HolmCorrection(pValues: [0.001, 0.012, 0.013, 0.9], alpha: 0.05)
        #expect(steps.rejected == [true, true, true, false])
        #expect(HolmCorrection(pValues: [], alpha: 0.01).rejected.isEmpty)
    }
}
