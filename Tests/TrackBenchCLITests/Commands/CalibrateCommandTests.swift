import Foundation
import Testing
import TrackBench

/// `calibrate` and `fidelity`, end to end on the example recordings in Examples/Recordings.
struct CalibrateCommandTests {
    private static let fixes = "Examples/Recordings/track-phone.nmea"
    private static let truth = "Examples/Recordings/track-truth.gpx"

    /// The readers' range checks hold in `calibrate` too: a fix with an HDOP of 1e308 is skipped and named, not fitted.
    @Test func anImplausibleHDOPIsSkippedAndNamedInsteadOfFitted() async throws {
        try await withTemporaryFolder { folder in
            let original = try String(
                contentsOf: TrackBenchExecutable.packageRoot.appendingPathComponent(Self.fixes), encoding: .utf8)
            // The example ends its lines with CRLF, which Swift reads as one character.
            var lines = original.components(separatedBy: "\r\n")
            let index = try #require(lines.firstIndex { $0.hasPrefix("$GPGGA,221324.00,") })
            var fields = lines[index].dropFirst().split(separator: "*")[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[8] = "1e308"
            let body = fields.joined(separator: ",")
            let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            lines[index] = "$" + body + "*" + String(format: "%02X", checksum)
            let fixes = folder.appendingPathComponent("phone.nmea")
            try lines.joined(separator: "\r\n").write(to: fixes, atomically: false, encoding: .utf8)
            let result = try await TrackBenchExecutable.run(["calibrate", fixes.path, "--truth", Self.truth])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains("HDOP above 100: 1"), "\(result.standardError)")
            #expect(result.standardError.contains("498 fixes"))
        }
    }

    @Test func calibratePrintsAProfileThatPastesIntoAScenarioFileAndTheStatisticsSideBySide() async throws {
        let result = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--name", "example-receiver"])
        #expect(result.status == 0, "\(result.standardError)")
        let file =
            "{\"name\": \"pasted\", \"description\": \"\", \"origin\": {\"latitude\": 37.4, \"longitude\": -122.1}, \"pathTypes\": [\"loop\"], "
            + "\"distancesMeters\": [1000], \"speedsMetersPerSecond\": [2], \"stopsSeconds\": [0], \"signals\": [\(result.standardOutput)]}"
        let suite = try ScenarioSuite.decode(Data(file.utf8), file: "pasted.json")
        #expect(suite.signals.map(\.name) == ["example-receiver"])
        #expect(result.standardError.contains("statistic"))
        #expect(result.standardError.contains("error decorrelation, 1/e, no excursions (s)"))
        // The output Docs/calibration.md and the README show is what calibrate prints.
        for page in ["README.md", "Docs/calibration.md"] {
            let text = try String(contentsOf: TrackBenchExecutable.packageRoot.appendingPathComponent(page), encoding: .utf8)
            let shown = text.split(separator: "\n").filter { line in
                ["Calibrated '", "statistic ", "error ", "fixes ", "  \"errorToAccuracyRatio\"", "  \"driftTimeConstantSeconds\""].contains {
                    line.hasPrefix($0)
                }
            }
            #expect(shown.count >= 3, "\(page) shows no calibrate output")
            for line in shown {
                #expect(
                    (result.standardError + result.standardOutput).contains(line + "\n"), "\(page) shows a line calibrate does not print: \(line)")
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
        #expect(apart.standardError.contains("fixes overlap") && apart.standardError.contains("check the files and --time-offset"))
    }

    @Test func fixesWithoutAnAccuracySayTheAccuracyComparedWithWasAssumed() async throws {
        // The truth's GPX as fixes: no accuracy, no HDOP, so every fix gets the range error, and the table's reported
        // accuracy is that assumption, which the note says.
        let result = try await TrackBenchExecutable.run(["calibrate", Self.truth, "--truth", Self.truth, "--seed", "1"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("fixes with neither an accuracy nor an HDOP: 5 m (userEquivalentRangeErrorMeters)"))
        #expect(result.standardError.contains("seeds 1 (1 run)"))
    }

    @Test func compareChecksAGivenProfileAgainstTheRecordingInsteadOfFitting() async throws {
        let result = try await TrackBenchExecutable.run([
            "calibrate", Self.fixes, "--truth", Self.truth, "--compare", "strong", "--seeds", "100...102",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Time offset 0 s, best fit -0.2 s.\nCompared signal 'strong' with \(Self.fixes)"))
        #expect(result.standardOutput.contains("\"errorToAccuracyRatio\": 0.4,"))
        let typo = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--compare", "strnog"])
        #expect(typo.status == 64 && typo.standardError.contains("did you mean 'strong'?"))
        let alone = try await TrackBenchExecutable.run(["calibrate", Self.fixes, "--truth", Self.truth, "--scenarios", "Scenarios/hard.json"])
        #expect(alone.status == 64 && alone.standardError.contains("add --compare"))
        let fidelity = try await TrackBenchExecutable.run([
            "fidelity", "Examples/Recordings/suite.json", "--compare", "weak", "--filter", "raw", "--filter", "kalman", "--filter", "rts-smoother",
            "--seeds", "100...101",
        ])
        #expect(fidelity.status == 0)
        #expect(fidelity.standardOutput.contains("Given profile 'weak'"))
    }

    @Test func fidelityComparesTheRankingsAndSaysWhichRecordingsItSkipped() async throws {
        let result = try await TrackBenchExecutable.run([
            "fidelity", "Examples/Recordings/suite.json", "--filter", "raw", "--filter", "kalman", "--filter", "rts-smoother", "--seeds", "100...102",
        ])
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

/// `fidelity` on suites where it can rank nothing: an error saying why for each recording, not an empty report.
struct FidelityComparesNothingTests {
    @Test func aSuiteWithoutATimedTruthFailsNamingEachRecordingsReason() async throws {
        try await withTemporaryFolder { folder in
            let examples = TrackBenchExecutable.packageRoot.appendingPathComponent("Examples/Recordings").path
            let suite = folder.appendingPathComponent("untimed.json")
            try Data(#"""
            {"name": "untimed", "recordings": [
              {"id": "on-route", "fixes": "\#(examples)/track-phone-gnsslogger.txt", "truth": "\#(examples)/track-route.gpx"},
              {"id": "by-length", "fixes": "\#(examples)/track-phone-gnsslogger.txt", "distanceMeters": 1600}]}
            """#.utf8).write(to: suite)
            let result = try await TrackBenchExecutable.run(["fidelity", suite.path, "--seeds", "100...101"])
            #expect(result.status == 1)
            #expect(result.standardOutput.isEmpty)
            let message = result.standardError
            #expect(message.hasPrefix("Error: fidelity compared nothing in '\(suite.path)': no recording gave a rank correlation."), "\(message)")
            #expect(message.contains("  - recording 'on-route': calibrate needs a truth with times (the route alignment has none)"))
            #expect(message.contains("  - recording 'by-length': calibrate needs a truth with times (the distance alignment has none)"))
        }
    }

    @Test func aTruthTooShortToCalibrateFromFailsSayingHowFewFixesOverlap() async throws {
        try await withTemporaryFolder { folder in
            let fixes = TrackBenchExecutable.packageRoot.appendingPathComponent("Examples/Recordings/track-phone.nmea").path
            // The phone logs a fix a second from 22:13:23; this reference spans 1.5 s of them.
            try Data(#"""
            <?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg>
            <trkpt lat="37.4275" lon="-122.1697"><time>2023-11-14T22:13:23Z</time></trkpt>
            <trkpt lat="37.4276" lon="-122.1697"><time>2023-11-14T22:13:24.5Z</time></trkpt>
            </trkseg></trk></gpx>
            """#.utf8).write(to: folder.appendingPathComponent("short.gpx"))
            let suite = folder.appendingPathComponent("short.json")
            try Data(#"{"name": "short", "recordings": [{"id": "brief", "fixes": "\#(fixes)", "truth": "short.gpx"}]}"#.utf8).write(to: suite)
            let result = try await TrackBenchExecutable.run(["fidelity", suite.path, "--seeds", "100...101"])
            #expect(result.status == 1)
            #expect(
                result.standardError.contains("  - recording 'brief': 2 fixes with a position overlap the truth; at least 3 are needed"),
                "\(result.standardError)")
        }
    }

    @Test func fewerThanThreeFiltersGiveNoRankCorrelationAndFail() async throws {
        let result = try await TrackBenchExecutable.run([
            "fidelity", "Examples/Recordings/suite.json", "--filter", "raw", "--filter", "kalman", "--seeds", "100...101",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains("  - recording 'track-nmea-vs-reference': 2 filters ran, but a rank correlation needs at least 3"),
            "\(result.standardError)")
    }
}

/// A scenario file with a recorded path: the example of simulating phones on a real route in Docs/scenarios.md.
struct RecordedRouteCommandTests {
    @Test func runSimulatesPhonesOnARecordedRouteAsTheScenariosPageShows() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run([
                "run", "--scenarios", "Examples/Recordings/simulated-track.json", "--output", folder.path,
            ])
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
