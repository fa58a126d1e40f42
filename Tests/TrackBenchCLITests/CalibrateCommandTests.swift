import Foundation
import Testing
@_spi(CLI) import TrackBench

/// `calibrate` and `fidelity`, end to end on the example recordings in Examples/Recordings.
struct CalibrateCommandTests {
    private static let fixes = "Examples/Recordings/track-phone.nmea"
    private static let truth = "Examples/Recordings/track-truth.gpx"

    @Test func calibratePrintsAProfileThatPastesIntoAScenarioFileAndTheStatisticsSideBySide() async throws {
        let result = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--name", "example-receiver"])
        #expect(result.status == 0, "\(result.standardError)")
        let file = "{\"name\": \"pasted\", \"description\": \"\", \"origin\": {\"latitude\": 37.4, \"longitude\": -122.1}, \"pathTypes\": [\"loop\"], "
            + "\"distancesMeters\": [1000], \"speedsMetersPerSecond\": [2], \"stopsSeconds\": [0], \"signals\": [\(result.standardOutput)]}"
        let suite = try ScenarioSuite.decode(Data(file.utf8), file: "pasted.json")
        #expect(suite.signals.map(\.name) == ["example-receiver"])
        #expect(result.standardError.contains("statistic"))
        #expect(result.standardError.contains("error decorrelation, 1/e (s)"))
        // The output Docs/calibration.md and the README show is what calibrate prints.
        for page in ["README.md", "Docs/calibration.md"] {
            let text = try String(contentsOf: TrackBenchExecutable.packageRoot.appendingPathComponent(page), encoding: .utf8)
            let shown = text.split(separator: "\n").filter { line in
                ["Calibrated '", "statistic ", "error ", "fixes ", "  \"errorToAccuracyRatio\"", "  \"driftTimeConstantSeconds\""].contains { line.hasPrefix($0) }
            }
            #expect(shown.count >= 3, "\(page) shows no calibrate output")
            for line in shown {
                #expect((result.standardError + result.standardOutput).contains(line + "\n"), "\(page) shows a line calibrate does not print: \(line)")
            }
        }
    }

    @Test func calibrateIsTheSameOnEveryRun() async throws {
        let first = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--seeds", "1...3"])
        let second = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--seeds", "1...3"])
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput && first.standardError == second.standardError)
    }

    @Test func calibrateExplainsWhatItCannotUse() async throws {
        let route = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", "Examples/Recordings/track-route.gpx"])
        #expect(route.status == 1)
        #expect(route.standardError.contains("calibrate needs a truth with times"))
        let missing = try await TrackBenchExecutable.run(["calibrate", Self.fixes])
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("--truth"))
        let badName = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--name", "My Phone"])
        #expect(badName.status == 64)
        #expect(badName.standardError.contains("lowercase letters"))
        let apart = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--time-offset", "-86400"])
        #expect(apart.status == 1)
        #expect(apart.standardError.contains("fixes overlap"))
    }

    @Test func compareChecksAGivenProfileAgainstTheRecordingInsteadOfFitting() async throws {
        let result = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--compare", "strong", "--seeds", "100...102"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Compared signal 'strong' with \(Self.fixes)"))
        #expect(result.standardOutput.contains("\"errorToAccuracyRatio\": 0.4,"))
        let typo = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--compare", "strnog"])
        #expect(typo.status == 64 && typo.standardError.contains("did you mean 'strong'?"))
        let alone = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--scenarios", "Scenarios/hard.json"])
        #expect(alone.status == 64 && alone.standardError.contains("add --compare"))
        let fidelity = try await TrackBenchExecutable.run(["fidelity", "Examples/Recordings/suite.json", "--compare", "weak", "--filter", "raw", "--filter", "kalman", "--filter", "rts-smoother", "--seeds", "100...101"])
        #expect(fidelity.status == 0)
        #expect(fidelity.standardOutput.contains("Given profile 'weak'"))
    }

    @Test func fidelityComparesTheRankingsAndSaysWhichRecordingsItSkipped() async throws {
        let result = try await TrackBenchExecutable.run(["fidelity", "Examples/Recordings/suite.json", "--filter", "raw", "--filter", "kalman", "--filter", "rts-smoother", "--seeds", "100...102"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = result.standardOutput
        #expect(report.contains("## track-nmea-vs-reference"))
        #expect(report.contains("Rank correlation, 3 filters: distance error, absolute (%): "))
        #expect(report.contains("| rts-smoother |"))
        #expect(report.contains("Skipped: recording 'track-gnsslogger-vs-route': calibrate needs a truth with times"))
        #expect(report.contains("mean rank correlation"))
        let scenarios = try await TrackBenchExecutable.run(["fidelity", "Scenarios/default.json"])
        #expect(scenarios.status == 64)
        #expect(scenarios.standardError.contains("not a recording suite"))
    }
}

/// A scenario file with a recorded path: the example of simulating phones on a real route in Docs/scenarios.md.
struct RecordedRouteCommandTests {
    @Test func runSimulatesPhonesOnARecordedRouteAsTheScenariosPageShows() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run(["run", "--scenarios", "Examples/Recordings/simulated-track.json", "--output", folder.path])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("Ran 3 scenarios x 13 filters (suite 'track-simulated'"))
            let page = try String(contentsOf: TrackBenchExecutable.packageRoot.appendingPathComponent("Docs/scenarios.md"), encoding: .utf8)
            let shown = page.split(separator: "\n").filter { $0.hasPrefix("Rank  Filter") || $0.hasPrefix("1     ") || $0.hasPrefix("2     ") }
            #expect(shown.count == 3, "Docs/scenarios.md shows \(shown.count) lines of the recorded-route run")
            for line in shown {
                #expect(result.standardOutput.contains(line + "\n"), "Docs/scenarios.md shows a line run does not print: \(line)")
            }
        }
    }
}
