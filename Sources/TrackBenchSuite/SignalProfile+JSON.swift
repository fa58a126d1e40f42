import Foundation
import TrackBenchSupport
import TrackBenchModel

extension SignalProfile {
    /// The profile as a scenario file's `signals` entry: JSON with the keys in the file's order, numbers to four
    /// significant digits (more than any measured statistic carries), lines indented by `indentation`.
    ///
    /// Reading the text back gives exactly the profile it prints, so what `calibrate` prints is what it simulates.
    /// The altitude, step-tail and multipath keys are printed only when set: a profile without them reads back the same.
    public func jsonText(indentation: String = "") -> String {
        let inner = indentation + "  "
        let members = CodingKeys.allCases.compactMap { key -> String? in
            let value: String
            switch key {
            case .name: value = "\"\(name)\""
            case .horizontalAccuracyMeanMeters: value = Self.jsonNumber(horizontalAccuracyMeanMeters)
            case .horizontalAccuracyDeviationMeters: value = Self.jsonNumber(horizontalAccuracyDeviationMeters)
            case .verticalAccuracyMeanMeters: value = Self.jsonNumber(verticalAccuracyMeanMeters)
            case .verticalAccuracyDeviationMeters: value = Self.jsonNumber(verticalAccuracyDeviationMeters)
            case .fixIntervalMeanSeconds: value = Self.jsonNumber(fixIntervalMeanSeconds)
            case .fixIntervalDeviationSeconds: value = Self.jsonNumber(fixIntervalDeviationSeconds)
            case .warmUpFixes: value = "\(warmUpFixes)"
            case .warmUpAccuracyFactor: value = Self.jsonNumber(warmUpAccuracyFactor)
            case .driftTimeConstantSeconds: value = Self.jsonNumber(driftTimeConstantSeconds)
            case .jitterMeters: value = Self.jsonNumber(jitterMeters)
            case .speedDeviationMetersPerSecond: value = Self.jsonNumber(speedDeviationMetersPerSecond)
            case .courseDeviationDegrees: value = Self.jsonNumber(courseDeviationDegrees)
            case .errorToAccuracyRatio: value = Self.jsonNumber(errorToAccuracyRatio)
            case .accuracyTracking: value = Self.jsonNumber(accuracyTracking)
            case .stoppedErrorMotionFactor: value = Self.jsonNumber(stoppedErrorMotionFactor)
            case .alongTrackBiasMeters: value = Self.jsonNumber(alongTrackBiasMeters)
            case .altitudeSwingMeters, .altitudeSwingTimeConstantSeconds:
                guard altitudeSwingMeters > 0 else { return nil }
                value = Self.jsonNumber(key == .altitudeSwingMeters ? altitudeSwingMeters : altitudeSwingTimeConstantSeconds)
            case .altitudeJitterMeters:
                guard altitudeJitterMeters > 0 else { return nil }
                value = Self.jsonNumber(altitudeJitterMeters)
            case .stepTailProbability, .stepTailMeters:
                guard stepTailProbability > 0 else { return nil }
                value = Self.jsonNumber(key == .stepTailProbability ? stepTailProbability : stepTailMeters)
            case .multipathOffsetMeters, .multipathDwellSeconds:
                guard multipathOffsetMeters > 0 else { return nil }
                value = Self.jsonNumber(key == .multipathOffsetMeters ? multipathOffsetMeters : multipathDwellSeconds)
            case .barometer:
                guard let barometer else { return nil }
                value = "{ \"intervalSeconds\": \(Self.jsonNumber(barometer.intervalSeconds)), \"noiseMeters\": \(Self.jsonNumber(barometer.noiseMeters)), \"driftMetersPerHour\": \(Self.jsonNumber(barometer.driftMetersPerHour)) }"
            case .faults: value = faults.jsonText(indentation: inner)
            }
            return "\(inner)\"\(key.stringValue)\": \(value)"
        }
        return "{\n" + members.joined(separator: ",\n") + "\n\(indentation)}"
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
        let members = CodingKeys.allCases.map { key -> String in
            let value: Double
            switch key {
            case .staleFixProbability: value = staleFixProbability
            case .staleFixMinimumAgeSeconds: value = staleFixMinimumAgeSeconds
            case .staleFixMaximumAgeSeconds: value = staleFixMaximumAgeSeconds
            case .invalidFixProbability: value = invalidFixProbability
            case .invalidFixOffsetMeters: value = invalidFixOffsetMeters
            case .jumpProbability: value = jumpProbability
            case .jumpMeters: value = jumpMeters
            case .jumpDurationSeconds: value = jumpDurationSeconds
            case .dropoutProbability: value = dropoutProbability
            case .dropoutSeconds: value = dropoutSeconds
            case .speedGlitchProbability: value = speedGlitchProbability
            }
            return "\(inner)\"\(key.stringValue)\": \(SignalProfile.jsonNumber(value))"
        }
        return "{\n" + members.joined(separator: ",\n") + "\n\(indentation)}"
    }
}
