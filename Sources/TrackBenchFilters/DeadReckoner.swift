import Foundation
import TrackBenchGeodesy
import TrackBenchModel

/// Pedestrian dead reckoning from pedometer updates and compass samples: the published estimator and its suggested
/// improvement, shared by the dead-reckoning filters.
///
/// The distance of an update is its steps times a fixed stride for the
/// activity the phone recognised. With `.perUpdate` headings (the published
/// estimator), the heading over the update is the circular mean of the true
/// headings received since the previous update, atan2(mean sin, mean cos)
/// (a plain mean of 355 and 5 degrees would give 180); with `.perStep` (the
/// improvement the study suggests), the update's time is split into one
/// equal segment per step, each with the circular mean of its own samples,
/// so a curve or a corner inside an update is followed step by step. A
/// segment without a sample takes the segment before it, or the update's
/// mean; an update without any sample takes the last heading known, and
/// before any sample its steps cannot be placed and are dropped
/// (`SimulatedScenario.stepsBeforeAnyHeading` counts them). A sample's true
/// heading counts modulo 360 (`HeadingEvent.trueHeadingDegrees`); samples
/// that are not finite (`HeadingEvent.isValid`) are skipped
/// (`SimulatedScenario.unusableHeadingCount`). At most
/// `maximumSegments` segments per update, so a huge count cannot stall a run.
///
/// Positions move with the study's formula: dNorth = cos(h) s, dEast =
/// sin(h) s, latitude += dNorth / 110574 m, longitude += dEast / (111320 m x
/// cos(latitude)).
struct DeadReckoner: Sendable {
    /// How headings are assigned to an update's steps.
    enum Headings: Sendable {
        /// One circular mean for the whole update, as published.
        case perUpdate
        /// One circular mean per step's share of the update's time.
        case perStep
    }

    /// Metres per degree of latitude in the published formula.
    static let metersPerDegreeLatitude = 110_574.0
    /// Metres per degree of longitude at the equator in the published formula; times cos(latitude) elsewhere.
    static let metersPerDegreeLongitudeAtEquator = 111_320.0
    /// The most heading segments one update is split into.
    static let maximumSegments = 1000

    /// Walking's stride, as published: 0.57 m.
    static let walkStride = FilterParameter(
        name: "walk-stride", defaultValue: 0.57, unit: "m", summary: "stride for steps while walking (the published 0.57 m)",
        minimum: 0.01, maximum: 10
    )
    /// Power-walking's stride, as published: 1.03 m.
    static let powerWalkStride = FilterParameter(
        name: "power-walk-stride", defaultValue: 1.03, unit: "m", summary: "stride for steps while power-walking (the published 1.03 m)",
        minimum: 0.01, maximum: 10
    )
    /// Jogging's stride, as published: 1.32 m.
    static let jogStride = FilterParameter(
        name: "jog-stride", defaultValue: 1.32, unit: "m", summary: "stride for steps while jogging (the published 1.32 m)",
        minimum: 0.01, maximum: 10
    )
    /// The stride parameters every dead-reckoning filter declares.
    static let strideParameters = [walkStride, powerWalkStride, jogStride]

    private let headings: Headings
    private let walkStrideMeters: Double
    private let powerWalkStrideMeters: Double
    private let jogStrideMeters: Double
    /// The valid samples since the previous update: time and true heading in radians. Reused, so updates allocate nothing.
    private var samples: [(time: Double, radians: Double)] = []
    /// When the current update's interval began: the previous update, or the start.
    private var intervalStartSeconds = 0.0
    /// The last heading known, in radians, for an update without samples.
    private var lastHeadingRadians: Double?

    /// Creates a reckoner with the strides from `settings`.
    init(headings: Headings, settings: FilterSettings) {
        self.headings = headings
        walkStrideMeters = settings[Self.walkStride]
        powerWalkStrideMeters = settings[Self.powerWalkStride]
        jogStrideMeters = settings[Self.jogStride]
        samples.reserveCapacity(64)
    }

    /// The fixed stride for an activity, in metres.
    func strideMeters(for gait: Gait) -> Double {
        switch gait {
        case .walk, .mixed: return walkStrideMeters
        case .powerWalk: return powerWalkStrideMeters
        case .jog: return jogStrideMeters
        }
    }

    /// Keeps a compass sample for the current update; skips an invalid one.
    mutating func add(_ heading: HeadingEvent) {
        guard heading.isValid else { return }
        samples.append((heading.timeSeconds, heading.trueHeadingDegrees * Double.pi / 180))
    }

    /// Closes the current update: calls `move` with each segment's east and north displacement in metres, in order.
    mutating func reckon(_ update: StepEvent, _ move: (_ eastMeters: Double, _ northMeters: Double) -> Void) {
        defer {
            samples.removeAll(keepingCapacity: true)
            intervalStartSeconds = update.timeSeconds
        }
        let mean = Self.circularMean(samples[...]) ?? lastHeadingRadians
        guard let mean else { return }
        lastHeadingRadians = mean
        guard update.steps > 0 else { return }
        let meters = Double(update.steps) * strideMeters(for: update.gait)
        let segments = headings == .perUpdate ? 1 : min(update.steps, Self.maximumSegments)
        guard segments > 1 else {
            move(sin(mean) * meters, cos(mean) * meters)
            return
        }
        let share = meters / Double(segments)
        let start = intervalStartSeconds
        let length = max(0, update.timeSeconds - start)
        var next = samples.startIndex
        var heading = mean
        for segment in 1...segments {
            let end = segment == segments ? Double.infinity : start + length * Double(segment) / Double(segments)
            let first = next
            while next < samples.endIndex, samples[next].time <= end { next += 1 }
            if let own = Self.circularMean(samples[first..<next]) { heading = own }
            move(sin(heading) * share, cos(heading) * share)
        }
    }

    /// `coordinate` moved by `eastMeters` and `northMeters` with the published formula, its longitude kept in -180...180.
    static func moved(_ coordinate: Coordinate, eastMeters: Double, northMeters: Double) -> Coordinate {
        let latitude = coordinate.latitude + northMeters / metersPerDegreeLatitude
        let longitude = coordinate.longitude + eastMeters / (metersPerDegreeLongitudeAtEquator * cos(coordinate.latitude * Double.pi / 180))
        return Coordinate(latitude: latitude, longitude: Longitude.wrapped(longitude))
    }

    /// The circular mean of the samples' headings, atan2(mean sin, mean cos), in radians; nil without samples.
    private static func circularMean(_ samples: ArraySlice<(time: Double, radians: Double)>) -> Double? {
        guard !samples.isEmpty else { return nil }
        var sine = 0.0
        var cosine = 0.0
        for sample in samples {
            sine += sin(sample.radians)
            cosine += cos(sample.radians)
        }
        return atan2(sine, cosine)
    }
}
