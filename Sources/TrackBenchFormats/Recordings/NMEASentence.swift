import TrackBenchSupport
/// One NMEA 0183 sentence: `$` talker and type, comma-separated fields, and a checksum after `*`.
struct NMEASentence {
    /// The two-letter talker, such as `GP`, `GN`, `GL`, `GA` or `BD`.
    let talker: Substring
    /// The three-letter sentence type, such as `GGA`.
    let type: Substring
    /// The fields after the address, without the checksum.
    let fields: [Substring]

    /// Why a line that looks like a sentence cannot be used.
    enum Problem: Error {
        /// The checksum does not match; `type` is the sentence type the address names, such as `RMC`.
        case badChecksum(type: Substring)
        case malformed
    }

    /// Where a sentence starts in a line: at its `$` followed by five letters or digits, after any prefix a logger
    /// adds (a timestamp, a source name); nil if the line holds no sentence.
    static func start(in line: Substring) -> Substring.Index? {
        guard let dollar = line.firstIndex(of: "$") else { return nil }
        let address = line[line.index(after: dollar)...].prefix(6)
        guard address.count == 6, address.last == ",",
              address.dropLast().allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else { return nil }
        return dollar
    }

    /// Parses the sentence in `line`, verifying its checksum if it has one.
    /// - Returns: nil if the line holds no sentence.
    static func parse(_ line: Substring) throws(Problem) -> NMEASentence? {
        guard let dollar = start(in: line) else { return nil }
        var body = line[line.index(after: dollar)...]
        if let star = body.lastIndex(of: "*") {
            let written = body[body.index(after: star)...].prefix(2)
            guard written.count == 2, let expected = UInt8(written, radix: 16) else { throw .malformed }
            body = body[..<star]
            let actual = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            guard actual == expected else { throw .badChecksum(type: body.prefix(5).dropFirst(2)) }
        }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false)
        let address = parts[0]
        return NMEASentence(talker: address.prefix(2), type: address.dropFirst(2), fields: Array(parts.dropFirst()))
    }

    /// The field at `index` (0 = first after the address), or nil if it is missing or empty.
    func field(_ index: Int) -> Substring? {
        index < fields.count && !fields[index].isEmpty ? fields[index] : nil
    }

    /// A number field; nil if missing or empty; throws if present but not a finite number.
    func number(_ index: Int) throws(Problem) -> Double? {
        guard let text = field(index) else { return nil }
        guard let value = DecimalNumber.value(text), value.isFinite else { throw .malformed }
        return value
    }

    /// Seconds since midnight from an `hhmmss.ss` field.
    func timeOfDay(_ index: Int) throws(Problem) -> Double? {
        guard let text = field(index) else { return nil }
        guard text.count >= 6, let hours = Int(text.prefix(2)), let minutes = Int(text.dropFirst(2).prefix(2)),
              let seconds = DecimalNumber.value(text.dropFirst(4)), seconds.isFinite,
              (0..<24).contains(hours), (0..<60).contains(minutes), seconds >= 0, seconds < 61 else { throw .malformed }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// Degrees from a `(d)ddmm.mmmm` field and its hemisphere letter at `index + 1`.
    func angle(_ index: Int, positive: Character, negative: Character, limit: Double) throws(Problem) -> Double? {
        guard let text = field(index) else { return nil }
        guard let value = DecimalNumber.value(text), value.isFinite, value >= 0, let hemisphere = field(index + 1)?.first else { throw .malformed }
        let degrees = (value / 100).rounded(.down)
        let minutes = value - degrees * 100
        guard minutes < 60 else { throw .malformed }
        let angle = degrees + minutes / 60
        guard angle <= limit else { throw .malformed }
        switch hemisphere {
        case positive: return angle
        case negative: return -angle
        default: throw .malformed
        }
    }

    /// Days since 1970-01-01 from a `ddmmyy` field (years 80-99 are 19xx, the rest 20xx, as GPS began in 1980).
    func date(_ index: Int) throws(Problem) -> Int? {
        guard let text = field(index) else { return nil }
        guard text.count == 6, let day = Int(text.prefix(2)), let month = Int(text.dropFirst(2).prefix(2)),
              let shortYear = Int(text.suffix(2)), (1...12).contains(month) else { throw .malformed }
        let year = shortYear >= 80 ? 1900 + shortYear : 2000 + shortYear
        guard day >= 1, day <= UTCTime.daysInMonth(year: year, month: month) else { throw .malformed }
        return UTCTime.days(year: year, month: month, day: day)
    }
}
