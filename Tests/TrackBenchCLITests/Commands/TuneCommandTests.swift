import Foundation
import Testing
import TrackBenchSupport
import TrackBenchMetrics

/// `trackbench tune` end to end, on a suite of a few short scenarios written to a temporary folder, under a few seeds.
struct TuneCommandTests {
    /// Writes a suite of four 1 km loops (two signals, two speeds) into `folder`; its path.
    static func tinySuite(in folder: URL) throws -> String {
        let url = TrackBenchExecutable.packageRoot.appendingPathComponent("Scenarios/default.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        object["name"] = "tiny"
        object["pathTypes"] = ["loop"]
        object["distancesMeters"] = [1000]
        object["speedsMetersPerSecond"] = [1.4, 2.8]
        object["signals"] = Array(try #require(object["signals"] as? [[String: Any]]).prefix(2))
        let file = folder.appendingPathComponent("tiny.json")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        return file.path
    }

    /// Runs `tune` on the tiny suite with `arguments`, writing into `folder/tune`; the result and `tune.csv`.
    static func tune(_ arguments: [String], suite: String, folder: URL) async throws -> (result: CommandResult, table: CSVTable?) {
        let output = folder.appendingPathComponent("tune")
        let result = try await TrackBenchExecutable.run(["tune"] + arguments + ["--scenarios", suite, "--output", output.path, "--jobs", "1"])
        let text = try? String(contentsOf: output.appendingPathComponent("tune.csv"), encoding: .utf8)
        return (result, try text.map(CSVTable.init))
    }

    /// Each filter's mean of `metric` over a results file's rows, as a report computes it, four decimals as tune.csv has it.
    static func means(ofResultsIn folder: URL, metric: Metric) throws -> [String: String] {
        let file = try ResultsCSV.load(from: folder.appendingPathComponent(ResultsCSV.fileName))
        return Dictionary(uniqueKeysWithValues: FilterSummary.ranking(of: file.scores).map { summary in
            (summary.filter, NumberFormat.fixed(summary.means[metric] ?? .nan, decimals: 4))
        })
    }

    @Test func theGridPicksTheSettingAPlainRunOfEachRanksBestAndTheHeldOutFiguresMatchAPlainRun() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.tinySuite(in: folder)
            let (result, table) = try await Self.tune(
                ["accuracy-gate:max={max}+kalman:q={q}", "max=10,50", "q=0.5,3,12", "--seeds", "100...101", "--holdout-seeds", "200...201"],
                suite: suite, folder: folder
            )
            #expect(result.status == 0, "\(result.standardError)")
            let csv = try #require(table)
            // The current setting, accuracy-gate+kalman, is max=50, q=3: on the grid, so no row of its own.
            #expect(csv.rows.count == 6)
            #expect(try csv.column("current") == ["false", "false", "false", "false", "true", "false"])
            // The same settings run plainly on the training seeds: the winner is the one with the lowest mean error.
            let filters = try csv.column("filter").filter { $0.hasPrefix("accuracy-gate:") }
            let plain = folder.appendingPathComponent("plain")
            let run = try await TrackBenchExecutable.run(
                ["run", "--scenarios", suite, "--seeds", "100...101", "--output", plain.path] + filters.flatMap { ["--filter", $0] }
            )
            #expect(run.status == 0, "\(run.standardError)")
            let errors = try Self.means(ofResultsIn: plain, metric: .errorPercent)
            let best = try #require(filters.min { (Double(errors[$0]!)!, $0) < (Double(errors[$1]!)!, $1) })
            let winner = try #require(csv.rows.first { $0[try csv.index(of: "winner")] == "true" })
            #expect(try csv.value("filter", in: winner) == best)
            #expect(try csv.value("error_pct", in: winner) == errors[best])
            #expect(result.standardOutput.contains("The winner as a filter: --filter \(best)"))

            // The printed run reproduces the held-out figures exactly.
            let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("  trackbench run ") })
            let heldOut = folder.appendingPathComponent("heldout")
            let rerun = try await TrackBenchExecutable.runPrinted(line.trimmingCharacters(in: .whitespaces) + " --output \(heldOut.path)")
            #expect(rerun.status == 0, "\(rerun.standardError)")
            let heldOutMeans = try Self.means(ofResultsIn: heldOut, metric: .errorPercent)
            #expect(heldOutMeans[best] == (try csv.value("heldout_error_pct", in: winner)))
            #expect(try Self.means(ofResultsIn: heldOut, metric: .lagSeconds)[best] == (try csv.value("heldout_lag_s", in: winner)))

            // The printed check records it (into a temporary baseline, not the committed one).
            let check = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("  trackbench check ") })
            let baseline = folder.appendingPathComponent("baseline.csv").path
            let recorded = try await TrackBenchExecutable.runPrinted(check.trimmingCharacters(in: .whitespaces) + " --baseline \(baseline)")
            #expect(recorded.status == 0, "\(recorded.standardError)")
            #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains(",\(best),"))

            // The report and both charts are written; the heat map draws the two parameters.
            let output = folder.appendingPathComponent("tune")
            let markdown = try String(contentsOf: output.appendingPathComponent("tune.md"), encoding: .utf8)
            #expect(markdown.contains("### Held-out seeds 200...201") && markdown.contains("(winner)"))
            let heatMap = try String(contentsOf: output.appendingPathComponent("tune-heatmap.svg"), encoding: .utf8)
            #expect(heatMap.hasPrefix("<svg") && heatMap.contains(">max</text>") && heatMap.contains(">q</text>"))
            #expect(try String(contentsOf: output.appendingPathComponent("tune.svg"), encoding: .utf8).contains("Pareto front"))
        }
    }

    @Test func aConstraintExcludesTheSettingsThatMissIt() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.tinySuite(in: folder)
            let common = ["kalman", "q=0.5,2,8", "--seeds", "100", "--holdout-seeds", "200", "--top", "1"]
            let (free, freeTable) = try await Self.tune(common, suite: suite, folder: folder)
            #expect(free.status == 0, "\(free.standardError)")
            let table = try #require(freeTable)
            let lags = try table.column("lag_s").map { Double($0)! }
            // Bound the lag just under the unconstrained winner's: the winner must change to a setting that meets it.
            let freeWinner = try #require(try table.column("winner").firstIndex(of: "true"))
            let bound = lags[freeWinner] - 0.01
            let (bounded, boundedTable) = try await Self.tune(common + ["--max", "lag_s=\(bound)"], suite: suite, folder: folder)
            #expect(bounded.status == 0, "\(bounded.standardError)")
            let constrained = try #require(boundedTable)
            let winner = try #require(try constrained.column("winner").firstIndex(of: "true"))
            #expect(winner != freeWinner)
            #expect(try constrained.column("feasible")[freeWinner] == "false")
            #expect(try Double(constrained.column("lag_s")[winner])! <= bound)
            #expect(try constrained.column("feasible")[winner] == "true")
        }
    }

    @Test func successiveHalvingStaysWithinItsBudgetAndGivesTheSameFilesTwice() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.tinySuite(in: folder)
            // 6 settings x 4 seeds x 4 scenarios = 96 runs for the grid; 60 forces halving.
            let arguments = ["kalman", "q=0.5,1,2,4,8,16", "--seeds", "100...103", "--holdout-seeds", "200", "--budget", "60", "--top", "2"]
            let (first, table) = try await Self.tune(arguments, suite: suite, folder: folder)
            #expect(first.status == 0, "\(first.standardError)")
            let csv = try #require(table)
            let seeds = try csv.column("training_seeds").dropLast().map { Int($0)! }
            #expect(seeds.reduce(0, +) * 4 <= 60, "runs within the budget")
            #expect(seeds.max() == 4 && seeds.min()! < 4, "the best settings ran on every training seed, the others on fewer")
            #expect(first.standardOutput.contains("successive halving within the budget of 60 runs"))
            let before = try String(contentsOf: folder.appendingPathComponent("tune/tune.csv"), encoding: .utf8)
            let (second, _) = try await Self.tune(arguments, suite: suite, folder: folder)
            #expect(second.status == 0)
            #expect(try String(contentsOf: folder.appendingPathComponent("tune/tune.csv"), encoding: .utf8) == before)
        }
    }

    /// When the current setting (kalman's q=3, off this grid) beats the winner on the training seeds and every rerun
    /// setting on the held-out ones, tune says to keep it and does not offer to record the worse winner as the baseline.
    @Test func aCurrentSettingBetterThanEverySettingTriedIsKeptNotReplaced() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.tinySuite(in: folder)
            let (result, table) = try await Self.tune(
                ["kalman", "q=0.5,1", "--seeds", "100...109", "--holdout-seeds", "200...209"], suite: suite, folder: folder
            )
            #expect(result.status == 0, "\(result.standardError)")
            let csv = try #require(table)
            let current = try #require(csv.rows.last)
            let winner = try #require(csv.rows.first { $0[try csv.index(of: "winner")] == "true" })
            #expect(try csv.value("current", in: current) == "true")
            #expect(try Double(csv.value("error_pct", in: current))! < Double(csv.value("error_pct", in: winner))!)
            #expect(try Double(csv.value("heldout_error_pct", in: current))! < Double(csv.value("heldout_error_pct", in: winner))!)
            let output = result.standardOutput
            #expect(output.contains("The current setting `kalman` is better than every setting tried, on the training seeds (0."), "\(output)")
            #expect(output.contains("keep it; there is no better baseline to record."))
            #expect(!output.contains("the training ranking did not hold") && !output.contains("--update-baseline"), "\(output)")
        }
    }

    /// Successive halving may drop the current setting early; it still runs on every training seed, so the held-out
    /// table compares its training mean with the winners' over the same seeds: a plain run's mean over all of them.
    @Test func aCurrentSettingDroppedByHalvingStillRunsOnEveryTrainingSeed() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.tinySuite(in: folder)
            let arguments = [
                "kalman", "q=0.5,1,2,4,8,16", "--seeds", "100...103", "--holdout-seeds", "200", "--budget", "60", "--top", "2",
                "--current", "kalman:q=16",
            ]
            let (result, table) = try await Self.tune(arguments, suite: suite, folder: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let csv = try #require(table)
            let seeds = try csv.column("training_seeds")
            #expect(seeds.contains("1") && seeds.contains("2"), "halving dropped some settings early: \(seeds)")
            let current = try #require(csv.rows.first { $0[try csv.index(of: "current")] == "true" })
            #expect(try csv.value("filter", in: current) == "kalman:q=16")
            #expect(try csv.value("training_seeds", in: current) == "4")
            let plain = folder.appendingPathComponent("plain")
            let run = try await TrackBenchExecutable.run(
                ["run", "--scenarios", suite, "--seeds", "100...103", "--filter", "kalman:q=16", "--output", plain.path]
            )
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try csv.value("error_pct", in: current) == Self.means(ofResultsIn: plain, metric: .errorPercent)["kalman:q=16"])
        }
    }

    @Test func aFilterProcessIsTunedThroughItsPlaceholders() async throws {
        try await withTemporaryFolder { folder in
            let suite = try Self.tinySuite(in: folder)
            let binary = try await FilterProcessCommandTests.compiledEchoClient(in: folder)
            let (result, table) = try await Self.tune(
                ["echo=exec:\(binary) --ignored {a} {b}", "a=1,2", "b=3", "--seeds", "100", "--holdout-seeds", "200", "--top", "1",
                 "--exec-timeout", FilterProcessCommandTests.patientTimeout],
                suite: suite, folder: folder
            )
            #expect(result.status == 0, "\(result.standardError)")
            let csv = try #require(table)
            #expect(try csv.column("filter") == ["echo-a1-b3=exec:\(binary) --ignored 1 3", "echo-a2-b3=exec:\(binary) --ignored 2 3"])
            #expect(result.standardOutput.contains("--filter 'echo-a1-b3=exec:\(binary) --ignored 1 3'"))
        }
    }

    @Test(arguments: [
        (["kalman", "q=1,2", "--seeds", "100...109", "--holdout-seeds", "105...120"], "do not overlap the training seeds 100...109"),
        (["kalman", "r=1,2"], "a parameter of 'kalman'; it has q"),
        (["kalman", "q=1,2", "q=3"], "'q' is given twice"),
        (
            ["kalman", "q=1,2", "--max", "lag_s=1", "--min", "lag_s=2"],
            "option '--min' got 'lag_s=2', expected at most the --max lag_s=1 bounding the same metric"
        ),
        (["kalman:q={q}", "max=1,2"], "has no {max} for the values of 'max'"),
        (["exec:python3 median.py {w}", "w=1,2"], "a tuned filter process needs a label"),
        (["kalman", "q=1,2", "--max", "lag_s=1", "--max", "lag_s=2"], "one --max per metric"),
        (["kalman", "q=1,2", "--pareto", "error_pct"], "two or three different metric columns"),
        (["kalman", "q=1...100:1", "--budget", "10"], "at least"),
    ])
    func badTuningsAreUsageErrors(arguments: [String], message: String) async throws {
        let result = try await TrackBenchExecutable.run(["tune"] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}
