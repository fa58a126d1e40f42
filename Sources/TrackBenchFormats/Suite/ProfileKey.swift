import TrackBenchSupport
/// One key of a profile in a scenario file: its one declaration, which decoding, `jsonText`, the documentation and
/// calibration loop over.
///
/// Every profile declares its keys as a list of these, in file order:
/// `SignalProfile.keys`, `FaultProfile.keys`, `BarometerProfile.keys`,
/// `SensorProfile.keys` and `SensorProfile.gaitKeys`. Most keys hold a number
/// within bounds; a signal profile also has its name, a whole number and two
/// objects, which their own types decode.
struct ProfileKey<Root>: Sendable {
    /// The JSON key, such as `cadenceStepsPerSecond`.
    let name: String
    /// The unit, such as `steps/s`, `m`, `s`, `°` or `per step`; empty for a name or an object.
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
        case number(Number)
        /// A whole number within its range.
        case wholeNumber(ClosedRange<Int>, WritableKeyPath<Root, Int> & Sendable)
        /// The barometer's object (`BarometerProfile`), or nothing for a phone without one.
        case barometer
        /// The fault profile's object (`FaultProfile`).
        case faults
    }

    /// A number key: the values accepted, where the value goes, and whether a file must give it.
    struct Number: Sendable {
        /// The values accepted.
        let bounds: ProfileBounds
        /// Where the value goes.
        let keyPath: WritableKeyPath<Root, Double> & Sendable
        /// Whether a file must give it.
        let presence: Presence
    }

    /// Whether a file must give a number.
    enum Presence: Sendable {
        /// Every file gives it.
        case required
        /// Arrived after the first scenario files, so those files read as before: a file that leaves it out gets
        /// `leftOut` (nil: the value the profile's decoding starts from, `SignalProfile.init`'s default).
        /// `jsonText` writes it only while `writtenWhenAboveZero` (if any) is above zero.
        case optional(leftOut: Double?, writtenWhenAboveZero: (KeyPath<Root, Double> & Sendable)?)
    }

    /// Declares a key of any kind.
    init(name: String, unit: String, summary: String, value: Value) {
        self.name = name
        self.unit = unit
        self.summary = summary
        self.value = value
    }

    /// Declares a number key, required unless it has a `leftOut` value.
    /// - Parameter excludesMinimum: Whether `minimum` itself is refused (a cadence or a time constant must be above zero).
    init(
        _ name: String, _ unit: String, _ summary: String, minimum: Double, excludesMinimum: Bool = false, maximum: Double,
        _ keyPath: WritableKeyPath<Root, Double> & Sendable, leftOut: Double? = nil
    ) {
        self.init(
            name: name, unit: unit, summary: summary,
            value: .number(
                Number(
                    bounds: ProfileBounds(minimum: minimum, excludesMinimum: excludesMinimum, maximum: maximum), keyPath: keyPath,
                    presence: leftOut.map { .optional(leftOut: $0, writtenWhenAboveZero: nil) } ?? .required
                )
            )
        )
    }

    /// A number a file must give.
    static func required(
        _ name: String, _ unit: String, _ summary: String, minimum: Double, excludesMinimum: Bool = false, maximum: Double,
        _ keyPath: WritableKeyPath<Root, Double> & Sendable
    ) -> ProfileKey {
        ProfileKey(name, unit, summary, minimum: minimum, excludesMinimum: excludesMinimum, maximum: maximum, keyPath)
    }

    /// A number a file may leave out, keeping the value decoding starts from; written by `jsonText` only while
    /// `writtenWhenAboveZero` (if any) is above zero.
    static func optional(
        _ name: String, _ unit: String, _ summary: String, minimum: Double, maximum: Double,
        _ keyPath: WritableKeyPath<Root, Double> & Sendable, writtenWhenAboveZero: (KeyPath<Root, Double> & Sendable)? = nil
    ) -> ProfileKey {
        ProfileKey(
            name: name, unit: unit, summary: summary,
            value: .number(
                Number(
                    bounds: ProfileBounds(minimum: minimum, excludesMinimum: false, maximum: maximum), keyPath: keyPath,
                    presence: .optional(leftOut: nil, writtenWhenAboveZero: writtenWhenAboveZero)
                )
            )
        )
    }

    /// The number the key holds; nil for a name, a whole number or an object.
    var number: Number? {
        guard case let .number(number) = value else { return nil }
        return number
    }

    /// Whether a file must give the key.
    var isRequired: Bool {
        switch value {
        case .name, .wholeNumber, .faults: return true
        case let .number(number):
            guard case .required = number.presence else { return false }
            return true
        case .barometer: return false
        }
    }

    /// The accepted values in words, for the documentation: "> 0 and <= 10" for a number.
    var expectation: String {
        switch value {
        case .name: return "lowercase letters, digits and `-`"
        case let .number(number): return number.bounds.expectation
        case let .wholeNumber(range, _): return "a whole number >= \(range.lowerBound) and <= \(range.upperBound)"
        case .barometer, .faults: return "an object"
        }
    }
}

extension ProfileKey.Number {
    /// Whether `value` is finite and within the bounds.
    func accepts(_ value: Double) -> Bool {
        bounds.accepts(value)
    }

    /// What a file that leaves the key out gets; nil when the key is required or keeps the value decoding starts from.
    var leftOut: Double? {
        guard case let .optional(leftOut, _) = presence else { return nil }
        return leftOut
    }

    /// The accepted values as the fault and barometer objects' errors word them, such as "a number from 0 to 1000 m".
    func range(unit: String) -> String {
        "a number from \(NumberFormat.compact(bounds.minimum)) to \(NumberFormat.compact(bounds.maximum)) \(unit)"
    }
}
