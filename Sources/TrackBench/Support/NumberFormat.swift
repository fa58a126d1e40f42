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
        if let text = fastFixed(value, decimals: decimals) { return text }
        let text = String(format: "%.\(decimals)f", value)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            return String(text.dropFirst())
        }
        return text
    }

    /// Powers of ten that doubles hold exactly, for `fastFixed`.
    private static let powersOfTen: [Double] = (0...9).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// What `String(format: "%.Nf")` writes for `value`, without its cost (about 1 µs a call), or nil when unsure.
    ///
    /// `|value| x 10^N` is one correctly rounded product, at most half a unit
    /// in the last place from the exact one. When its fraction is farther than
    /// a whole unit from one half, both round to the same whole number, which
    /// is what printf's exact decimal rounding gives; otherwise (a tie, or a
    /// value too large for 64-bit integers) nil sends the caller to printf.
    /// `NumberFormatTests` checks it against printf on 200,000 values.
    static func fastFixed(_ value: Double, decimals: Int) -> String? {
        guard let units = roundedUnits(value, decimals: decimals) else { return nil }
        let divisor = UInt64(powersOfTen[decimals])
        let integerText = String(units / divisor)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + integerText }
        let fractionDigits = String(units % divisor)
        return sign + integerText + "." + String(repeating: "0", count: decimals - fractionDigits.count) + fractionDigits
    }

    /// |value| x 10^decimals rounded to a whole number as printf rounds it, or nil when unsure (see `fastFixed`).
    private static func roundedUnits(_ value: Double, decimals: Int) -> UInt64? {
        guard decimals >= 0, decimals < powersOfTen.count else { return nil }
        let scaled = value.magnitude * powersOfTen[decimals]
        guard scaled < 1e15 else { return nil }
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        guard (fraction - 0.5).magnitude > scaled.ulp else { return nil }
        return UInt64(fraction > 0.5 ? whole + 1 : whole)
    }

    /// The number that `fixed(value, decimals:)` reads back as: NaN for a non-finite value, which is written empty.
    ///
    /// Without going through text: the digits are `units / 10^decimals`
    /// with both numbers exact in a double, and one IEEE division rounds that
    /// quotient to the nearest double, as reading the decimal text does.
    static func fixedValue(_ value: Double, decimals: Int) -> Double {
        guard value.isFinite else { return .nan }
        guard let units = roundedUnits(value, decimals: decimals) else { return Double(fixed(value, decimals: decimals))! }
        let magnitude = Double(units) / powersOfTen[decimals]
        return value < 0 && units != 0 ? -magnitude : magnitude
    }

    /// `value` without a trailing `.0` (5000, 2.8), for ids and labels.
    public static func compact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// The number that `compact(value)` reads back as: the value itself (Swift prints the shortest text that reads
    /// back exactly), except that a negative zero is written `0`, and NaN for a non-finite value, which is written empty.
    static func compactValue(_ value: Double) -> Double {
        guard value.isFinite else { return .nan }
        return value == 0 ? 0 : value
    }
}
