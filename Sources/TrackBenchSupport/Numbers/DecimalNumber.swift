/// Numbers as loggers write them: plain decimals, never the hexadecimal, `inf` or `nan` forms Swift's `Double`
/// parser also accepts.
///
/// `Double("0x1p3")` is 8 and `Double("nan")` is NaN: a corrupt field must not become a time or a coordinate.
/// Accepted: an optional sign, digits with an optional fraction (`47.5`, `.5`, `5.`), an optional exponent.
package enum DecimalNumber {
    /// The value of `text` if it is a plain decimal number, else nil.
    package static func value<Text: StringProtocol>(_ text: Text) -> Double? {
        guard isPlainDecimal(text.utf8) else { return nil }
        return Double(text)
    }

    /// Whether `bytes` read as [+-]digits[.digits][(e|E)[+-]digits], with at least one digit before the exponent.
    static func isPlainDecimal(_ bytes: some Collection<UInt8>) -> Bool {
        var index = bytes.startIndex
        func skipDigits() -> Int {
            var count = 0
            while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                bytes.formIndex(after: &index)
                count += 1
            }
            return count
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { bytes.formIndex(after: &index) }
        var digits = skipDigits()
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            bytes.formIndex(after: &index)
            digits += skipDigits()
        }
        guard digits > 0 else { return false }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            bytes.formIndex(after: &index)
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { bytes.formIndex(after: &index) }
            guard skipDigits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }
}
