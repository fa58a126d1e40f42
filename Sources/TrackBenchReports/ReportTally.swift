import TrackBenchMetrics
import TrackBenchSupport
/// What `report.md` needs of a run's scores, gathered one score at a time in row order, so a run of any number of
/// seeds need not hold its rows.
///
/// The ranking's part (`RankingTally`), and per group and filter the sums
/// of the breakdown, elevation and per-scenario tables: memory grows with
/// scenarios, filters and groups, and by the 16 bytes a row the ranking's
/// paired tests keep. Every table sums in row order, as the report made from
/// the rows themselves would, so `MarkdownReport` gives the same bytes from
/// either.
package struct ReportTally: Sendable {
    /// The ranking's part: summaries, per-seed means and the distance error per row.
    package private(set) var ranking = RankingTally()
    /// Whether any row comes from a replayed recording rather than a simulated scenario.
    package private(set) var hasReplay = false
    /// Whether any row has a gait.
    private(set) var hasGait = false
    /// The filter of the first row.
    private(set) var firstFilter: String?
    /// How many of the first row's filter's rows each truth has.
    private(set) var truthCounts: [ScenarioScore.Truth: Int] = [:]
    /// Each breakdown's sums per group and filter.
    private(set) var breakdowns: [Breakdown: GroupedSums] = [:]
    /// Per tag key, in order of first appearance, the distance error per tag value ("(none)" for rows without it).
    private(set) var tagBreakdowns: [(key: String, sums: GroupedSums)] = []
    /// Every row under "(none)": a tag key's breakdown starts from it when the key first appears.
    private var untagged = GroupedSums()
    /// The true gain and the gain error, per terrain and per signal.
    private(set) var elevationByTerrain = ElevationSums()
    private(set) var elevationBySignal = ElevationSums()
    /// The per-scenario table's rows, in order of first appearance.
    private(set) var scenarios: [ScenarioRows] = []
    private var scenarioIndices: [String: Int] = [:]

    /// A scenario attribute (or recording tag) the report breaks a metric down by.
    enum Breakdown: CaseIterable, Sendable {
        case signal, gait, endpointByGait, speed, distance, pathType, truth

        /// The metric broken down: the distance error, or for `endpointByGait` the endpoint error.
        var metric: Metric {
            self == .endpointByGait ? .endpointErrorCentimetersPerMeter : .errorPercent
        }

        /// The group a row belongs to.
        func group(of score: ScenarioScore) -> String {
            switch self {
            case .signal: return score.signal
            case .gait, .endpointByGait: return score.gait ?? ""
            case .speed: return NumberFormat.compact(score.speedMetersPerSecond)
            case .distance: return NumberFormat.compact(score.nominalDistanceMeters)
            case .pathType: return score.pathType
            case .truth: return score.truth.rawValue
            }
        }
    }

    /// The elevation table's sums for one grouping: the true gain and the gain error in metres, per group and filter.
    struct ElevationSums: Sendable {
        var trueGains = GroupedSums()
        var gainErrors = GroupedSums()

        mutating func add(_ score: ScenarioScore, group: String) {
            trueGains.add(score.trueGainMeters, group: group, filter: score.filter)
            gainErrors.add(score.metrics.elevationGainErrorMeters, group: group, filter: score.filter)
        }
    }

    /// What the per-scenario table keeps of one scenario's rows: the fixes and noisy errors of its first filter's
    /// rows (one per seed), and every filter's errors.
    struct ScenarioRows: Sendable {
        let scenarioID: String
        let firstFilter: String
        let trueDistanceMeters: Double
        var fewestFixes = Int.max
        var mostFixes = Int.min
        var noisyErrors = GroupedSums.Cell()
        var errors: [String: GroupedSums.Cell] = [:]

        mutating func add(_ score: ScenarioScore) {
            if score.filter == firstFilter {
                fewestFixes = min(fewestFixes, score.fixes)
                mostFixes = max(mostFixes, score.fixes)
                noisyErrors.add(score.noisyErrorPercent)
            }
            errors[score.filter, default: GroupedSums.Cell()].add(score.errorPercent)
        }
    }

    /// An empty tally.
    package init() {}

    /// A tally of `scores`, added in order.
    package init(_ scores: [ScenarioScore]) {
        for score in scores { add(score) }
    }

    /// How many distinct scenarios (or recordings) the rows cover.
    var scenarioCount: Int { scenarios.count }

    /// Adds the next row.
    package mutating func add(_ score: ScenarioScore) {
        ranking.add(score)
        if score.isReplay { hasReplay = true }
        if score.gait != nil { hasGait = true }
        if firstFilter == nil { firstFilter = score.filter }
        if score.filter == firstFilter { truthCounts[score.truth, default: 0] += 1 }
        for breakdown in Breakdown.allCases {
            breakdowns[breakdown, default: GroupedSums()].add(
                breakdown.metric.summaryValue(in: score), group: breakdown.group(of: score), filter: score.filter
            )
        }
        addTags(of: score)
        elevationByTerrain.add(score, group: score.terrain ?? "(none)")
        elevationBySignal.add(score, group: score.signal)
        let scenario = scenarioIndices[score.scenarioID] ?? {
            scenarioIndices[score.scenarioID] = scenarios.count
            scenarios.append(ScenarioRows(scenarioID: score.scenarioID, firstFilter: score.filter, trueDistanceMeters: score.trueDistanceMeters))
            return scenarios.count - 1
        }()
        scenarios[scenario].add(score)
    }

    /// Adds a row to the breakdown of every tag key seen so far; a key seen for the first time starts with every
    /// earlier row under "(none)", as if it had been broken down from the start.
    private mutating func addTags(of score: ScenarioScore) {
        let error = Metric.errorPercent.summaryValue(in: score)
        for key in score.tags.keys.sorted() where !tagBreakdowns.contains(where: { $0.key == key }) {
            tagBreakdowns.append((key, untagged))
        }
        for index in tagBreakdowns.indices {
            tagBreakdowns[index].sums.add(error, group: score.tags[tagBreakdowns[index].key] ?? "(none)", filter: score.filter)
        }
        untagged.add(error, group: "(none)", filter: score.filter)
    }
}
