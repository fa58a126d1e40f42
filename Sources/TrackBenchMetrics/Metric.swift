import TrackBenchSupport
/// A per-scenario figure TrackBench reports: its one declaration.
///
/// Everything that shows, stores or judges a metric loops over
/// `Metric.allCases`: the `results.csv` columns and their parsing, the
/// report's tables, the regression gate, sweeps and comparisons. Adding a
/// metric is one declaration in the list below plus its computation (a new
/// `EstimateMetrics` property set in `EstimateMetrics.init(measuring:...)`).
///
/// Two metrics are equal when they have the same column.
package struct Metric: Sendable, Hashable, CustomStringConvertible {
    /// Which values are better.
    package enum Direction: Sendable {
        /// Smaller is better.
        case lower
        /// Larger is better.
        case higher
        /// Nearer zero is better, either sign (signed errors, lag).
        case closerToZero
    }

    /// Where a metric's value comes from.
    package enum Source: Sendable {
        /// Measured by `EstimateMetrics` and stored in `results.csv`.
        case stored(StoredField<EstimateMetrics, Double?>)
        /// Computed from other values of the score; `results.csv` repeats it for readers.
        case derived(@Sendable (ScenarioScore) -> Double?)

        /// The `EstimateMetrics` property holding a measured metric.
        static func measured(_ keyPath: WritableKeyPath<EstimateMetrics, Double?> & Sendable) -> Source {
            .stored(StoredField(keyPath))
        }
    }

    /// The `results.csv` column holding the metric; its name carries the unit.
    package let column: String
    /// A short title for report tables, with the unit.
    package let title: String
    /// The unit, such as `%`, `m`, `s` or `m/s`.
    package let unit: String
    /// Digits after the point in `results.csv`.
    package let decimals: Int
    /// Which values are better.
    package let direction: Direction
    /// What the metric measures, in one sentence, for the documentation.
    package let summary: String
    /// Whether every score has a value; otherwise the metric may not apply (an empty CSV field).
    package let alwaysApplies: Bool
    /// Whether reports show the metric with its 95 % confidence interval over seeds.
    package let isHeadline: Bool
    /// Whether the metric judges altitude: reports show it in their elevation section, not the ranking table.
    package let isElevation: Bool
    /// Whether a results file may lack the metric's column, which then reads as empty: metrics added after the
    /// first results files, so a baseline recorded before them still reads.
    package let mayBeAbsent: Bool
    package let source: Source

    /// The metric's value in one score, or nil where it does not apply.
    package func value(in score: ScenarioScore) -> Double? {
        switch source {
        case let .stored(field): return field.value(in: score.metrics)
        case let .derived(compute): return compute(score)
        }
    }

    /// The value as summaries average it: absolute for metrics where closer to zero is better
    /// (a signed distance error or lag), otherwise as is; nil where the metric does not apply.
    package func summaryValue(in score: ScenarioScore) -> Double? {
        value(in: score).map { direction == .closerToZero ? abs($0) : $0 }
    }

    /// Whether the value is measured and stored, rather than derived from other columns.
    package var isMeasured: Bool {
        if case .stored = source { return true }
        return false
    }

    /// Whether `candidate` is better than `other` for this metric (ties are not better).
    package func isBetter(_ candidate: Double, than other: Double) -> Bool {
        worsening(from: other, to: candidate) < 0
    }

    /// How much worse `after` is than `before`, in the metric's unit: positive is worse, negative better, whichever
    /// way the metric points (for closer to zero, the change of the absolute value).
    package func worsening(from before: Double, to after: Double) -> Double {
        switch direction {
        case .lower: return after - before
        case .higher: return before - after
        case .closerToZero: return abs(after) - abs(before)
        }
    }

    /// A shift of the summary value (`summaryValue`, absolute where closer to zero is better) as a worsening:
    /// positive is worse whichever way the metric points.
    package func worsening(ofShift shift: Double) -> Double {
        direction == .higher ? -shift : shift
    }

    init(
        column: String, title: String, unit: String, decimals: Int, direction: Direction,
        summary: String, alwaysApplies: Bool, isHeadline: Bool = false, isElevation: Bool = false, mayBeAbsent: Bool = false,
        source: Source
    ) {
        self.column = column
        self.title = title
        self.unit = unit
        self.decimals = decimals
        self.direction = direction
        self.summary = summary
        self.alwaysApplies = alwaysApplies
        self.isHeadline = isHeadline
        self.isElevation = isElevation
        self.mayBeAbsent = mayBeAbsent
        self.source = source
    }

    /// The metric whose CSV column is `column`, if any.
    package init?(column: String) {
        guard let metric = Self.allCases.first(where: { $0.column == column }) else { return nil }
        self = metric
    }

    package var description: String { column }

    package static func == (lhs: Metric, rhs: Metric) -> Bool { lhs.column == rhs.column }

    package func hash(into hasher: inout Hasher) { hasher.combine(column) }
}

extension Metric {
    /// Every metric, in column order: the one list everything else loops over.
    package static let allCases: [Metric] = [
        errorPercent, positionMedianMeters, position95thPercentileMeters, positionRMSEMeters, phoneScoreMeters,
        lagSeconds, stationaryDriftMeters, keptPercent, longestGapSeconds, speedRMSEMetersPerSecond, stopDetectionSeconds,
        elevationGainErrorPercent, elevationGainErrorMeters, altitudeRMSEMeters, distance3DErrorPercent,
        endpointErrorCentimetersPerMeter, dropoutError30sMeters, dropoutError60sMeters, dropoutError120sMeters,
    ]

    /// The estimated path's total-distance error, in signed percent of the true distance.
    package static let errorPercent = Metric(
        column: "error_pct", title: "Distance error %", unit: "%", decimals: 4, direction: .closerToZero,
        summary: "signed error of the estimated path's length against the true path's, in percent of the true distance (positive = too long)",
        alwaysApplies: true, isHeadline: true, source: .derived { $0.errorPercent }
    )
    /// Median horizontal distance from the truth, in metres.
    package static let positionMedianMeters = Metric(
        column: "position_p50_m", title: "Position p50 m", unit: "m", decimals: 3, direction: .lower,
        summary: "median horizontal distance of the estimates from the true position at their delivery time",
        alwaysApplies: false, source: .measured(\.positionMedianMeters)
    )
    /// 95th percentile of the horizontal distance from the truth, in metres.
    package static let position95thPercentileMeters = Metric(
        column: "position_p95_m", title: "Position p95 m", unit: "m", decimals: 3, direction: .lower,
        summary: "95th percentile of that distance",
        alwaysApplies: false, source: .measured(\.position95thPercentileMeters)
    )
    /// Root mean square horizontal distance from the truth, in metres.
    package static let positionRMSEMeters = Metric(
        column: "position_rmse_m", title: "Position RMSE m", unit: "m", decimals: 3, direction: .lower,
        summary: "root mean square of that distance",
        alwaysApplies: false, source: .measured(\.positionRMSEMeters)
    )
    /// (p50 + p95) / 2, in metres, as smartphone GNSS challenges rank by.
    package static let phoneScoreMeters = Metric(
        column: "phone_score_m", title: "Phone score m", unit: "m", decimals: 3, direction: .lower,
        summary: "(p50 + p95) / 2 of that distance, the score smartphone GNSS challenges rank by",
        alwaysApplies: false, isHeadline: true, source: .derived { $0.metrics.phoneScoreMeters }
    )
    /// The time shift that best aligns the estimates with the truth, in seconds (positive = behind).
    package static let lagSeconds = Metric(
        column: "lag_s", title: "Lag s", unit: "s", decimals: 1, direction: .closerToZero,
        summary: "the time shift, in tenths of a second from -5 to 30 s, that best aligns the estimates with the truth (positive = behind)",
        alwaysApplies: false, source: .measured(\.lagSeconds)
    )
    /// Distance the estimates travel while the runner stands still, in metres.
    package static let stationaryDriftMeters = Metric(
        column: "drift_m", title: "Drift m", unit: "m", decimals: 3, direction: .lower,
        summary: "distance the estimates travel while the runner stands still (scenarios with a stop only)",
        alwaysApplies: false, source: .measured(\.stationaryDriftMeters)
    )
    /// Estimates out per delivered fix in, in percent.
    package static let keptPercent = Metric(
        column: "kept_pct", title: "Kept %", unit: "%", decimals: 2, direction: .higher,
        summary: "estimates out per delivered fix in, in percent (gates keep less than 100)",
        alwaysApplies: true, source: .measured(\.keptPercent)
    )
    /// The longest time without an estimate, start and end of the run included, in seconds.
    package static let longestGapSeconds = Metric(
        column: "longest_gap_s", title: "Longest gap s", unit: "s", decimals: 3, direction: .lower,
        summary: "the longest time without an estimate, counting from the start of the run to its end",
        alwaysApplies: true, source: .measured(\.longestGapSeconds)
    )
    /// Root mean square error of the reported speeds, in metres per second.
    package static let speedRMSEMetersPerSecond = Metric(
        column: "speed_rmse_mps", title: "Speed RMSE m/s", unit: "m/s", decimals: 3, direction: .lower,
        summary: "root mean square error of the speeds the estimates report (estimates with a known speed only)",
        alwaysApplies: false, source: .measured(\.speedRMSEMetersPerSecond)
    )
    /// Seconds from the start of the stop until an estimate reports under 0.5 m/s.
    package static let stopDetectionSeconds = Metric(
        column: "stop_detect_s", title: "Stop detect s", unit: "s", decimals: 3, direction: .lower,
        summary: "seconds from the start of the stop until an estimate reports under 0.5 m/s; the stop's length if none does",
        alwaysApplies: false, source: .measured(\.stopDetectionSeconds)
    )

    /// The estimates' elevation gain against the true gain, in signed percent of the true gain.
    package static let elevationGainErrorPercent = Metric(
        column: "gain_error_pct", title: "Gain error %", unit: "%", decimals: 2, direction: .closerToZero,
        summary: "signed error of the estimates' elevation gain (the sum of their altitude rises, in output order) against the true path's, "
            + "in percent of the true gain (terrains with at least 1 m of gain only; positive = too much climbing)",
        alwaysApplies: false, isElevation: true, mayBeAbsent: true, source: .measured(\.elevationGainErrorPercent)
    )
    /// The estimates' elevation gain minus the true gain, in metres.
    package static let elevationGainErrorMeters = Metric(
        column: "gain_error_m", title: "Gain error m", unit: "m", decimals: 2, direction: .closerToZero,
        summary: "the same error in metres (scenarios with a terrain only)",
        alwaysApplies: false, isElevation: true, mayBeAbsent: true, source: .measured(\.elevationGainErrorMeters)
    )
    /// Root mean square of the estimates' altitude error, in metres.
    package static let altitudeRMSEMeters = Metric(
        column: "altitude_rmse_m", title: "Altitude RMSE m", unit: "m", decimals: 3, direction: .lower,
        summary: "root mean square of each estimate's altitude minus the terrain's altitude under the true position at its delivery time "
            + "(scenarios with a terrain only)",
        alwaysApplies: false, isElevation: true, mayBeAbsent: true, source: .measured(\.altitudeRMSEMeters)
    )
    /// The estimated path's 3-D length against the true path's, in signed percent.
    package static let distance3DErrorPercent = Metric(
        column: "distance_3d_error_pct", title: "3-D distance error %", unit: "%", decimals: 4, direction: .closerToZero,
        summary: "signed error of the estimated path's length counting climbs and descents against the true path's, "
            + "both measured in the scenario's flat frame, in percent (scenarios with a terrain only; the headline distance error stays 2-D)",
        alwaysApplies: false, isElevation: true, mayBeAbsent: true, source: .measured(\.distance3DErrorPercent)
    )
    /// How far the last estimate is from the end of the run, in centimetres per metre of the path.
    package static let endpointErrorCentimetersPerMeter = Metric(
        column: "endpoint_cm_per_m", title: "Endpoint cm/m", unit: "cm/m", decimals: 3, direction: .lower,
        summary: "distance of the last estimate from where the run ends, in centimetres per metre of the path, "
            + "the published dead-reckoning figure (scenarios with sensors only)",
        alwaysApplies: false, mayBeAbsent: true, source: .measured(\.endpointErrorCentimetersPerMeter)
    )
    /// Distance from the truth of what an app shows 30 s into a GPS tunnel, in metres.
    package static let dropoutError30sMeters = Metric(
        column: "dropout_30s_m", title: "Dropout 30 s m", unit: "m", decimals: 3, direction: .lower,
        summary: "30 s into a tunnel without GPS, the distance of the latest estimate from the true position at that moment "
            + "(tunnels of 30 s or more only)",
        alwaysApplies: false, mayBeAbsent: true, source: .measured(\.dropoutError30sMeters)
    )
    /// The same 60 s into a tunnel, in metres.
    package static let dropoutError60sMeters = Metric(
        column: "dropout_60s_m", title: "Dropout 60 s m", unit: "m", decimals: 3, direction: .lower,
        summary: "the same 60 s into a tunnel (tunnels of 60 s or more only)",
        alwaysApplies: false, mayBeAbsent: true, source: .measured(\.dropoutError60sMeters)
    )
    /// The same 120 s into a tunnel, in metres.
    package static let dropoutError120sMeters = Metric(
        column: "dropout_120s_m", title: "Dropout 120 s m", unit: "m", decimals: 3, direction: .lower,
        summary: "the same 120 s into a tunnel (tunnels of 120 s or more only)",
        alwaysApplies: false, mayBeAbsent: true, source: .measured(\.dropoutError120sMeters)
    )
}
