import Foundation
import Testing
import TrackBench
import TrackBenchCLI

/// A team's filter that takes a built-in filter's name.
private struct MyKalman: RegisteredFilter {
    static let name = "kalman"
    static let summary = "A team's Kalman filter under the built-in one's name."
    static let timing = FilterTiming.online
    static let parameters: [FilterParameter] = []

    init(settings: FilterSettings) {}

    func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        estimates.append(fix)
    }
}

/// `TrackBenchCommand.main` called in-process, as a team's own executable calls it.
struct TrackBenchCommandTests {
    /// Text written from any thread, kept in order.
    private final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var storage = ""

        var text: String { lock.withLock { storage } }

        func append(_ text: String) {
            lock.withLock { storage += text }
        }
    }

    /// Runs `main` with `registry`, capturing what it prints.
    private static func main(_ arguments: [String], registry: @autoclosure () throws(FilterRegistryError) -> FilterRegistry) async
        -> (code: ExitCode, output: String, error: String)
    {
        let output = Captured()
        let error = Captured()
        let console = Console(standardOutput: output.append, standardError: error.append)
        let code = await TrackBenchCommand.main(arguments: arguments, registry: try registry(), console: console, commandName: "team-benchmark")
        return (code, output.text, error.text)
    }

    @Test func anEmbeddedCommandLineNamesItselfAndTheTrackBenchItRuns() async {
        let result = await Self.main(["--version"], registry: FilterRegistry.builtIn)
        #expect(result.code == .success)
        #expect(result.output == "team-benchmark (TrackBench \(ResultsContext.currentVersion))\n")
    }

    @Test(arguments: [["list"], ["--help"], ["--version"]])
    func aFilterNameRegisteredTwiceEndsEveryCommandWithAnErrorAndExitCodeOne(arguments: [String]) async {
        let result = await Self.main(arguments, registry: try FilterRegistry.builtIn.adding(MyKalman.self))
        #expect(result.code == .failure)
        #expect(result.output.isEmpty)
        #expect(
            result.error
                == "Error: filter name 'kalman' is registered twice: by KalmanFilter (built in) and by MyKalman; give one of them another name\n")
    }

    @Test func aWellFormedRegistryRunsTheCommand() async {
        let result = await Self.main(["--version"], registry: FilterRegistry.builtIn)
        #expect(result.code == .success)
        #expect(result.error.isEmpty && result.output.hasPrefix("team-benchmark (TrackBench "))
    }

    @Test func aTerminalEscapeInAMessageNeverReachesTheTerminal() async throws {
        let suite = FileManager.default.temporaryDirectory.appendingPathComponent("escape-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: suite) }
        try Data(#"{"name": "x", "recordings": [{"id": "a", "fixes": "missing\u001b[31m.nmea", "distanceMeters": 100}]}"#.utf8).write(to: suite)
        let result = await Self.main(["run", "--scenarios", suite.path], registry: FilterRegistry.builtIn)
        #expect(result.code == .failure)
        #expect(result.error.contains("missing\u{FFFD}[31m.nmea") && !result.error.unicodeScalars.contains("\u{1B}"), "\(result.error)")
    }
}
