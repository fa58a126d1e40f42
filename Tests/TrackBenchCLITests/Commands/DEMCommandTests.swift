import Foundation
import Testing

/// `trackbench dem` and `--dem` end to end: tiles written from a suite's terrains, then looked up by terrain-lookup.
struct DEMCommandTests {
    @Test func aRecordingSuiteIsAUsageErrorThatSaysWhatItIs() async throws {
        let result = try await TrackBenchExecutable.run(["dem", "--scenarios", "Examples/Recordings/suite.json", "--output", "/tmp/never-written"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("is a recording suite; 'dem' works on scenario files only"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written"))
    }

    /// A small copy of the hills suite, one scenario per terrain, written into `folder`.
    static func smallHillsSuite(in folder: URL, edit: (inout [String: Any]) -> Void = { _ in }) throws -> URL {
        let url = TrackBenchExecutable.packageRoot.appendingPathComponent("Scenarios/hills.json")
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        object["pathTypes"] = ["loop"]
        object["distancesMeters"] = [1000]
        object["speedsMetersPerSecond"] = [3.0]
        object["stopsSeconds"] = [0]
        object["signals"] = Array((object["signals"] as! [[String: Any]]).suffix(1))
        object["terrains"] = Array((object["terrains"] as! [[String: Any]]).suffix(2))
        edit(&object)
        let file = folder.appendingPathComponent("small-hills.json")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        return file
    }

    @Test func demWritesATilePerTerrainAndTerrainLookupFindsEveryFixInThem() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.smallHillsSuite(in: folder)
            let tiles = folder.appendingPathComponent("dem")
            let written = try await TrackBenchExecutable.run([
                "dem", "--scenarios", suite.path, "--output", tiles.path, "--arc-seconds", "3", "--exact",
            ])
            #expect(written.status == 0, "\(written.standardError)")
            #expect(written.standardOutput.contains("1201 x 1201 posts, the exact terrain"))
            #expect(written.standardOutput.contains("N38W123.hgt  terrain rolling") && written.standardOutput.contains("N39W123.hgt  terrain climb"))
            let names = try FileManager.default.contentsOfDirectory(atPath: tiles.path).sorted()
            #expect(names == ["N38W123.hgt", "N39W123.hgt"])
            let size = try FileManager.default.attributesOfItem(atPath: tiles.appendingPathComponent(names[0]).path)[.size] as? Int
            #expect(size == 1201 * 1201 * 2)

            let output = folder.appendingPathComponent("results")
            let run = try await TrackBenchExecutable.run([
                "run", "--scenarios", suite.path, "--seed", "3", "--output", output.path, "--dem", tiles.path,
                "--filter", "raw", "--filter", "terrain-lookup", "--filter", "altitude-smoother", "--filter", "gain-hysteresis",
                "--filter", "barometer-fusion",
            ])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains("Terrain lookups in '\(tiles.path)': "))
            #expect(run.standardOutput.contains(" 0 kept their GPS altitude"))
            let report = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)
            #expect(report.contains("## Elevation"))
            let csv = try String(contentsOf: output.appendingPathComponent("results.csv"), encoding: .utf8)
            let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let header = rows[0]
            let filter = header.firstIndex(of: "filter")!
            let rmse = header.firstIndex(of: "altitude_rmse_m")!
            let gain = header.firstIndex(of: "gain_error_m")!
            func values(_ name: String, _ column: Int) -> [Double] { rows.dropFirst().filter { $0[filter] == name }.map { Double($0[column])! } }
            // On exact tiles the ground under the fix is within a metre or two; GPS altitude swings tens of metres.
            #expect(zip(values("terrain-lookup", rmse), values("raw", rmse)).allSatisfy { $0 < 3 && $0 * 3 < $1 })
            // Raw GPS invents climbing; every altitude filter invents less.
            for name in ["terrain-lookup", "altitude-smoother", "gain-hysteresis", "barometer-fusion"] {
                #expect(zip(values(name, gain), values("raw", gain)).allSatisfy { abs($0) < $1 }, "\(name)")
            }
        }
    }

    /// By default the tiles are as wrong as SRTM's: terrain-lookup's altitude error is the model's, metres not decimetres.
    @Test func defaultTilesCarryAnSRTMLikeErrorThatTerrainLookupInherits() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.smallHillsSuite(in: folder)
            let tiles = folder.appendingPathComponent("dem")
            let written = try await TrackBenchExecutable.run(["dem", "--scenarios", suite.path, "--output", tiles.path, "--arc-seconds", "3"])
            #expect(written.status == 0, "\(written.standardError)")
            #expect(written.standardOutput.contains("smoothed over the posting, vertical error 7.5 m RMS, seed 100"))
            let output = folder.appendingPathComponent("results")
            let run = try await TrackBenchExecutable.run([
                "run", "--scenarios", suite.path, "--seed", "3", "--output", output.path, "--dem", tiles.path, "--filter", "terrain-lookup",
            ])
            #expect(run.status == 0, "\(run.standardError)")
            let csv = try String(contentsOf: output.appendingPathComponent("results.csv"), encoding: .utf8)
            let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            let rmse = try #require(rows[0].firstIndex(of: "altitude_rmse_m"))
            let values = rows.dropFirst().map { Double($0[rmse])! }
            #expect(!values.isEmpty && values.allSatisfy { $0 > 2 && $0 < 15 }, "\(values)")
        }
    }

    @Test(arguments: [["--vertical-error", "3"], ["--seed", "7"]])
    func exactTilesTakeNoErrorSettings(setting: [String]) async throws {
        let arguments = ["dem", "--scenarios", "Scenarios/hills.json", "--output", "/nonexistent", "--exact"] + setting
        let result = try await TrackBenchExecutable.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains("options '--exact' and '\(setting[0])' cannot be used together"), "\(result.standardError)")
    }

    @Test func aSuiteAcrossTheAntimeridianGetsTilesOnBothSidesAndEveryLookupFindsOne() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.smallHillsSuite(in: folder) { object in
                object["origin"] = ["latitude": 10.5, "longitude": 179.9995]
                object["terrains"] = [["name": "climb", "shape": "slope", "baseAltitudeMeters": 200, "gradePercent": 6, "uphillBearingDegrees": 80]]
            }
            let tiles = folder.appendingPathComponent("dem")
            let written = try await TrackBenchExecutable.run(["dem", "--scenarios", suite.path, "--output", tiles.path, "--arc-seconds", "3"])
            #expect(written.status == 0, "\(written.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tiles.path).sorted() == ["N10E179.hgt", "N10W180.hgt"])
            let run = try await TrackBenchExecutable.run([
                "run", "--scenarios", suite.path, "--seed", "3", "--output", folder.appendingPathComponent("results").path, "--dem", tiles.path,
                "--filter", "raw", "--filter", "terrain-lookup",
            ])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains(" 0 kept their GPS altitude"), "\(run.standardOutput)")
        }
    }

    @Test func tilesThatMissThePathsAreCountedByEveryCommandWarnedAboutAndNeverBecomeABaseline() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.smallHillsSuite(in: folder)
            let tiles = folder.appendingPathComponent("dem")
            #expect(try await TrackBenchExecutable.run(["dem", "--scenarios", suite.path, "--output", tiles.path, "--arc-seconds", "3"]).status == 0)
            // The suite's tiles moved 12 degrees north: every lookup misses.
            for (from, to) in [("N38W123", "N50W123"), ("N39W123", "N51W123")] {
                try FileManager.default.moveItem(at: tiles.appendingPathComponent(from + ".hgt"), to: tiles.appendingPathComponent(to + ".hgt"))
            }
            let common = ["--scenarios", suite.path, "--filter", "terrain-lookup", "--dem", tiles.path]
            let warning = "terrain lookups (100.0 %) in '\(tiles.path)' kept their GPS altitude (no tile, all posts void, or an invalid coordinate)"
            let dem = "trackbench dem --scenarios \(suite.path) --output <dir>"
            let run = try await TrackBenchExecutable.run(["run", "--seed", "3", "--output", folder.appendingPathComponent("results").path] + common)
            #expect(run.status == 0)
            #expect(run.standardOutput.contains("Terrain lookups in '\(tiles.path)'"))
            #expect(
                run.standardError.contains("warning: ") && run.standardError.contains(warning) && run.standardError.contains(dem),
                "\(run.standardError)")
            let export = try await TrackBenchExecutable.run(
                ["export", "loop-1000m-3mps-phone-barometer-rolling", "--output", folder.appendingPathComponent("export").path] + common
            )
            #expect(export.status == 0 && export.standardOutput.contains("Terrain lookups in") && export.standardError.contains(warning))
            let sweep = try await TrackBenchExecutable.run([
                "sweep", "altitude-smoother+terrain-lookup", "time=10,20", "--seed", "3", "--scenarios", suite.path, "--dem", tiles.path,
            ])
            #expect(
                sweep.status == 0 && sweep.standardOutput.contains("Terrain lookups in") && sweep.standardError.contains(warning),
                "\(sweep.standardError)")

            let baseline = folder.appendingPathComponent("baseline.csv")
            let update = try await TrackBenchExecutable.run(["check", "--update-baseline", "--baseline", baseline.path, "--seed", "3"] + common)
            #expect(update.status == 1)
            #expect(update.standardError.contains("not writing the baseline: ") && update.standardError.contains(warning), "\(update.standardError)")
            #expect(!FileManager.default.fileExists(atPath: baseline.path))
        }
    }

    @Test func theGateRefusesABaselineMadeOnTilesOfAnotherSpacingAndShardsMergeToTheWholeRun() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.smallHillsSuite(in: folder)
            let tiles = folder.appendingPathComponent("dem")
            #expect(try await TrackBenchExecutable.run(["dem", "--scenarios", suite.path, "--output", tiles.path, "--arc-seconds", "3"]).status == 0)
            let common = ["--scenarios", suite.path, "--seeds", "3...4", "--filter", "raw", "--filter", "terrain-lookup", "--dem", tiles.path]
            let baseline = folder.appendingPathComponent("baseline.csv")
            #expect(try await TrackBenchExecutable.run(["check", "--update-baseline", "--baseline", baseline.path] + common).status == 0)
            let recorded = try String(contentsOf: baseline, encoding: .utf8)
            #expect(recorded.prefix(while: { $0 != "\n" }).hasSuffix(" dem_arcsec=3"))
            #expect(try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + common).status == 0)

            // The same baseline as if recorded on 1 arc-second tiles: refused, naming both and the tiles to write.
            try recorded.replacingOccurrences(of: " dem_arcsec=3", with: " dem_arcsec=1").write(to: baseline, atomically: true, encoding: .utf8)
            let refused = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + common)
            #expect(refused.status == 1)
            #expect(
                refused.standardError.contains("terrain tiles (--dem): baseline 1 arc-second, this run 3 arc-seconds"), "\(refused.standardError)")
            #expect(
                refused.standardError.contains(
                    "'trackbench dem --scenarios \(suite.path) --output tiles-1arcsec --arc-seconds 1' and run with --dem tiles-1arcsec"))
            // A baseline from before the field still gates; when it fails, a note says the tiles may be why.
            let old = recorded.replacingOccurrences(of: " dem_arcsec=3", with: "")
            try old.write(to: baseline, atomically: true, encoding: .utf8)
            #expect(try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + common).status == 0)
            var lines = old.split(separator: "\n").map(String.init)
            let header = lines[1].split(separator: ",").map(String.init)
            let (filter, rmse) = (header.firstIndex(of: "filter")!, header.firstIndex(of: "altitude_rmse_m")!)
            let row = lines.firstIndex { $0.split(separator: ",", omittingEmptySubsequences: false).dropFirst(filter).first == "terrain-lookup" }!
            var fields = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[rmse] = "0.000"
            lines[row] = fields.joined(separator: ",")
            try (lines.joined(separator: "\n") + "\n").write(to: baseline, atomically: true, encoding: .utf8)
            let regressed = try await TrackBenchExecutable.run(["check", "--baseline", baseline.path] + common)
            #expect(regressed.status == 2)
            #expect(
                regressed.standardError.contains("does not record the terrain tiles it was made on; this run used 3 arc-seconds tiles"),
                "\(regressed.standardError)")

            let whole = folder.appendingPathComponent("whole")
            #expect(try await TrackBenchExecutable.run(["run", "--output", whole.path] + common).status == 0)
            var parts: [String] = []
            for shard in 1...2 {
                let part = folder.appendingPathComponent("part\(shard)")
                #expect(try await TrackBenchExecutable.run(["run", "--shard", "\(shard)/2", "--output", part.path] + common).status == 0)
                parts.append(part.path)
            }
            let merged = folder.appendingPathComponent("merged")
            let merge = try await TrackBenchExecutable.run(["merge"] + parts + ["--scenarios", suite.path, "--output", merged.path])
            #expect(merge.status == 0, "\(merge.standardError)")
            #expect(
                try Data(contentsOf: merged.appendingPathComponent("results.csv")) == Data(contentsOf: whole.appendingPathComponent("results.csv")))
        }
    }

    @Test func terrainLookupWithoutTilesIsAUsageError() async throws {
        let result = try await TrackBenchExecutable.run(["run", "--scenarios", "Scenarios/hills.json", "--filter", "kalman+terrain-lookup"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("filter 'kalman+terrain-lookup' needs --dem DIR"))
    }

    @Test func demWithoutOutputSaysItIsMissingAndItsUsageShowsItRequired() async throws {
        let result = try await TrackBenchExecutable.run(["dem", "--scenarios", "Scenarios/hills.json"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'dem' needs --output <dir>, the folder for the tiles."), "\(result.standardError)")
        #expect(result.standardError.contains("USAGE: trackbench dem --output <dir> [--arc-seconds <n>]"))
    }

    @Test func tilesGivenWhenNoFilterLooksTerrainUpGetANote() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.smallHillsSuite(in: folder)
            let tiles = folder.appendingPathComponent("dem")
            #expect(try await TrackBenchExecutable.run(["dem", "--scenarios", suite.path, "--output", tiles.path, "--arc-seconds", "3"]).status == 0)
            let common = ["--scenarios", suite.path, "--seed", "3", "--dem", tiles.path, "--output", folder.appendingPathComponent("out").path]
            let unused = try await TrackBenchExecutable.run(["run", "--filter", "raw"] + common)
            #expect(unused.status == 0)
            #expect(unused.standardError.contains("note: no filter looks terrain up, so the tiles in '\(tiles.path)' (--dem) are not used"))
            let used = try await TrackBenchExecutable.run(["run", "--filter", "raw", "--filter", "kalman+terrain-lookup"] + common)
            #expect(used.status == 0 && !used.standardError.contains("note:"))
        }
    }

    @Test func aTruncatedTileFailsBeforeAnythingRunsNamingIt() async throws {
        try await withTemporaryFolder { folder in
            let tile = folder.appendingPathComponent("N38W123.hgt")
            try Data(count: 1000).write(to: tile)
            let result = try await TrackBenchExecutable.run([
                "run", "--scenarios", "Scenarios/hills.json", "--filter", "terrain-lookup", "--dem", folder.path,
            ])
            #expect(result.status == 1)
            #expect(
                result.standardError.contains(
                    "'\(tile.path)' has 1000 bytes; an SRTM tile has 2884802 bytes (1201 x 1201 posts) or 25934402 bytes (3601 x 3601 posts)"))
        }
    }

    @Test func aSuiteWithoutTerrainsOrWithTwoOnOneTileIsAnError() async throws {
        let flat = try await TrackBenchExecutable.run(["dem", "--output", "/tmp/unused-trackbench-dem"])
        #expect(flat.status == 1)
        #expect(flat.standardError.contains("the suite has no terrains"))
        try await withTemporaryFolder { folder in
            let suite = try Self.smallHillsSuite(in: folder) { object in
                var terrains = object["terrains"] as! [[String: Any]]
                terrains[1]["origin"] = terrains[0]["origin"]
                object["terrains"] = terrains
            }
            let shared = try await TrackBenchExecutable.run(["dem", "--scenarios", suite.path, "--output", folder.appendingPathComponent("dem").path])
            #expect(shared.status == 1)
            #expect(shared.standardError.contains("terrains 'rolling' and 'climb' both need tile N38W123.hgt"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dem").path))
        }
        let resolution = try await TrackBenchExecutable.run([
            "dem", "--scenarios", "Scenarios/hills.json", "--output", "/tmp/unused", "--arc-seconds", "2",
        ])
        #expect(resolution.status == 64)
    }

    @Test func exportWritesThePhonesBarometerReadingsBesideTheFixes() async throws {
        try await withTemporaryFolder { folder in
            let result = try await TrackBenchExecutable.run([
                "export", "loop-5000m-6mps-phone-barometer-climb", "--scenarios", "Scenarios/hills.json", "--output", folder.path,
                "--filter", "barometer-fusion",
            ])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("barometer.csv ("))
            let text = try String(contentsOf: folder.appendingPathComponent("barometer.csv"), encoding: .utf8)
            #expect(text.hasPrefix("time_s,relative_altitude_m\n0.0,"))
            let noisy = try String(contentsOf: folder.appendingPathComponent("noisy.csv"), encoding: .utf8)
            let fused = try String(contentsOf: folder.appendingPathComponent("estimated-barometer-fusion.csv"), encoding: .utf8)
            #expect(noisy.split(separator: "\n").count == fused.split(separator: "\n").count)
            #expect(noisy != fused, "the fusion changes the altitudes")
        }
    }
}
