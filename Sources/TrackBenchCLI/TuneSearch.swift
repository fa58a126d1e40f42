import TrackBenchFilters
import TrackBenchMetrics
import TrackBenchModel
import TrackBenchReports

/// The runs of a tuning: the training rounds of a `TuneSchedule`, then the held-out rerun.
///
/// Each round is one planned run of the suite with the round's settings as its filters, so every setting sees the
/// same simulated fixes. Scores are kept as `results.csv` holds them (`ResultsCSV.asWritten`), so held-out means are
/// those of a plain `run`; of the training rows only each setting's sums are kept, so memory does not grow with
/// the seeds or the scenarios, only by a summary per setting.
struct TuneSearch {
    /// What the training rounds found.
    struct Training {
        /// Each grid setting's means over the training seeds it ran on.
        var summaries: [FilterSummary]
        /// How many training seeds each grid setting ran on.
        var seedCounts: [Int]
        /// The settings of the last round, best first.
        var ranked: [Int]
        /// The current setting when it is off the grid: it runs in every round, but never competes.
        var current: TuneReport.Setting?
    }

    let tuned: TunedFilter
    let suite: LoadedSuite
    let scenarioFile: String
    let objective: TuneObjective
    let dem: DEMOptions
    let processes: ExecOptions
    let jobs: Int
    let progress: (@Sendable (String) -> Void)?
    let context: CommandContext

    /// Runs the schedule's rounds on `seeds`, keeping the better settings from one round to the next.
    ///
    /// The current setting runs on every training seed, as the winners do, so the held-out table compares training
    /// means over the same seeds: off the grid it runs in every round; on the grid, once a round drops it, it runs
    /// in the later rounds beside the settings kept, without competing for a place among them.
    /// - Parameters:
    ///   - current: The current setting's specification when it is off the grid; nil otherwise.
    ///   - currentOnGrid: The current setting's grid index when it is on the grid; nil otherwise.
    /// - Throws: `UsageError` for a filter that needs sensors the suite lacks; `FilterProcessError` when a process fails.
    func train(schedule: TuneSchedule, seeds: SeedRange, current: String?, currentOnGrid: Int? = nil) async throws -> Training {
        var tallies = (0..<tuned.settingCount).map { FilterSummary.Accumulator(filter: tuned.label(of: $0)) }
        var seedCounts = [Int](repeating: 0, count: tuned.settingCount)
        var currentTally: FilterSummary.Accumulator?
        var currentLabel: String?
        var alive = Array(0..<tuned.settingCount)
        for (number, round) in schedule.rounds.enumerated() {
            if number > 0 {
                alive = Array(rank(alive, tallies).prefix(round.settingCount))
            }
            let range = SeedRange(first: seeds.first + UInt64(round.seeds.lowerBound), last: seeds.first + UInt64(round.seeds.upperBound - 1))!
            let dropped = currentOnGrid.flatMap { alive.contains($0) ? nil : [$0] } ?? []
            let running = alive + dropped
            let filters = try tuned.configurations(running, extra: current.map { [$0] } ?? [], context: context, processes: processes, dem: dem)
            if current != nil { currentLabel = filters.last?.label }
            let indices = Dictionary(zip(running.map(tuned.label(of:)), running), uniquingKeysWith: { first, _ in first })
            try await stream(filters, seeds: range) { score in
                if let index = indices[score.filter] {
                    tallies[index].add(score)
                } else {
                    currentTally = currentTally ?? FilterSummary.Accumulator(filter: score.filter)
                    currentTally?.add(score)
                }
            }
            for index in running { seedCounts[index] += round.seeds.count }
        }
        let currentSetting = currentTally.map { tally in
            TuneReport.Setting(
                label: currentLabel ?? tally.filter, specification: current ?? "", values: [], trainingSeedCount: seeds.count, training: tally.summary
            )
        }
        return Training(summaries: tallies.map(\.summary), seedCounts: seedCounts, ranked: rank(alive, tallies), current: currentSetting)
    }

    /// Reruns the grid settings `indices` and the current setting (when off the grid) on the held-out seeds.
    /// - Returns: Their scores, tallied for the report's paired tests.
    func holdOut(_ indices: [Int], current: String?, seeds: SeedRange) async throws -> RankingTally {
        let filters = try tuned.configurations(indices, extra: current.map { [$0] } ?? [], context: context, processes: processes, dem: dem)
        var tally = TuneReport.heldOutTally(objective: objective)
        try await stream(filters, seeds: seeds) { tally.add($0) }
        return tally
    }

    /// `indices` best first by their tallies so far.
    private func rank(_ indices: [Int], _ tallies: [FilterSummary.Accumulator]) -> [Int] {
        objective.ranked(indices.map { tallies[$0].summary.means }).map { indices[$0] }
    }

    /// Runs `filters` on the suite under `seeds`, handing each score, as `results.csv` holds it, to `consume` in run order.
    private func stream(_ filters: [FilterConfiguration], seeds: SeedRange, consume: (ScenarioScore) -> Void) async throws {
        do {
            try context.requireSensors(for: filters, hasSensors: suite.hasSensors, file: scenarioFile)
        } catch {
            try? ExecOptions.finish(filters)
            throw error
        }
        let plan = try suite.plan(filters: filters, seeds: seeds, seedsGiven: true, shard: nil, demArcSeconds: dem.arcSeconds(for: filters))
        try await LoadedSuite.stream(
            plan, jobs: jobs, progress: progress, notes: context.console.standardError, transform: { ResultsCSV.asWritten($0) }
        ) { scores in
            for score in scores { consume(score) }
        }
    }
}
