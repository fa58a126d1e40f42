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
    /// The regression gate found results worse than the baseline (as package-benchmark does).
    public static let regression = ExitCode(rawValue: 2)
    /// The command line itself is wrong (EX_USAGE from sysexits.h).
    public static let usage = ExitCode(rawValue: 64)
}
