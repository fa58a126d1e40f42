import TrackBenchModel
/// The true speed at any time, which a fix's reported speed is compared with: a scenario's truth as its estimates
/// stream past (`TruthLookup`) or a recording's timed reference (`TimedTrack`).
///
/// A protocol rather than a closure, so the speed-error loop is specialised for each and its cursor stays in registers.
protocol TrueSpeeds {
    /// The true speed at `timeSeconds`, in metres per second; a cursor may move on.
    mutating func speed(atTime timeSeconds: Double) -> Double
}

extension TruthLookup: TrueSpeeds {}

extension TimedTrack: TrueSpeeds {
    func speed(atTime timeSeconds: Double) -> Double {
        speed(at: timeSeconds)
    }
}
