import Testing
@testable import TrackBenchCLI

/// How `tune` spends its runs: the whole grid when it fits the budget, successive halving otherwise.
struct TuneScheduleTests {
    @Test func aGridThatFitsTheBudgetRunsWhole() throws {
        let schedule = try TuneSchedule(settingCount: 36, seedCount: 10, scenarioCount: 54, budget: nil, keep: 3)
        #expect(schedule.isGrid)
        #expect(schedule.runCount(scenarioCount: 54) == 36 * 10 * 54)
    }

    @Test func aLargerGridIsHalvedWithinTheDefaultBudget() throws {
        let schedule = try TuneSchedule(settingCount: 400, seedCount: 10, scenarioCount: 54, budget: nil, keep: 3)
        #expect(!schedule.isGrid)
        #expect(schedule.runCount(scenarioCount: 54) <= TuneSchedule.gridLimit * 10 * 54)
        #expect(schedule.rounds.first?.settingCount == 400)
        // Seeds follow on from round to round and end at the last training seed; settings never grow.
        #expect(zip(schedule.rounds, schedule.rounds.dropFirst()).allSatisfy { $0.seeds.upperBound == $1.seeds.lowerBound })
        #expect(schedule.rounds.last?.seeds.upperBound == 10)
        #expect(zip(schedule.rounds, schedule.rounds.dropFirst()).allSatisfy { $0.settingCount >= $1.settingCount })
    }

    @Test func aTightBudgetKeepsASmallerShareEachRound() throws {
        let schedule = try TuneSchedule(settingCount: 400, seedCount: 10, scenarioCount: 54, budget: 30_000, keep: 3)
        #expect(schedule.reduction > 2)
        #expect(schedule.runCount(scenarioCount: 54) <= 30_000)
        #expect(schedule.rounds.last?.seeds.upperBound == 10)
    }

    @Test func halvingStopsAtTheSettingsKeptForTheHeldOutSeeds() {
        let rounds = TuneSchedule.halving(settingCount: 16, seedCount: 32, firstSeeds: 1, keep: 3)
        #expect(rounds.map(\.settingCount) == [16, 8, 4, 3, 3, 3])
        #expect(rounds.map(\.seeds) == [0..<1, 1..<2, 2..<4, 4..<8, 8..<16, 16..<32])
    }

    @Test func theLargestSearchIsPlannedWithoutTryingEverySeedCountOfEveryShare() throws {
        let schedule = try TuneSchedule(settingCount: 100_000, seedCount: 10_000, scenarioCount: 54, budget: 8_000_000, keep: 3)
        #expect(schedule.runCount(scenarioCount: 54) <= 8_000_000)
    }

    @Test func aBudgetTooSmallForOneSeedPerSettingIsAUsageErrorNamingTheLeastThatFits() {
        #expect(throws: UsageError.self) {
            try TuneSchedule(settingCount: 100, seedCount: 10, scenarioCount: 54, budget: 10, keep: 3)
        }
    }

    /// Without --budget the error names the default budget and the option that raises it, not a value nobody gave.
    @Test func aDefaultBudgetTooSmallIsNamedAsTheDefaultWithTheBudgetToGive() throws {
        let least = TuneSchedule.halving(settingCount: 1000, seedCount: 10, firstSeeds: 1, keep: 3, reduction: 1000)
            .reduce(0) { $0 + $1.settingCount * $1.seeds.count * 72 }
        #expect(least == 73_944)
        do {
            _ = try TuneSchedule(settingCount: 1000, seedCount: 10, scenarioCount: 72, budget: nil, keep: 3)
            Issue.record("a default budget too small was accepted")
        } catch {
            let message = error.localizedDescription
            #expect(message.hasPrefix("the default budget (46080 runs: a grid of 64 settings) is too small: "), "\(message)")
            #expect(message.hasSuffix("give --budget N of at least 73944, or fewer values."), "\(message)")
            #expect(!message.contains("got '46080'"))
        }
        do {
            _ = try TuneSchedule(settingCount: 1000, seedCount: 10, scenarioCount: 72, budget: 100, keep: 3)
        } catch {
            #expect(error.localizedDescription.hasPrefix("option '--budget' got '100', expected at least 73944 runs: "))
        }
    }
}
