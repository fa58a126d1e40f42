import Foundation

/// Locale-independent number formatting for reports.
///
/// Reports must be byte-identical across machines, so numbers never go
/// through the user's locale: always `.` decimals, no grouping, and no
/// `-0.00` for values that round to zero.
@_spi(CLI) public enum NumberFormat {
    /// What `fixed` writes for NaN or infinity.
    public static let nonFinite = "diverged"

    /// `value` with exactly `decimals` digits after the point; "diverged" for NaN or infinity,
    /// which only a filter that diverged produces, so a report never shows `nan`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return nonFinite }
        let text = String(format: "%.\(decimals)f", value)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            return String(text.dropFirst())
        }
        return text
    }

    /// `value` without a trailing `.0` (5000, 2.8), for ids and labels.
    public static func compact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}
