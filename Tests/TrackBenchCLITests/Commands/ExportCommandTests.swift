import Foundation
import Testing
import TrackBench

/// `trackbench export` end to end: the true, noisy and estimated paths of one scenario, as the run measured them.
struct ExportCommandTests {
    static let scenarioID = "outAndBack-1000m-2.8mps-strong"
    static let pathHeader = "timestamp_s,latitude,longitude,altitude_m,horizontal_accuracy_m,vertical_accuracy_m,course_deg,speed_mps,delivery_time_s"

    @Test func exportWritesTrueAndNoisyPathsWithTheDocumentedHeader() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("paths")
            let result = try await TrackBenchExecutable.run(["export", Self.scenarioID, "--output", output.path])
            #expect(result.status == 0)
            #expect(result.standardError.isEmpty)
            #expect(result.standardOutput.contains("for \(Self.scenarioID), seed 100"))
            for name in ["true.csv", "noisy.csv"] {
                let text = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
                let table = try CSVTable(text)
                #expect(table.header.joined(separator: ",") == Self.pathHeader, "\(name)")
                #expect(table.rows.count > 100, "\(name)")
                #expect(table.rows.allSatisfy { row in row.count == 9 && row.allSatisfy { Double($0) != nil } }, "\(name)")
            }
        }
    }

    @Test func exportWritesEachFiltersEstimatesMatchingTheRun() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("paths")
            async let export = TrackBenchExecutable.run(
                ["export", Self.scenarioID, "--output", output.path, "--filter", "kalman", "--filter", "accuracy-gate+cv-kalman"]
            )
            let run = try await SharedRuns.defaultRun.value
            #expect(try await export.status == 0)
            let results = try CSVTable(try #require(run.resultsCSV))
            for (label, file) in [("kalman", "estimated-kalman.csv"), ("cv-kalman", "estimated-accuracy-gate_cv-kalman.csv")] {
                let row = try #require(try results.row(where: ["scenario": Self.scenarioID, "filter": label]))
                let estimated = try CSVTable(String(contentsOf: output.appendingPathComponent(file), encoding: .utf8))
                #expect(estimated.rows.count == Int(try results.value("estimated_fixes", in: row)))
                let distance = try #require(Double(try results.value("estimated_distance_m", in: row)))
                // A clean strong signal: the accuracy gate passes everything, so the pipeline equals cv-kalman.
                #expect(abs(try Self.totalDistanceMeters(of: estimated) - distance) <= 0.001, "\(file)")
            }
        }
    }

    @Test func exportedPathsReproduceTheDistancesAndFixCountOfTheRun() async throws {
        try await withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("paths")
            async let export = TrackBenchExecutable.run(["export", Self.scenarioID, "--output", output.path])
            let run = try await SharedRuns.defaultRun.value
            #expect(try await export.status == 0)

            let results = try CSVTable(try #require(run.resultsCSV))
            let row = try #require(try results.row(where: ["scenario": Self.scenarioID, "filter": "raw"]))
            let fixes = try #require(Int(try results.value("fixes", in: row)))
            let trueDistance = try #require(Double(try results.value("true_distance_m", in: row)))
            let noisyDistance = try #require(Double(try results.value("noisy_distance_m", in: row)))

            let truePath = try CSVTable(String(contentsOf: output.appendingPathComponent("true.csv"), encoding: .utf8))
            let noisyPath = try CSVTable(String(contentsOf: output.appendingPathComponent("noisy.csv"), encoding: .utf8))
            #expect(noisyPath.rows.count == fixes)
            #expect(abs(try Self.totalDistanceMeters(of: truePath) - trueDistance) <= 0.001)
            #expect(abs(try Self.totalDistanceMeters(of: noisyPath) - noisyDistance) <= 0.001)
        }
    }

    @Test func exportWithAnotherSeedWritesAnotherNoisyPath() async throws {
        try await withTemporaryFolder { folder in
            let first = folder.appendingPathComponent("seed100")
            let second = folder.appendingPathComponent("seed7")
            async let defaultSeed = TrackBenchExecutable.run(["export", Self.scenarioID, "--output", first.path])
            async let otherSeed = TrackBenchExecutable.run(["export", Self.scenarioID, "--output", second.path, "--seed", "7"])
            let (a, b) = try await (defaultSeed, otherSeed)
            #expect(a.status == 0 && b.status == 0)
            #expect(b.standardOutput.contains("seed 7"))
            let noisyA = try Data(contentsOf: first.appendingPathComponent("noisy.csv"))
            let noisyB = try Data(contentsOf: second.appendingPathComponent("noisy.csv"))
            #expect(noisyA != noisyB)
        }
    }

    /// The summed haversine length of a path CSV, recomputed from its latitude and longitude columns.
    private static func totalDistanceMeters(of path: CSVTable) throws -> Double {
        let latitudes = try path.column("latitude").map { try #require(Double($0)) }
        let longitudes = try path.column("longitude").map { try #require(Double($0)) }
        let coordinates = zip(latitudes, longitudes).map { Coordinate(latitude: $0, longitude: $1) }
        return zip(coordinates, coordinates.dropFirst()).reduce(0) { total, step in
            total + GreatCircle.distanceMeters(from: step.0, to: step.1)
        }
    }
}
