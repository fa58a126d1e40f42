import TrackBenchModel
extension FaultProfile: Decodable {
    /// Decodes faults strictly: every key of `FaultProfile.keys` required, none unknown, probabilities in 0...1, sizes
    /// and durations within their bounds, and the oldest stale age at least the youngest.
    ///
    /// The ages are checked first, then the other keys in file order, as they always were, so a file with several
    /// faults is told of the same one first.
    public init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: Self.keys.map { AnyCodingKey(stringValue: $0.name) })
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        self = .none
        let ages: [PartialKeyPath<FaultProfile>] = [\.staleFixMinimumAgeSeconds, \.staleFixMaximumAgeSeconds]
        for key in Self.keys where ages.contains(key.keyPath) {
            try decode(key, from: container)
        }
        try require(
            staleFixMaximumAgeSeconds >= staleFixMinimumAgeSeconds, AnyCodingKey(stringValue: "staleFixMaximumAgeSeconds"), in: container,
            "expected at least staleFixMinimumAgeSeconds (\(staleFixMinimumAgeSeconds)), got \(staleFixMaximumAgeSeconds)"
        )
        for key in Self.keys where !ages.contains(key.keyPath) {
            try decode(key, from: container)
        }
    }

    /// Reads `key` from `container` into the faults, checking it against its bounds.
    private mutating func decode(_ key: ProfileKey<FaultProfile>, from container: KeyedDecodingContainer<AnyCodingKey>) throws {
        let codingKey = AnyCodingKey(stringValue: key.name)
        let value = try container.decode(Double.self, forKey: codingKey)
        let expected = key.unit == Self.probabilityUnit ? "a probability per fix within 0...1" : key.range
        try require(key.accepts(value), codingKey, in: container, "expected \(expected), got \(value)")
        self[keyPath: key.keyPath] = value
    }
}
