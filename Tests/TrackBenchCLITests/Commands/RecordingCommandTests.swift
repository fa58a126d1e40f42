import Foundation
import Testing

/// `run`, `check` and `merge` on a recording suite, end to end, with the example recordings in Examples/Recordings.
struct RecordingCommandTests {
    private static let suite = "Examples/Recordings/suite.json"
    private let runArguments = ["run", "--scenarios", suite, "--filter", "raw", "--filter", "cv-kalman"]

    @Test func runReplaysEveryRecordingAndSaysHowEachWasAligned() async throws {
        let output = try await TrackBenchExecutable.runCollectingResults(runArguments)
        #expect(output.result.status == 0, "\(output.result.standardError)")
        let printed = output.result.standardOutput
        #expect(printed.contains("track-nmea-vs-reference: NMEA 0183, 499 fixes"))
        #expect(printed.contains("truth: route (GPX, 145 points)"))
        #expect(printed.contains("passed over 499 FLP rows"))
        #expect(printed.contains("Ran 3 recordings x 2 filters (suite 'examples')"))
        let table = try CSVTable(try #require(output.resultsCSV))
        #expect(table.rows.count == 6)
        #expect(try table.column("truth") == ["time", "time", "route", "route", "distance", "distance"])
        #expect(try table.column("tags").allSatisfy { $0 == "activity=run;device=receiver" || $0 == "activity=run;device=pixel-7" })
        #expect(try table.column("position_p50_m")[4].isEmpty)
        let report = try #require(output.reportMarkdown)
        #expect(report.contains("3 recordings x 2 filters, each replayed once as recorded"))
        #expect(report.contains("## By device"))
        #expect(!report.contains("Seeds won"))
        // The output the README and Docs/recordings.md show is what run prints.
        for page in ["README.md", "Docs/recordings.md"] {
            let text = try String(contentsOf: TrackBenchExecutable.packageRoot.appendingPathComponent(page), encoding: .utf8)
            let shown = text.split(separator: "\n").filter {
                $0.hasPrefix("Read 'Examples") || $0.hasPrefix("  track-") || $0.hasPrefix("    note: ")
            }
            #expect(shown.count >= 3, "\(page) shows no run output")
            for line in shown {
                #expect(printed.contains(line + "\n"), "\(page) shows a line run does not print: \(line)")
            }
        }
    }

    @Test func seedsAreRefusedForARecordingSuite() async throws {
        let result = try await TrackBenchExecutable.run(runArguments + ["--seeds", "1...3"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("recording suite"))
        let sweep = try await TrackBenchExecutable.run(["sweep", "kalman", "q=1,2", "--scenarios", Self.suite])
        #expect(sweep.status == 64 && sweep.standardError.contains("works on scenario files only"), "\(sweep.standardError)")
    }

    @Test func twoShardsMergeIntoTheUnshardedRunAndTheGateComparesIt() async throws {
        try await withTemporaryFolder { folder in
            let whole = folder.appendingPathComponent("whole")
            #expect(try await TrackBenchExecutable.run(runArguments + ["--output", whole.path]).status == 0)
            var parts: [String] = []
            for index in 1...2 {
                let part = folder.appendingPathComponent("part\(index)")
                let result = try await TrackBenchExecutable.run(runArguments + ["--shard", "\(index)/2", "--output", part.path])
                #expect(result.status == 0, "\(result.standardError)")
                parts.append(part.path)
            }
            let merged = folder.appendingPathComponent("merged")
            let merge = try await TrackBenchExecutable.run(["merge"] + parts + ["--scenarios", Self.suite, "--output", merged.path])
            #expect(merge.status == 0, "\(merge.standardError)")
            for file in ["results.csv", "report.md"] {
                #expect(
                    try Data(contentsOf: merged.appendingPathComponent(file)) == Data(contentsOf: whole.appendingPathComponent(file)),
                    "\(file) differs")
            }
            let baseline = folder.appendingPathComponent("baseline.csv").path
            let checkArguments = ["check", "--scenarios", Self.suite, "--baseline", baseline, "--filter", "raw", "--filter", "cv-kalman"]
            #expect(try await TrackBenchExecutable.run(checkArguments + ["--update-baseline"]).status == 0)
            let check = try await TrackBenchExecutable.run(checkArguments)
            #expect(check.status == 0 && check.standardOutput.contains("6 results paired"), "\(check.standardOutput)\(check.standardError)")
        }
    }

    @Test func aTruthThatDoesNotOverlapFailsNamingTheRecording() async throws {
        try await withTemporaryFolder { folder in
            let examples = TrackBenchExecutable.packageRoot.appendingPathComponent("Examples/Recordings")
            let suite = folder.appendingPathComponent("suite.json")
            let text = """
            {"name": "shifted", "recordings": [{"id": "late", "fixes": "\(examples.path)/track-phone.nmea",
              "truth": "\(examples.path)/track-truth.gpx", "timeOffsetSeconds": 3600}]}
            """
            try Data(text.utf8).write(to: suite)
            let result = try await TrackBenchExecutable.run(["run", "--scenarios", suite.path, "--output", folder.appendingPathComponent("out").path])
            #expect(result.status == 1)
            #expect(result.standardError.contains("recording 'late': the truth covers 2023-11-14T22:13:20Z"), "\(result.standardError)")
        }
    }

    @Test func aTruthThatCoversNoDistanceFailsAtLoadNamingTheSuiteRecordingAndTruth() async throws {
        try await withTemporaryFolder { folder in
            let examples = TrackBenchExecutable.packageRoot.appendingPathComponent("Examples/Recordings")
            let point = #"<trk><trkseg><trkpt lat="37.4275" lon="-122.1697"/></trkseg></trk>"#
            try Data(#"<?xml version="1.0"?><gpx version="1.1" creator="t">\#(point)</gpx>"#.utf8)
                .write(to: folder.appendingPathComponent("one-point.gpx"))
            let suite = folder.appendingPathComponent("suite.json")
            try Data(
                #"{"name": "dot", "recordings": [{"id": "walk", "fixes": "\#(examples.path)/track-phone.nmea", "truth": "one-point.gpx"}]}"#.utf8
            ).write(to: suite)
            let result = try await TrackBenchExecutable.run([
                "run", "--scenarios", suite.path, "--filter", "raw", "--output", folder.appendingPathComponent("out").path,
            ])
            #expect(result.status == 1)
            #expect(
                result.standardError.hasPrefix(
                    "Error: recording suite '\(suite.path)', recording 'walk': truth 'one-point.gpx' is a route of 1 point"),
                "\(result.standardError)")
            #expect(result.standardError.contains("expected a truth of at least 2 points at different places"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "a refused suite must write nothing")
        }
    }

    @Test func aBadRecordingSuiteKeyIsNamed() async throws {
        try await withTemporaryFolder { folder in
            let suite = folder.appendingPathComponent("suite.json")
            try Data(#"{"name": "x", "recordings": [{"id": "a", "fixes": "f.nmea", "distanceMeter": 5}]}"#.utf8).write(to: suite)
            let result = try await TrackBenchExecutable.run(["run", "--scenarios", suite.path])
            #expect(result.status == 1)
            #expect(
                result.standardError.contains("recordings[0]") && result.standardError.contains("did you mean 'distanceMeters'"),
                "\(result.standardError)")
            #expect(result.standardError.hasPrefix("Error: recording suite '"), "\(result.standardError)")
            // A tag value with '|' would break the report's tables.
            try Data(#"{"name": "x", "recordings": [{"id": "a", "fixes": "f.nmea", "distanceMeters": 500, "tags": {"device": "a|b"}}]}"#.utf8)
                .write(to: suite)
            let tag = try await TrackBenchExecutable.run(["run", "--scenarios", suite.path])
            #expect(tag.status == 1 && tag.standardError.contains("recordings[0].tags") && tag.standardError.contains("'|'"), "\(tag.standardError)")
        }
    }
}
