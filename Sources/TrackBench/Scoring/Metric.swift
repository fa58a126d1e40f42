/// A per-scenario figure TrackBench reports, with its CSV column and which way is better.
///
/// One list drives the report's columns, the summaries and the regression
/// gate, so a new metric is added in one place.
public enum Metric: String, CaseIterable, Sendable, Hashable {
    case errorPercent = "error_pct"
    case positionMedianMeters = "position_p50_m"
    case position95thPercentileMeters = "position_p95_m"
    case positionRMSEMeters = "position_rmse_m"
    case phoneScoreMeters = "phone_score_m"
    case lagSeconds = "lag_s"
    case stationaryDriftMeters = "drift_m"
    case keptPercent = "kept_pct"
    case longestGapSeconds = "longest_gap_s"
    case speedRMSEMetersPerSecond = "speed_rmse_mps"
    case stopDetectionSeconds = "stop_detect_s"

    /// Which values are better.
    public enum Direction: Sendable {
        /// Smaller is better.
        case lower
        /// Larger is better.
        case higher
        /// Nearer zero is better, either sign (signed errors, lag).
        case closerToZero
    }

    /// The CSV column holding the metric; its name carries the unit.
    public var column: String { rawValue }

    /// Which values are better.
    public var direction: Direction {
        switch self {
        case .errorPercent, .lagSeconds: return .closerToZero
        case .keptPercent: return .higher
        default: return .lower
        }
    }

    /// A short column title for reports, with the unit.
    public var title: String {
        switch self {
        case .errorPercent: return "Distance error %"
        case .positionMedianMeters: return "Position p50 m"
        case .position95thPercentileMeters: return "Position p95 m"
        case .positionRMSEMeters: return "Position RMSE m"
        case .phoneScoreMeters: return "Phone score m"
        case .lagSeconds: return "Lag s"
        case .stationaryDriftMeters: return "Drift m"
        case .keptPercent: return "Kept %"
        case .longestGapSeconds: return "Longest gap s"
        case .speedRMSEMetersPerSecond: return "Speed RMSE m/s"
        case .stopDetectionSeconds: return "Stop detect s"
        }
    }

    /// The metric's value in one score, or nil where it does not apply.
    public func value(in score: ScenarioScore) -> Double? {
        let metrics = score.metrics
        switch self {
        case .errorPercent: return score.errorPercent
        case .positionMedianMeters: return metrics.positionMedianMeters
        case .position95thPercentileMeters: return metrics.position95thPercentileMeters
        case .positionRMSEMeters: return metrics.positionRMSEMeters
        case .phoneScoreMeters: return metrics.phoneScoreMeters
        case .lagSeconds: return metrics.lagSeconds
        case .stationaryDriftMeters: return metrics.stationaryDriftMeters
        case .keptPercent: return metrics.keptPercent
        case .longestGapSeconds: return metrics.longestGapSeconds
        case .speedRMSEMetersPerSecond: return metrics.speedRMSEMetersPerSecond
        case .stopDetectionSeconds: return metrics.stopDetectionSeconds
        }
    }

    /// Whether `candidate` is better than `other` for this metric (ties are not better).
    public func isBetter(_ candidate: Double, than other: Double) -> Bool {
        switch direction {
        case .lower: return candidate < other
        case .higher: return candidate > other
        case .closerToZero: return abs(candidate) < abs(other)
        }
    }
}
