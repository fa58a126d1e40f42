import Testing
@testable import TrackBenchGate

struct ToleranceTests {
    @Test func allowsChangesWithinEitherTheAbsoluteOrTheRelativeAllowance() {
        let tolerance = Tolerance(absolute: 0.01, relative: 0.001)
        #expect(tolerance.allows(0.01, from: 1))
        #expect(tolerance.allows(-0.5, from: 1000))
        #expect(!tolerance.allows(0.02, from: 1))
        #expect(!tolerance.allows(2, from: 1000))
    }

    @Test func overridesReplaceOnlyTheAbsoluteAllowanceOfOneMetric() {
        let set = ToleranceSet(standard: Tolerance(absolute: 0.001, relative: 0.002), absoluteOverrides: [.lagSeconds: 0.2])
        #expect(set[.lagSeconds] == Tolerance(absolute: 0.2, relative: 0.002))
        #expect(set[.errorPercent] == Tolerance(absolute: 0.001, relative: 0.002))
    }
}
