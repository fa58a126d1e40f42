/// Choices a reader cannot make from the file alone, set per recording in a recording suite.
package struct RecordingReadOptions: Sendable, Hashable {
    /// The user-equivalent range error, in metres: a fix's accuracy is HDOP x this when the file has no better
    /// estimate (NMEA without `GST`, GPX, CSV with an HDOP column), and this alone when it has no HDOP either.
    ///
    /// A receiver's estimated position error is conventionally HDOP x UERE
    /// (1 sigma); 5 m makes HDOP 1 read like the accuracies phones report
    /// outdoors. `trackbench calibrate` measures a recording's own ratio.
    package var userEquivalentRangeErrorMeters: Double
    /// The GnssLogger or GSDC provider whose fixes are read (`GPS`, `FLP` or `NLP`; `gps`, `fused` and `network`
    /// are the same); rows of other providers are counted and skipped. Ignored by files without a provider column.
    package var provider: String
    /// The most points a file may hold, `Recording.pointLimit` unless a test sets a smaller bound.
    package var pointLimit = Recording.pointLimit

    /// The default user-equivalent range error, in metres.
    package static let defaultUserEquivalentRangeErrorMeters = 5.0
    /// The default provider: the chipset's own fixes.
    package static let defaultProvider = "GPS"

    /// Creates options; the defaults suit a phone's chipset log.
    package init(userEquivalentRangeErrorMeters: Double = defaultUserEquivalentRangeErrorMeters, provider: String = defaultProvider) {
        self.userEquivalentRangeErrorMeters = userEquivalentRangeErrorMeters
        self.provider = provider
    }

    /// The provider name in GnssLogger's current spelling: `fused` is `FLP`, `network` is `NLP`, case ignored.
    /// The providers a GnssLogger or GSDC file names, as `canonicalProvider` writes them.
    package static let knownProviders: Set<String> = ["GPS", "FLP", "NLP"]

    package static func canonicalProvider(_ name: some StringProtocol) -> String {
        switch name.lowercased() {
        case "gps": return "GPS"
        case "fused", "flp": return "FLP"
        case "network", "nlp": return "NLP"
        default: return String(name)
        }
    }
}
