/// Passes every fix through unchanged: the baseline every filter must beat.
public struct RawFilter: RegisteredFilter {
    public static let name = "raw"
    public static let summary = "Passes every fix through unchanged; the noisy path itself."
    public static let parameters: [FilterParameter] = []

    public init(settings: FilterSettings) {}

    public func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        estimates.append(fix)
    }
}
