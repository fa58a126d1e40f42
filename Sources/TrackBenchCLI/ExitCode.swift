/// The process exit codes, as Swift command-line tools use them.
public struct ExitCode: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Everything worked.
    public static let success = ExitCode(rawValue: 0)
    /// Bad input file, unwritable output, or another failure that is not the user's syntax.
    public static let failure = ExitCode(rawValue: 1)
    /// The regression gate found results worse than the baseline, missing, or diverged (NaN or infinite).
    public static let regression = ExitCode(rawValue: 2)
    /// In strict mode, the gate found only improvements or new results: the baseline is stale (as package-benchmark does).
    public static let improvementsOnly = ExitCode(rawValue: 4)
    /// The command line itself is wrong (EX_USAGE from sysexits.h).
    public static let usage = ExitCode(rawValue: 64)
}
