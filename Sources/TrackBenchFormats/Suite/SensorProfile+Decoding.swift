import TrackBenchModel
import TrackBenchSupport
extension SensorProfile: Decodable {
    /// Decodes a scenario file's `sensors` object strictly: every key of `SensorProfile.keys` but those with a
    /// `leftOut` value and the three activity objects required, none unknown, each value within its declared bounds.
    package init(from decoder: any Decoder) throws {
        let names = Self.gaitObjects.map(\.name) + Self.keys.map(\.name)
        try rejectUnknownKeys(in: decoder, allowed: names.map(AnyCodingKey.init(stringValue:)))
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let unset = GaitProfile(cadenceStepsPerSecond: 0, strideMeters: 0, walkerStrideDeviationMeters: 0, strideDeviationMeters: 0)
        self.init(
            walk: unset, powerWalk: unset, jog: unset,
            pedometerIntervalMinimumSeconds: 0, pedometerIntervalMaximumSeconds: 0, missedStepProbability: 0, extraStepProbability: 0,
            compassIntervalSeconds: 0, headingLagSeconds: 0, headingNoiseDeviationDegrees: 0, headingBiasDeviationDegrees: 0,
            headingBiasTimeConstantSeconds: 0, phoneOffsetDeviationDegrees: 0, phoneTurnDegrees: 0, phoneTurnSeconds: 0,
            declinationDegrees: 0
        )
        for object in Self.gaitObjects {
            self[keyPath: object.keyPath] = try container.decode(GaitProfile.self, forKey: AnyCodingKey(stringValue: object.name))
        }
        try decodeKeys(Self.keys, into: &self, from: container)
        let longest = AnyCodingKey(stringValue: "pedometerIntervalMaximumSeconds")
        try require(
            pedometerIntervalMaximumSeconds >= pedometerIntervalMinimumSeconds, longest, in: container,
            "expected at least pedometerIntervalMinimumSeconds (\(NumberFormat.compact(pedometerIntervalMinimumSeconds))), "
                + "got \(NumberFormat.compact(pedometerIntervalMaximumSeconds))"
        )
    }
}

extension GaitProfile: Decodable {
    /// Decodes one activity's object strictly: every key of `SensorProfile.gaitKeys` required, none unknown, each within
    /// its bounds (a cadence or stride of zero or less is refused).
    package init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: SensorProfile.gaitKeys.map { AnyCodingKey(stringValue: $0.name) })
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        self.init(cadenceStepsPerSecond: 0, strideMeters: 0, walkerStrideDeviationMeters: 0, strideDeviationMeters: 0)
        try decodeKeys(SensorProfile.gaitKeys, into: &self, from: container)
    }
}

/// Reads every declared key of `keys` from `container` into `value`, checking each against its bounds; every sensor
/// and gait key is a number.
private func decodeKeys<Root>(_ keys: [ProfileKey<Root>], into value: inout Root, from container: KeyedDecodingContainer<AnyCodingKey>) throws {
    for key in keys {
        guard let declared = key.number else { continue }
        let codingKey = AnyCodingKey(stringValue: key.name)
        let number: Double
        if let leftOut = declared.leftOut {
            number = try container.decodeIfPresent(Double.self, forKey: codingKey) ?? leftOut
        } else {
            number = try container.decode(Double.self, forKey: codingKey)
        }
        try require(
            declared.accepts(number), codingKey, in: container,
            "expected a number \(key.expectation) (\(key.unit)), got \(NumberFormat.compact(number))"
        )
        value[keyPath: declared.keyPath] = number
    }
}
