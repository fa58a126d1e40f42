import Foundation
import Testing
@testable import TrackBenchSimulation

struct GaussianSamplerTests {
    private func draws(_ count: Int, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        var gaussian = GaussianSampler()
        return (0..<count).map { _ in gaussian.next(using: &generator) }
    }

    @Test func hasMeanZeroAndDeviationOne() {
        let values = draws(200_000, seed: 1)
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        // Standard error of the mean is 1/sqrt(200000) = 0.0022.
        #expect(abs(mean) < 0.011)
        #expect(abs(variance.squareRoot() - 1) < 0.01)
    }

    @Test func matchesTheNormalDistributionsSigmaRule() {
        let values = draws(200_000, seed: 2)
        let withinOne = Double(values.filter { abs($0) <= 1 }.count) / Double(values.count)
        let withinTwo = Double(values.filter { abs($0) <= 2 }.count) / Double(values.count)
        #expect(abs(withinOne - 0.6827) < 0.005)
        #expect(abs(withinTwo - 0.9545) < 0.003)
    }

    @Test func scalesToTheRequestedMeanAndDeviation() {
        var generator = SplitMix64(seed: 3)
        var gaussian = GaussianSampler()
        let values = (0..<100_000).map { _ in gaussian.next(mean: 7.179, deviation: 1.682, using: &generator) }
        let mean = values.reduce(0, +) / Double(values.count)
        let deviation = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
        #expect(abs(mean - 7.179) < 0.03)
        #expect(abs(deviation - 1.682) < 0.03)
    }

    @Test func isDeterministicForASeed() {
        #expect(draws(100, seed: 9) == draws(100, seed: 9))
        #expect(draws(100, seed: 9) != draws(100, seed: 10))
    }
}
