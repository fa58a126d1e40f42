import TrackBenchModel
/// Passes every fix through unchanged: the baseline every filter must beat.
struct RawFilter: RegisteredFilter {
    static let name = "raw"
    static let summary = "Passes every fix through unchanged; the noisy path itself."
    static let timing = FilterTiming.online
    static let parameters: [FilterParameter] = []

    init(settings: FilterSettings) {}

    func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        estimates.append(fix)
    }
}
