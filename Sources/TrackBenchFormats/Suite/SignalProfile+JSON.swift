import Foundation
import TrackBenchModel
import TrackBenchSupport

extension SignalProfile {
    /// The profile as a scenario file's `signals` entry: JSON with the keys in the file's order, numbers to four
    /// significant digits (more than any measured statistic carries), lines indented by `indentation`.
    ///
    /// Reading the text back gives exactly the profile it prints, so what `calibrate` prints is what it simulates.
    /// The altitude, step-tail and multipath keys are printed only when set: a profile without them reads back the same.
    package func jsonText(indentation: String = "") -> String {
        let inner = indentation + "  "
        let members = Self.keys.compactMap { key in jsonValue(of: key, indentation: inner).map { "\(inner)\"\(key.name)\": \($0)" } }
        return "{\n" + members.joined(separator: ",\n") + "\n\(indentation)}"
    }

    /// The JSON value `key` holds, for members indented by `indentation`; nil for a key not written.
    private func jsonValue(of key: ProfileKey<SignalProfile>, indentation: String) -> String? {
        switch key.value {
        case .name:
            return "\"\(name)\""
        case let .number(number):
            if case let .optional(_, writtenWhenAboveZero?) = number.presence, !(self[keyPath: writtenWhenAboveZero] > 0) { return nil }
            return Self.jsonNumber(self[keyPath: number.keyPath])
        case let .wholeNumber(_, keyPath):
            return "\(self[keyPath: keyPath])"
        case .barometer:
            guard let barometer else { return nil }
            let members = BarometerProfile.keys.compactMap { key in
                key.number.map { "\"\(key.name)\": \(Self.jsonNumber(barometer[keyPath: $0.keyPath]))" }
            }
            return "{ " + members.joined(separator: ", ") + " }"
        case .faults:
            return faults.jsonText(indentation: indentation)
        }
    }

    /// A number as the profile's JSON writes it: four significant digits, whole numbers without a point.
    static func jsonNumber(_ value: Double) -> String {
        guard value != 0, value.isFinite else { return value.isFinite ? "0" : "null" }
        let digits = 3 - Int(log10(abs(value)).rounded(.down))
        let scale = pow(10, Double(abs(digits)))
        // Dividing by an exact power of ten gives the double nearest the decimal, whose shortest spelling is short.
        let rounded = digits >= 0 ? (value * scale).rounded() / scale : (value / scale).rounded() * scale
        return NumberFormat.compact(rounded)
    }
}

extension FaultProfile {
    /// The faults as a profile's `faults` object: JSON on one line per key, numbers as `SignalProfile.jsonNumber` writes them.
    func jsonText(indentation: String) -> String {
        let inner = indentation + "  "
        let members = Self.keys.compactMap { key in
            key.number.map { "\(inner)\"\(key.name)\": \(SignalProfile.jsonNumber(self[keyPath: $0.keyPath]))" }
        }
        return "{\n" + members.joined(separator: ",\n") + "\n\(indentation)}"
    }
}
