/// Whether a filter can run live in an app, on the fixes delivered so far, or needs the whole track first.
///
/// Every `RegisteredFilter` declares one; a pipeline is offline if any of its
/// stages is (`FilterConfiguration.timing`). Reports mark offline filters and
/// name the best online one beside the best overall, since an offline
/// smoother may top the ranking but cannot be what an app shows while it records.
public enum FilterTiming: String, Sendable, CaseIterable {
    /// Each estimate depends only on the fixes delivered up to it, so the filter can run live.
    ///
    /// A filter that emits an estimate for fix i only from fixes 0...i is
    /// online, whether it appends it at once or, like a gate, drops the fix.
    case online
    /// An estimate may depend on fixes delivered after it: the filter needs the whole track and cannot run live.
    ///
    /// `rts-smoother` is one: it smooths backwards from the last fix and
    /// appends every estimate when the run ends.
    case offline

    /// The mark after an offline filter's name in reports, the ranking chart and `list`.
    package static let offlineMark = "†"

    /// The legend for `offlineMark`: what an offline filter is.
    package static let offlineLegend = "\(offlineMark) offline: needs the whole track, so it cannot run live in an app."
}
