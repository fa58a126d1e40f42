import TrackBenchModel
import TrackBenchSupport
extension SignalProfile: Decodable {
    /// Decodes a profile strictly: the keys of `SignalProfile.keys` and none other, each value within its bounds,
    /// every key required but the optional numbers and `barometer`.
    ///
    /// The optional keys arrived after the first scenario files; left out, each keeps the earlier behaviour (the
    /// defaults of `SignalProfile.init`). The keys are checked in the order they always were, so a file with several
    /// faults is told of the same one first: the name, the whole number, the required numbers and the faults, then
    /// the optional numbers, a multipath dwell, an excursion and a creep's reset against the fix interval, and the barometer.
    @usableFromInline package init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: Self.keys.map { AnyCodingKey(stringValue: $0.name) })
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        self = .unset(named: "")
        for stage in [DecodingStage.name, .wholeNumber, .requiredNumber, .faults, .optionalNumber] {
            for key in Self.keys where DecodingStage(key) == stage {
                try decode(key, from: container)
            }
        }
        try require(
            multipathOffsetMeters == 0 || multipathDwellSeconds >= fixIntervalMeanSeconds, AnyCodingKey(stringValue: "multipathDwellSeconds"),
            in: container,
            "expected a dwell of at least fixIntervalMeanSeconds (\(NumberFormat.compact(fixIntervalMeanSeconds)) s) "
                + "with multipathOffsetMeters \(NumberFormat.compact(multipathOffsetMeters)), got \(NumberFormat.compact(multipathDwellSeconds))"
        )
        try require(
            excursionsPerHour == 0 || (excursionMeters > 0 && excursionSeconds >= fixIntervalMeanSeconds),
            AnyCodingKey(stringValue: excursionMeters > 0 ? "excursionSeconds" : "excursionMeters"), in: container,
            "expected excursionMeters above 0 and excursionSeconds of at least fixIntervalMeanSeconds "
                + "(\(NumberFormat.compact(fixIntervalMeanSeconds)) s) with excursionsPerHour \(NumberFormat.compact(excursionsPerHour)), "
                + "got \(NumberFormat.compact(excursionMeters)) m and \(NumberFormat.compact(excursionSeconds)) s"
        )
        try require(
            creepShare == 0 || creepResetSeconds >= fixIntervalMeanSeconds, AnyCodingKey(stringValue: "creepResetSeconds"), in: container,
            "expected creepResetSeconds of at least fixIntervalMeanSeconds (\(NumberFormat.compact(fixIntervalMeanSeconds)) s) "
                + "with creepShare \(NumberFormat.compact(creepShare)), got \(NumberFormat.compact(creepResetSeconds))"
        )
        for key in Self.keys where DecodingStage(key) == .barometer {
            try decode(key, from: container)
        }
    }

    /// Reads `key` from `container` into the profile, checking it; an optional key left out changes nothing.
    private mutating func decode(_ key: ProfileKey<SignalProfile>, from container: KeyedDecodingContainer<AnyCodingKey>) throws {
        let codingKey = AnyCodingKey(stringValue: key.name)
        switch key.value {
        case .name:
            name = try container.decode(String.self, forKey: codingKey)
            try require(
                Self.isValidName(name), codingKey, in: container,
                "expected lowercase letters, digits and '-' (it becomes part of scenario ids), got '\(name)'"
            )
        case let .wholeNumber(range, keyPath):
            let number = try container.decode(Int.self, forKey: codingKey)
            try require(
                range.contains(number), codingKey, in: container,
                "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(number)"
            )
            self[keyPath: keyPath] = number
        case let .number(number):
            let given: Double?
            switch number.presence {
            case .required: given = try container.decode(Double.self, forKey: codingKey)
            case let .optional(leftOut, _): given = try container.decodeIfPresent(Double.self, forKey: codingKey) ?? leftOut
            }
            guard let given else { return }
            try require(number.accepts(given), codingKey, in: container, "expected a number \(number.bounds.expectation), got \(given)")
            self[keyPath: number.keyPath] = given
        case .faults:
            faults = try container.decode(FaultProfile.self, forKey: codingKey)
        case .barometer:
            barometer = try container.decodeIfPresent(BarometerProfile.self, forKey: codingKey)
        }
    }

    /// The groups of keys decoding checks one after the other.
    private enum DecodingStage {
        case name, wholeNumber, requiredNumber, faults, optionalNumber, barometer

        /// The group `key` is checked with.
        init(_ key: ProfileKey<SignalProfile>) {
            switch key.value {
            case .name: self = .name
            case .wholeNumber: self = .wholeNumber
            case .number: self = key.isRequired ? .requiredNumber : .optionalNumber
            case .faults: self = .faults
            case .barometer: self = .barometer
            }
        }
    }
}
