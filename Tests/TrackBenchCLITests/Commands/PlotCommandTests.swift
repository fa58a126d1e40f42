import Foundation
import Testing

/// `trackbench plot` end to end: the map and the timeline of one scenario.
struct PlotCommandTests {
    static let scenarioID = "outAndBack-1000m-2.8mps-strong"

    @Test func plotWritesTheMapAndTheTimelineAndSaysWhere() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("pictures")
            let result = try await TrackBenchExecutable.run(
                ["plot", Self.scenarioID, "--output", output.path, "--seed", "7", "--filter", "kalman", "--filter", "slow=running-average:window=15"]
            )
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.isEmpty)
            let map = output.appendingPathComponent("map-\(Self.scenarioID).svg")
            let timeline = output.appendingPathComponent("error-\(Self.scenarioID).svg")
            #expect(result.standardOutput.contains("Wrote \(map.path) and \(timeline.path) for \(Self.scenarioID), seed 7, filters kalman, slow."))
            #expect(result.standardOutput.contains("The map's inset is the worst stretch, "))
            for url in [map, timeline] {
                let svg = try String(contentsOf: url, encoding: .utf8)
                #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(url.lastPathComponent)")
                #expect(svg.contains("\(Self.scenarioID), seed 7</title>"))
                #expect(svg.contains(">kalman</text>") && svg.contains(">slow</text>"))
            }
        }
    }

    @Test func plotWithoutFiltersDrawsTheDefaultOnesAndTheHelpSaysWhich() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run(["plot", Self.scenarioID, "--output", folder.path])
            #expect(result.status == 0, "\(result.standardError)")
            let map = try String(contentsOf: folder.appendingPathComponent("map-\(Self.scenarioID).svg"), encoding: .utf8)
            for filter in ["raw", "kalman", "rts-smoother"] {
                #expect(map.contains(">\(filter)</text>"), "\(filter)")
            }
        }
        let help = try await TrackBenchExecutable.run(["plot", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("(default: raw, kalman, rts-smoother)"))
        #expect(help.standardOutput.contains("<scenario>") && help.standardOutput.contains("--output <dir>"))
    }

    @Test func plotDrawsAScenarioOfAnotherSuite() async throws {
        try await withTemporaryFolder { folder in
            let id = "loop-2000m-3mps-stop45s-signal-loss"
            let result = try await TrackBenchExecutable.run([
                "plot", id, "--scenarios", "Scenarios/hard.json", "--output", folder.path, "--filter", "raw",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            let timeline = try String(contentsOf: folder.appendingPathComponent("error-\(id).svg"), encoding: .utf8)
            #expect(timeline.contains(">stop (standing still)</text>") && timeline.contains(">dropout (no fix for over 3 s)</text>"))
        }
    }

    @Test func plotDrawsARecordingOfARecordingSuiteAsRecorded() async throws {
        try await withTemporaryFolder { folder in
            let id = "track-nmea-vs-reference"
            let result = try await TrackBenchExecutable.run(["plot", id, "--scenarios", "Examples/Recordings/suite.json", "--output", folder.path])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("for \(id), as recorded, filters raw, kalman, rts-smoother."))
            let map = try String(contentsOf: folder.appendingPathComponent("map-\(id).svg"), encoding: .utf8)
            #expect(map.contains("<title>Path map: \(id), as recorded</title>"))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("error-\(id).svg").path))
        }
        let distanceOnly = try await TrackBenchExecutable.run([
            "plot", "track-gnsslogger-vs-distance", "--scenarios", "Examples/Recordings/suite.json", "--output", "/tmp",
        ])
        #expect(distanceOnly.status == 1)
        #expect(distanceOnly.standardError.contains("has only a distance as its truth"))
    }

    @Test(arguments: [
        (
            ["plot", "track-nmea-vs-referense", "--scenarios", "Examples/Recordings/suite.json"],
            ["no recording 'track-nmea-vs-referense'", "Did you mean 'track-nmea-vs-reference'?"]
        ),
        (
            ["plot", "track-nmea-vs-reference", "--scenarios", "Examples/Recordings/suite.json", "--seed", "3"],
            ["is a recording suite", "--seed and --seeds do not apply"]
        ),
        (
            ["plot", "outAndBack-1000m-2.8mps-strnog"],
            ["no scenario 'outAndBack-1000m-2.8mps-strnog' in 'Scenarios/default.json'", "Did you mean 'outAndBack-1000m-2.8mps-strong'?"]
        ),
        (["plot"], ["'plot' needs a scenario id"]),
        (["plot", "outAndBack-1000m-2.8mps-strong", "--filter", "kalmn"], ["unknown filter 'kalmn'", "Did you mean 'kalman'?"]),
        (["plot", "outAndBack-1000m-2.8mps-strong", "--seeds", "1...2"], ["unknown option '--seeds' for 'plot'"]),
    ])
    func badUsageExitsWithUsageCodeAndWritesNothing(arguments: [String], fragments: [String]) async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("pictures")
            let result = try await TrackBenchExecutable.run(arguments + ["--output", output.path])
            #expect(result.status == 64)
            #expect(result.standardOutput.isEmpty)
            for fragment in fragments {
                #expect(result.standardError.contains(fragment), "\(result.standardError) lacks \(fragment)")
            }
            #expect(result.standardError.contains("See 'trackbench help plot'."))
            #expect(!FileManager.default.fileExists(atPath: output.path), "a failed command wrote output")
        }
    }
}
