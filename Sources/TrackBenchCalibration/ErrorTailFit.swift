import Foundation
import TrackBenchGeodesy
import TrackBenchMetrics

/// The step tail and multipath regime of a recording's error, read from the shape of its error steps.
///
/// Drift plus normal jitter give 2-D steps whose sizes follow a Rayleigh
/// distribution: a step over three median steps has probability 2^-9
/// (0.2 %). Larger steps are read two ways:
/// - an outlier: the step out and the step back both exceed three median
///   steps, and the fix after lands within half the step of the fix before.
///   Their share of fixes is `stepTailProbability`; their displacement from
///   the mean of their neighbours gives `stepTailMeters` (RMS per axis).
/// - a multipath switch: any other step over three median steps (up to the
///   jump threshold). Their share `f` of steps gives the dwell,
///   interval / -ln(1 - f); a switch replaces an offset by an independent
///   one, so its 2-D mean square step is 4 offset² plus the ordinary step's
///   2 sigma², which gives `multipathOffsetMeters`.
/// Under 1 % of steps switching, or under 0.1 % of fixes (and 3) outliers,
/// the recording shows none.
struct ErrorTailFit: Sendable, Equatable {
    /// The share of fixes that are outliers (0 when the recording shows none).
    var stepTailProbability = 0.0
    /// RMS per-axis displacement of an outlier, in metres.
    var stepTailMeters = 0.0
    /// RMS per-axis multipath offset, in metres (0 when the recording shows none).
    var multipathOffsetMeters = 0.0
    /// Mean time an offset persists, in seconds.
    var multipathDwellSeconds = 0.0
    /// Per-axis deviation of the ordinary steps (those under the threshold), in metres, from their median.
    var ordinaryStepDeviationMeters = 0.0
    /// The step threshold, three median steps, in metres.
    var thresholdMeters = 0.0
    /// The share of steps over the threshold that switch, of all steps.
    var switchShare = 0.0

    /// A step over this many median steps is not an ordinary one.
    static let thresholdMedians = 3.0
    /// The smallest share of steps that switch for a multipath regime.
    static let smallestSwitchShare = 0.01
    /// The smallest share of fixes that are outliers for a step tail.
    static let smallestOutlierShare = 0.001
    /// The median of a 2-D normal step over its per-axis deviation: sqrt(2 ln 2).
    static let rayleighMedianPerDeviation = (2 * log(2.0)).squareRoot()

    /// Reads the tails from `samples` (jumps already left out), whose fixes come every `intervalSeconds` or so.
    /// - Complexity: O(*n* log *n*) for *n* samples.
    init(samples: [ErrorStatistics.Sample], intervalSeconds: Double) {
        // Steps between consecutive fixes only: a gap is not a step.
        var steps: [(index: Int, size: Double)] = []
        for index in samples.indices.dropFirst() where samples[index].timeSeconds - samples[index - 1].timeSeconds <= 1.5 * intervalSeconds {
            steps.append((index, samples[index].error.distance(to: samples[index - 1].error)))
        }
        var sizes = steps.map(\.size)
        guard let median = Statistics.percentile(&sizes, 0.5), median > 0 else { return }
        thresholdMeters = Self.thresholdMedians * median
        let large = Set(steps.filter { $0.size > thresholdMeters && $0.size <= ErrorStatistics.jumpStepMeters }.map(\.index))
        var outlierDisplacements: [Double] = []
        var inOutlier = Set<Int>()
        for index in large.sorted() where large.contains(index + 1) && !inOutlier.contains(index) {
            let (before, at, after) = (samples[index - 1].error, samples[index].error, samples[index + 1].error)
            guard after.distance(to: before) < 0.5 * at.distance(to: before) else { continue }
            inOutlier.formUnion([index, index + 1])
            let middle = LocalPoint(east: (before.east + after.east) / 2, north: (before.north + after.north) / 2)
            let displacement = at.distance(to: middle)
            outlierDisplacements.append(displacement * displacement)
        }
        var ordinary = steps.filter { $0.size <= thresholdMeters }.map(\.size)
        ordinaryStepDeviationMeters = (Statistics.percentile(&ordinary, 0.5) ?? median) / Self.rayleighMedianPerDeviation
        if outlierDisplacements.count >= 3, Double(outlierDisplacements.count) >= Self.smallestOutlierShare * Double(samples.count) {
            stepTailProbability = Double(outlierDisplacements.count) / Double(samples.count)
            stepTailMeters = ((Statistics.mean(outlierDisplacements) ?? 0) / 2).squareRoot()
        }
        let switches = steps.filter { large.contains($0.index) && !inOutlier.contains($0.index) }.map(\.size)
        switchShare = Double(switches.count) / Double(steps.count)
        if switchShare >= Self.smallestSwitchShare, switchShare < 1 {
            multipathDwellSeconds = intervalSeconds / -log(1 - switchShare)
            let meanSquare = Statistics.mean(switches.map { $0 * $0 }) ?? 0
            let ordinaryVariance = ordinaryStepDeviationMeters * ordinaryStepDeviationMeters
            multipathOffsetMeters = (max(0, meanSquare - 2 * ordinaryVariance) / 4).squareRoot()
        }
    }

    /// Whether the recording shows a step tail or a multipath regime.
    var isEmpty: Bool { stepTailProbability == 0 && multipathOffsetMeters == 0 }
}
