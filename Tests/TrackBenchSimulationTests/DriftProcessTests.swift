import Testing
@testable import TrackBenchSimulation

struct DriftProcessTests {
    private func series(timeConstant: Double, count: Int, seed: UInt64) -> [Double] {
        var generator = SplitMix64(seed: seed)
        var gaussian = GaussianSampler()
        var process = DriftProcess(timeConstantSeconds: timeConstant, stepSeconds: 1, gaussian: &gaussian, using: &generator)
        var values = [process.value]
        for _ in 1..<count {
            values.append(process.advance(gaussian: &gaussian, using: &generator))
        }
        return values
    }

    @Test func hasUnitDeviationFromTheFirstStep() {
        // Many independent short runs: the first value must already be stationary.
        var firsts: [Double] = []
        var lasts: [Double] = []
        for seed in 0..<4000 {
            let values = series(timeConstant: 60, count: 30, seed: UInt64(seed))
            firsts.append(values[0])
            lasts.append(values[29])
        }
        for sample in [firsts, lasts] {
            let variance = sample.reduce(0) { $0 + $1 * $1 } / Double(sample.count)
            #expect(abs(variance - 1) < 0.08)
        }
    }

    @Test func changesByAboutOneTimeConstantthPerStep() {
        let values = series(timeConstant: 60, count: 100_000, seed: 1)
        let steps = zip(values.dropFirst(), values).map { $0 - $1 }
        let stepDeviation = (steps.reduce(0) { $0 + $1 * $1 } / Double(steps.count)).squareRoot()
        // Independent noise would change by sqrt(2) = 1.41 per step.
        #expect(stepDeviation > 0.5 / 60 && stepDeviation < 2.0 / 60)
    }

    @Test func autocorrelationFallsToOneOverEAfterAboutTwoTimeConstants() {
        let values = series(timeConstant: 20, count: 400_000, seed: 2)
        func correlation(lag: Int) -> Double {
            var sum = 0.0
            for index in 0..<(values.count - lag) {
                sum += values[index] * values[index + lag]
            }
            return sum / Double(values.count - lag)
        }
        #expect(correlation(lag: 10) > 0.8)
        #expect(abs(correlation(lag: 43) - 0.368) < 0.06)
        #expect(correlation(lag: 150) < 0.1)
    }
}
