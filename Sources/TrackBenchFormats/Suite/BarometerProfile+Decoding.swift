import TrackBenchModel
extension BarometerProfile: Decodable {
    /// Decodes a barometer strictly: every key of `BarometerProfile.keys` required, none unknown, each within its
    /// bounds (sizes from 0 to 1000 m or m/h, the interval from the shortest fix interval to a day).
    package init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: Self.keys.map { AnyCodingKey(stringValue: $0.name) })
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        self.init(intervalSeconds: 0, noiseMeters: 0, driftMetersPerHour: 0)
        // Every barometer key is a number.
        for key in Self.keys {
            guard let number = key.number else { continue }
            let codingKey = AnyCodingKey(stringValue: key.name)
            let value = try container.decode(Double.self, forKey: codingKey)
            try require(number.accepts(value), codingKey, in: container, "expected \(number.range(unit: key.unit)), got \(value)")
            self[keyPath: number.keyPath] = value
        }
    }
}
