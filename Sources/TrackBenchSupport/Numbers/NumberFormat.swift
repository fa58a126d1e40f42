import Foundation

/// Locale-independent number formatting for reports.
///
/// Reports must be byte-identical across machines, so numbers never go
/// through the user's locale: always `.` decimals, no grouping, and no
/// `-0.00` for values that round to zero.
package enum NumberFormat {
    /// What `fixed` writes for NaN or infinity.
    package static let nonFinite = "diverged"

    /// `value` with exactly `decimals` digits after the point; "diverged" for NaN or infinity,
    /// which only a filter that diverged produces, so a report never shows `nan`.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return nonFinite }
        var bytes: [UInt8] = []
        appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends what `fixed(value, decimals:)` writes for a finite `value`, as UTF-8, without building a string.
    ///
    /// `results.csv` writes tens of numbers per row this way, so a large run
    /// writes its rows in milliseconds, not seconds.
    package static func appendFixed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        guard let units = roundedUnits(value, decimals: decimals) else {
            let text = String(format: "%.\(decimals)f", value)
            let isNegativeZero = text.hasPrefix("-") && text.dropFirst().allSatisfy { $0 == "0" || $0 == "." }
            bytes.append(contentsOf: (isNegativeZero ? text.dropFirst() : Substring(text)).utf8)
            return
        }
        if value < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
        let divisor = UInt64(powersOfTen[decimals])
        appendDecimal(units / divisor, to: &bytes)
        guard decimals > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        appendDecimal(units % divisor, to: &bytes, minimumDigits: decimals)
    }

    /// Appends the decimal digits of `value`, with leading zeros up to `minimumDigits`.
    package static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8], minimumDigits: Int = 1) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            // 20 digits hold any UInt64; written from the last.
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 || count < minimumDigits
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Powers of ten that doubles hold exactly, for `roundedUnits`.
    private static let powersOfTen: [Double] = (0...9).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// |value| x 10^decimals rounded to a whole number as `String(format: "%.Nf")` rounds it, without its cost
    /// (about 1 µs a call), or nil when unsure.
    ///
    /// `|value| x 10^N` is one correctly rounded product, at most half a unit
    /// in the last place from the exact one. When its fraction is farther than
    /// a whole unit from one half, both round to the same whole number, which
    /// is what printf's exact decimal rounding gives; otherwise (a tie, or a
    /// value too large for 64-bit integers) nil sends the caller to printf.
    /// `NumberFormatTests` checks the digits against printf on 200,000 values.
    static func roundedUnits(_ value: Double, decimals: Int) -> UInt64? {
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
    package static func fixedValue(_ value: Double, decimals: Int) -> Double {
        guard value.isFinite else { return .nan }
        guard let units = roundedUnits(value, decimals: decimals) else { return Double(fixed(value, decimals: decimals))! }
        let magnitude = Double(units) / powersOfTen[decimals]
        return value < 0 && units != 0 ? -magnitude : magnitude
    }

    /// A count with its noun, singular for one: "1 filter", "13 filters".
    package static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// `value` without a trailing `.0` (5000, 2.8), for ids and labels; to 12 significant digits, so a product
    /// such as a gait's stride times cadence (1.32 x 2.6) reads 3.432, not 3.4320000000000004.
    package static func compact(_ value: Double) -> String {
        let value = significant(value)
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// The number that `compact(value)` reads back as: the value to 12 significant digits (Swift prints the
    /// shortest text that reads back exactly), except that a negative zero is written `0`, and NaN for a
    /// non-finite value, which is written empty.
    package static func compactValue(_ value: Double) -> Double {
        guard value.isFinite else { return .nan }
        let shown = significant(value)
        return shown == 0 ? 0 : shown
    }

    /// `value` rounded to 12 significant digits when its shortest text is longer than that: binary artefacts of
    /// arithmetic on decimal inputs go, and every number a suite or a sensor gives keeps its digits.
    static func significant(_ value: Double) -> Double {
        guard value.isFinite, value != 0, "\(value)".utf8.count > 14 else { return value }
        return Double(String(format: "%.12g", value)) ?? value
    }
}
