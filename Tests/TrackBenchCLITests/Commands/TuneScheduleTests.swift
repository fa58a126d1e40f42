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
}
