/// Calendar arithmetic for recordings' timestamps, in UTC, without Foundation's calendars (which vary by platform).
package enum UTCTime {
    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's days-from-civil algorithm).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The number of days in a month of a year.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Parses an ISO 8601 / RFC 3339 time such as `2021-04-28T19:01:42.123Z` or `2021-04-28T21:01:42+02:00`.
    /// - Returns: Unix UTC seconds and whether the text named its zone (a time without one is taken as UTC); nil if malformed.
    static func parseISO8601(_ text: some StringProtocol) -> (seconds: Double, hasZone: Bool)? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func digitValue(_ scalar: Unicode.Scalar) -> Int? {
            (48...57).contains(scalar.value) ? Int(scalar.value - 48) : nil
        }
        func number(digits: Int) -> Int? {
            guard index + digits <= scalars.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                guard let digit = digitValue(scalars[index]) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        func expect(_ characters: String) -> Bool {
            guard index < scalars.count, characters.unicodeScalars.contains(scalars[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(digits: 4), expect("-"), let month = number(digits: 2), expect("-"), let day = number(digits: 2),
              expect("Tt "), let hour = number(digits: 2), expect(":"), let minute = number(digits: 2), expect(":"),
              let second = number(digits: 2),
              (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              hour < 24, minute < 60, second < 61 else { return nil }
        var fraction = 0.0
        if expect(".,") {
            var scale = 0.1
            let start = index
            while index < scalars.count, let digit = digitValue(scalars[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        var hasZone = false
        if expect("Zz") {
            hasZone = true
        } else if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
            let sign = scalars[index] == "-" ? -1 : 1
            index += 1
            guard let offsetHours = number(digits: 2) else { return nil }
            _ = expect(":")
            guard let offsetMinutes = number(digits: 2), offsetHours < 24, offsetMinutes < 60 else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            hasZone = true
        }
        guard index == scalars.count else { return nil }
        let whole = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return (Double(whole) + fraction, hasZone)
    }

    /// The GPS time scale's start, 1980-01-06 00:00 UTC, in Unix seconds.
    static let gpsEpochUnixSeconds = 315_964_800.0

    /// When each leap second took effect (Unix UTC seconds) and GPS - UTC from then on, in seconds
    /// (IERS Bulletin C; none has been announced after 2017-01-01).
    static let leapSeconds: [(sinceUnixSeconds: Double, gpsMinusUTCSeconds: Double)] = [
        (1981, 7), (1982, 7), (1983, 7), (1985, 7), (1988, 1), (1990, 1), (1991, 1), (1992, 7), (1993, 7),
        (1994, 7), (1996, 1), (1997, 7), (1999, 1), (2006, 1), (2009, 1), (2012, 7), (2015, 7), (2017, 1),
    ].enumerated().map { index, date in
        (Double(days(year: date.0, month: date.1, day: 1) * 86_400), Double(index + 1))
    }

    /// GPS - UTC at a time, in seconds: the leap seconds in force (18 from 2017-01-01 on).
    /// - Parameter unixSeconds: A UTC time, in Unix seconds.
    package static func gpsMinusUTCSeconds(atUnixSeconds unixSeconds: Double) -> Double {
        leapSeconds.last { unixSeconds >= $0.sinceUnixSeconds }?.gpsMinusUTCSeconds ?? 0
    }

    /// The seconds in a GPS week.
    package static let secondsPerWeek = 604_800.0

    /// Days since 1970-01-01 for an ISO 8601 calendar date, `2020-10-16`; nil unless it is exactly such a valid date.
    package static func day(fromDate text: some StringProtocol) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              year >= 1980, (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        return days(year: year, month: month, day: day)
    }

    /// `2020-10-16` for days since 1970-01-01.
    package static func dateText(day: Int) -> String {
        String(text(Double(day) * 86_400).prefix(10))
    }

    /// Unix UTC seconds for milliseconds since the GPS epoch (GPS time, which has no leap seconds).
    static func unixSeconds(gpsMilliseconds: Double) -> Double {
        let gps = gpsMilliseconds / 1000 + gpsEpochUnixSeconds
        for entry in leapSeconds.reversed() where gps - entry.gpsMinusUTCSeconds >= entry.sinceUnixSeconds {
            return gps - entry.gpsMinusUTCSeconds
        }
        return gps
    }

    /// `2021-04-28T19:01:42Z` (ISO 8601, UTC, whole seconds) for Unix seconds: how messages print a time.
    package static func text(_ seconds: Double) -> String {
        guard abs(seconds) <= RecordingBuilder.latestSeconds else { return "\(seconds) s" }
        let whole = Int(seconds.rounded(.down))
        var days = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        // Civil-from-days (Hinnant), the inverse of UTCTime.days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
    }
}
