import TrackBenchSupport
/// The largest and smallest values a scenario file may hold, checked at load so no value can overflow a simulation.
///
/// Each bound is far beyond any real run (a 1000 km ride, a day-long stop)
/// and far below what breaks the arithmetic: every scenario has at most a
/// few million fixes, so its arrays fit in memory and its times stay exact.
package enum ScenarioLimits {
    /// Path lengths, in metres.
    static let distanceMeters = 10.0...1_000_000
    /// Speeds while moving, in metres per second.
    static let speedMetersPerSecond = 0.1...100.0
    /// Stop lengths, in seconds.
    static let stopSeconds = 0.0...86_400
    /// Expected fixes per scenario: enough for the metrics to mean something, few enough to fit in memory.
    static let fixesPerScenario = 10.0...2_000_000
    /// The largest scenario or recording suite file, in bytes (16 MiB): a suite is a page of JSON.
    static let suiteFileBytes = 16 << 20
    /// The most scenarios a suite's grid may hold: checked from the axes' lengths before any scenario is made,
    /// so a small file cannot ask for millions.
    static let scenariosPerSuite = 10_000
    /// The most fixes a suite's scenarios may expect in total, per seed: about 300 times the default suite's (168,000).
    static let fixesPerSuite = 50_000_000.0
    /// The shortest mean fix interval, in seconds (100 Hz).
    package static let shortestFixIntervalSeconds = 0.01
    /// The longest time any time constant, interval or fault may last, in seconds.
    package static let durationSeconds = 86_400.0
    /// The largest accuracy, jitter or fault size, in metres.
    static let lengthMeters = 100_000.0
    /// The largest altitude swing, terrain amplitude or base altitude, in metres (elevation tiles hold -32767...32767 m).
    static let altitudeMeters = 10_000.0

    /// Whether a suite or recording name is safe as a folder name and a results field:
    /// ASCII letters, digits, '-', '_' and '.', starting with a letter or digit.
    static func isSafeName(_ name: String) -> Bool {
        (name.first.map { $0.isASCII && ($0.isLetter || $0.isNumber) } ?? false)
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
    }

    /// The names no suite may take, compared ignoring case: `Results/local` holds trial runs and `Results/plots`
    /// the plots, so a suite of either name would write its committed reports among them.
    static let reservedSuiteNames = ["local", "plots"]

    /// Whether `name` may name a suite: safe as a folder name and not reserved.
    /// - Returns: What was expected, for the error; nil for a good name.
    static func suiteNameProblem(_ name: String) -> String? {
        guard isSafeName(name) else {
            return "expected letters, digits, '-', '_' and '.' starting with a letter or digit (it names the report folder), "
                + "got \(name.debugDescription)"
        }
        guard !reservedSuiteNames.contains(name.lowercased()) else {
            return "expected a name other than \(reservedSuiteNames.map { "'\($0)'" }.joined(separator: " and ")), "
                + "which are the folders of Results that hold trial runs and plots, got \(name.debugDescription)"
        }
        return nil
    }

    /// "from 10 to 1000000", for error messages.
    static func describe(_ range: ClosedRange<Double>) -> String {
        "from \(NumberFormat.compact(range.lowerBound)) to \(NumberFormat.compact(range.upperBound))"
    }
}
