import TrackBenchModel
/// One key of a scenario file's signal profile: its one declaration, which decoding, `SignalProfile.jsonText`, the
/// documentation and calibration loop over (`SignalProfile.keys` lists them).
struct SignalProfileKey: Sendable {
    /// The JSON key, such as `jitterMeters`.
    let name: String
    /// The unit, such as `m`, `s`, `m/s` or `°`; empty for a name or an object.
    let unit: String
    /// What the key sets, in a few words, for the documentation.
    let summary: String
    /// What the key holds and where it goes.
    let value: Value

    /// What a key holds.
    enum Value: Sendable {
        /// The profile's name: lowercase letters, digits and `-` (`SignalProfile.isValidName`).
        case name
        /// A number within its bounds.
        case number(ProfileBounds, WritableKeyPath<SignalProfile, Double> & Sendable, Presence)
        /// A whole number within its range.
        case wholeNumber(ClosedRange<Int>, WritableKeyPath<SignalProfile, Int> & Sendable)
        /// The barometer's object (`BarometerProfile`), or nothing for a phone without one.
        case barometer
        /// The fault profile's object (`FaultProfile`).
        case faults
    }

    /// Whether a file must give a number.
    enum Presence: Sendable {
        /// Every file gives it.
        case required
        /// Arrived after the first scenario files: left out, it keeps `SignalProfile.init`'s default, the behaviour
        /// from before it existed. `jsonText` writes it only while `writtenWhenAboveZero` (if any) is above zero.
        case optional(writtenWhenAboveZero: (KeyPath<SignalProfile, Double> & Sendable)?)
    }

    /// A number a file must give.
    static func required(
        _ name: String, _ unit: String, _ summary: String, minimum: Double, excludesMinimum: Bool = false, maximum: Double,
        _ keyPath: WritableKeyPath<SignalProfile, Double> & Sendable
    ) -> SignalProfileKey {
        SignalProfileKey(
            name: name, unit: unit, summary: summary,
            value: .number(ProfileBounds(minimum: minimum, excludesMinimum: excludesMinimum, maximum: maximum), keyPath, .required)
        )
    }

    /// A number a file may leave out, written by `jsonText` only while `writtenWhenAboveZero` (if any) is above zero.
    static func optional(
        _ name: String, _ unit: String, _ summary: String, minimum: Double, maximum: Double,
        _ keyPath: WritableKeyPath<SignalProfile, Double> & Sendable, writtenWhenAboveZero: (KeyPath<SignalProfile, Double> & Sendable)? = nil
    ) -> SignalProfileKey {
        SignalProfileKey(
            name: name, unit: unit, summary: summary,
            value: .number(
                ProfileBounds(minimum: minimum, excludesMinimum: false, maximum: maximum), keyPath,
                .optional(writtenWhenAboveZero: writtenWhenAboveZero)
            )
        )
    }

    /// Whether a file must give the key.
    var isRequired: Bool {
        switch value {
        case .name, .wholeNumber, .faults, .number(_, _, .required): return true
        case .barometer, .number(_, _, .optional): return false
        }
    }

    /// The accepted values in words, for the documentation.
    var expectation: String {
        switch value {
        case .name: return "lowercase letters, digits and `-`"
        case let .number(bounds, _, _): return bounds.expectation
        case let .wholeNumber(range, _): return "a whole number >= \(range.lowerBound) and <= \(range.upperBound)"
        case .barometer, .faults: return "an object"
        }
    }
}
