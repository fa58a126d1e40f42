import Testing

struct SpeedCommandTests {
    @Test func printsOneRowPerFilterWithStagesForPipelines() async throws {
        let result = try await TrackBenchExecutable.run(
            ["speed", "--scenarios", "Scenarios/hard.json", "--filter", "raw", "--filter", "accuracy-gate+kalman", "--repeat", "1"]
        )
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Timed 2 filters on the ") && $0.contains("Scenarios/hard.json (seed 100,") })
        let header = try #require(lines.firstIndex { $0.hasPrefix("FILTER") })
        let raw = lines[header + 1].split(separator: " ", omittingEmptySubsequences: true)
        #expect(raw.count == 2 && raw[0] == "raw" && Double(raw[1]) != nil)
        let pipeline = lines[header + 2].split(separator: " ", omittingEmptySubsequences: true)
        // label, total, stage + stage, ratio
        #expect(pipeline.count == 6 && pipeline[0] == "accuracy-gate+kalman" && pipeline[3] == "+" && Double(pipeline[5]) != nil)
    }

    @Test func aSingleFilterAndRunAreCountedInTheSingular() async throws {
        let result = try await TrackBenchExecutable.run(["speed", "--scenarios", "Scenarios/hard.json", "--filter", "raw", "--repeat", "1"])
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("Timed ") })
        #expect(line.hasPrefix("Timed 1 filter on the 48 noisy paths of Scenarios/hard.json (seed 100, "), "\(line)")
        #expect(line.hasSuffix(" fixes), median of 1 run each:"), "\(line)")
    }

    @Test func onASuiteWithSensorsFeedsTheEventsAndTimesPipelinesWhole() async throws {
        let result = try await TrackBenchExecutable.run(
            [
                "speed", "--scenarios", "Scenarios/dead-reckoning.json", "--filter", "pdr-paper", "--filter", "accuracy-gate+pdr-fusion",
                "--repeat", "1",
            ]
        )
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("fed each scenario's sensor or barometer events") })
        let header = try #require(lines.firstIndex { $0.hasPrefix("FILTER") })
        let rows = lines[(header + 1)...(header + 2)].map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.map { $0.count } == [2, 2], "\(rows)")
        #expect(rows.map { String($0[0]) } == ["pdr-paper", "accuracy-gate+pdr-fusion"])
        #expect(rows.allSatisfy { Double($0[1]).map { $0 > 0 } == true })
    }

    @Test(arguments: ["0", "x", "1001"])
    func aBadRepeatCountIsAUsageError(value: String) async throws {
        let result = try await TrackBenchExecutable.run(["speed", "--repeat", value])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--repeat"))
        #expect(result.standardError.contains("a whole number from 1 to 1000"))
    }
}
