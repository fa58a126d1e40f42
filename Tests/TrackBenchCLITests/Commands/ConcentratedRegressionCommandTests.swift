import Foundation
import Testing

/// `trackbench check` end to end on regressions confined to a corner of the suite: each exits 2 and the verdict's
/// first lines name the filter, the metric and where, whatever else the baseline holds.
///
/// The baseline is the committed `Results/baseline.csv` (every built-in filter, the default suite, seeds
/// 100...109); the run is that file with `kalman`'s measured values made worse on chosen rows only, judged with
/// `check --results`, as in CI where unchanged rows are identical. Editing the rows makes each shape exact (a
/// filter process would move every row it touches by its own noise) and needs no run of the suite.
struct ConcentratedRegressionCommandTests {
    private static let baseline = TrackBenchExecutable.packageRoot.appendingPathComponent("Results/baseline.csv")

    /// The baseline's lines: the context, the header, then the rows.
    private static func lines() throws -> [String] {
        try String(contentsOf: baseline, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The baseline with `change` applied to `column` of kalman's rows that `selected` picks (by the row's fields by
    /// column name), written into `folder`; `filters` keeps only those filters' rows (nil: every filter), by default raw's and kalman's,
    /// which keeps the gate run short.
    private static func edited(
        in folder: URL, name: String, column: String, filters: Set<String>? = ["raw", "kalman"],
        where selected: ([String: String]) -> Bool = { _ in true }, _ change: (Double) -> Double
    ) throws -> URL {
        var lines = try lines()
        let header = lines[1].split(separator: ",").map(String.init)
        let index = try #require(header.firstIndex(of: column))
        var kept = Array(lines[0...1])
        for line in lines.dropFirst(2) {
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let row = Dictionary(uniqueKeysWithValues: zip(header, fields))
            if let filters, !filters.contains(row["filter"] ?? "") { continue }
            if row["filter"] == "kalman" && selected(row), let value = Double(fields[index]) {
                let decimals = fields[index].split(separator: ".").dropFirst().first?.count ?? 0
                fields[index] = String(format: "%.\(decimals)f", change(value))
            }
            kept.append(fields.joined(separator: ","))
        }
        lines = kept
        let url = folder.appendingPathComponent(name)
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `check --results run --baseline baseline`: the exit status and the output's first 12 lines. By default the
    /// baseline is the committed one's raw and kalman rows, written into the run's folder.
    private static func check(_ run: URL, baseline: URL? = nil) async throws -> (status: Int32, head: String, output: String) {
        let baseline = try baseline ?? edited(in: run.deletingLastPathComponent(), name: "baseline.csv", column: "lag_s") { $0 }
        let result = try await TrackBenchExecutable.run(["check", "--results", run.path, "--baseline", baseline.path])
        let head = result.standardOutput.split(separator: "\n").prefix(12).joined(separator: "\n")
        return (result.status, head, result.standardOutput)
    }

    @Test func aCornerOfAGroupFailsNamingTheFilterMetricAndGroup() async throws {
        try await withTemporaryFolder { folder in
            // Weak signal at 1000 m: 60 of kalman's 540 rows, a ninth of the suite, 30 % worse position RMSE.
            let run = try Self.edited(in: folder, name: "run.csv", column: "position_rmse_m", where: {
                $0["signal"] == "weak" && $0["nominal_distance_m"] == "1000"
            }) { $0 * 1.3 }
            let result = try await Self.check(run)
            #expect(result.status == 2, "\(result.output)")
            #expect(result.head.contains("FAILED: `kalman` got worse: `position_rmse_m`"), "\(result.head)")
            #expect(result.head.contains("signal weak") || result.head.contains("distance 1000 m"), "\(result.head)")
        }
    }

    @Test func oneScenarioOnlyFailsNamingTheScenario() async throws {
        try await withTemporaryFolder { folder in
            let scenario = "loop-1000m-1.4mps-strong"
            let run = try Self.edited(in: folder, name: "run.csv", column: "position_rmse_m", where: { $0["scenario"] == scenario }) { $0 * 2 }
            let result = try await Self.check(run)
            #expect(result.status == 2, "\(result.output)")
            #expect(result.head.contains("`kalman`") && result.head.contains("`position_rmse_m`"), "\(result.head)")
            #expect(result.head.contains(scenario), "\(result.head)")
        }
    }

    @Test func aFewSeedsOnlyFailNamingTheFilterAndMetric() async throws {
        try await withTemporaryFolder { folder in
            // 3 of the 10 seeds, every scenario 20 % worse on them; the other 7 seeds' rows are unchanged.
            let run = try Self.edited(in: folder, name: "run.csv", column: "position_rmse_m", where: { ["100", "101", "102"].contains($0["seed"]) }) {
                $0 * 1.2
            }
            let result = try await Self.check(run)
            #expect(result.status == 2, "\(result.output)")
            #expect(result.head.contains("FAILED: `kalman` got worse: `position_rmse_m`"), "\(result.head)")
            #expect(result.head.contains("all scenarios"), "\(result.head)")
        }
    }

    @Test func lagAloneFailsNamingLagFirst() async throws {
        try await withTemporaryFolder { folder in
            // One fix late at one fix a second: every kalman row's lag 1 s longer, nothing else moved.
            let run = try Self.edited(in: folder, name: "run.csv", column: "lag_s") { $0 + 1 }
            let result = try await Self.check(run)
            #expect(result.status == 2, "\(result.output)")
            #expect(result.head.contains("FAILED: `kalman` got worse: `lag_s`"), "\(result.head)")
            #expect(result.head.contains("all scenarios"), "\(result.head)")
        }
    }

    @Test func theSameChangeGetsTheSameVerdictAloneOrBesideUnchangedFilters() async throws {
        try await withTemporaryFolder { folder in
            let corner: ([String: String]) -> Bool = { $0["signal"] == "weak" && $0["nominal_distance_m"] == "1000" }
            // Beside the 13 unchanged built-in filters of the committed baseline.
            let beside = try await Self.check(
                try Self.edited(in: folder, name: "all.csv", column: "position_rmse_m", filters: nil, where: corner) { $0 * 1.3 },
                baseline: Self.baseline
            )
            let aloneBaseline = try Self.edited(in: folder, name: "kalman-baseline.csv", column: "position_rmse_m", filters: ["kalman"]) { $0 }
            let aloneRun = try Self.edited(in: folder, name: "kalman.csv", column: "position_rmse_m", filters: ["kalman"], where: corner) { $0 * 1.3 }
            let alone = try await Self.check(aloneRun, baseline: aloneBaseline)
            #expect(alone.status == 2 && beside.status == 2)
            // The table of what got worse is kalman's own family's, line for line.
            let table = { (output: String) in output.split(separator: "\n").filter { $0.hasPrefix("| `kalman`") || $0.hasPrefix("| |") } }
            #expect(!table(alone.output).isEmpty && table(alone.output) == table(beside.output), "\(alone.output)\n---\n\(beside.output)")
        }
    }
}
