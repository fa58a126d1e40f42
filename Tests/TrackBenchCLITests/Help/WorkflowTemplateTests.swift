import Foundation
import Testing

/// The CI templates in .github/workflows do what Docs/embedding.md and Docs/regression-gate.md promise: every gate
/// runs and is shown, one build serves all, and a team copies them changing only the variables they declare.
struct WorkflowTemplateTests {
    private static let root = TrackBenchExecutable.packageRoot
    private static let workflows = root.appendingPathComponent(".github/workflows")
    /// The actions the templates may use: GitHub's own, and one widely used JUnit reporter.
    private static let allowedActions: Set = [
        "actions/checkout", "actions/cache", "actions/upload-artifact", "actions/download-artifact", "mikepenz/action-junit-report",
    ]

    private static func workflow(_ name: String) throws -> WorkflowFile {
        try WorkflowFile(contentsOf: workflows.appendingPathComponent(name))
    }

    /// The steps of `workflow` that run `check`, in order.
    private static func gates(in workflow: WorkflowFile) -> [WorkflowFile.Step] {
        workflow.jobs.flatMap(\.steps).filter { $0.run.contains(" check ") }
    }

    @Test(arguments: ["trackbench.yml", "trackbench-team.yml", "trackbench-sharded.yml"])
    func everyTemplateUsesOnlyCommonActionsCachesTheBuildAndShowsTheJUnitReport(file: String) throws {
        let workflow = try Self.workflow(file)
        let steps = workflow.jobs.flatMap(\.steps)
        #expect(!steps.isEmpty, "\(file) has no steps")
        for action in steps.compactMap(\.action) {
            #expect(Self.allowedActions.contains(action), "\(file) uses \(action)")
        }
        let cache = steps.first { $0.action == "actions/cache" }
        #expect(cache?.value("path")?.split(separator: "\n").contains(".build") == true, "\(file) does not cache .build")
        let report = try #require(steps.first { $0.action == "mikepenz/action-junit-report" }, "\(file) does not show the JUnit report")
        #expect(report.value("if")?.contains("always()") == true, "\(file): the JUnit report is not shown after a failed gate")
        #expect(workflow.lines.contains("  checks: write # the JUnit report's check run"))
        for gate in Self.gates(in: workflow) {
            #expect(gate.run.contains("--junit "), "\(file): '\(gate.value("name") ?? gate.run)' writes no JUnit")
        }
    }

    @Test func thisRepositorysWorkflowRunsTheCIScriptWhichRunsEveryGate() throws {
        let workflow = try Self.workflow("trackbench.yml")
        #expect(workflow.jobs.flatMap(\.steps).contains { $0.run == ".ci/run" })
        // .ci/run runs each check through `gate`, which remembers a failure and goes on.
        let script = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8).split(separator: "\n")
        let checks = script.filter { $0.contains(" check ") }
        #expect(checks == [#"    "$trackbench" check "$@" --junit "$reports/gate-$name.xml" || code=$?"#])
        #expect(script.filter { $0.hasPrefix("gate ") }.count == 6)
        #expect(script.last == #"exit "$status""#)
    }

    @Test func theTeamTemplateBuildsOnceAndAlwaysGatesOnlyTheTeamsFilter() throws {
        let workflow = try Self.workflow("trackbench-team.yml")
        let variables = workflow.environment.map(\.name)
        #expect(variables == ["PRODUCT", "FILTER", "SCENARIOS", "BASELINES"])
        let releaseBuilds = workflow.lines.filter { $0.contains("swift build -c release --product") }
        #expect(releaseBuilds == [#"          swift build -c release --product "$PRODUCT""#])
        let gates = Self.gates(in: workflow)
        #expect(gates.count == 2)
        for (index, gate) in gates.enumerated() {
            #expect(gate.run.contains(#"--filter "$FILTER""#), "gate \(index + 1) also gates filters the team does not own")
            #expect(gate.run.hasPrefix(#""$BENCH" check "#))
            if index > 0 { #expect(gate.value("if")?.contains("always()") == true, "gate \(index + 1) is skipped when one before it fails") }
        }
        // Nothing but the variables names the team's package: no path of this repository's.
        for path in ["Results/", "Scenarios/hard.json", "Examples/", "--product trackbench"] {
            #expect(!workflow.lines.contains { $0.contains(path) && !$0.hasPrefix("#") }, "the team template names \(path)")
        }
        let upload = try #require(workflow.jobs.flatMap(\.steps).first { $0.action == "actions/upload-artifact" })
        #expect(upload.value("path") == "trackbench-reports" && upload.value("if")?.contains("always()") == true)
    }

    @Test func theShardedTemplateDeclaresTheShardCountOnceAndBuildsOnceForEveryShard() throws {
        let workflow = try Self.workflow("trackbench-sharded.yml")
        #expect(workflow.environment.filter { $0.name == "SHARDS" }.count == 1)
        #expect(workflow.lines.filter { $0.contains("SHARDS:") }.count == 1, "the shard count is written more than once")
        let shard = try #require(workflow.job("shard"))
        #expect(shard.lines.contains("        shard: ${{ fromJSON(needs.build.outputs.shards) }}"))
        let building = workflow.jobs.filter { job in job.steps.contains { $0.run.contains("swift build") } }.map(\.name)
        #expect(building == ["build"])
        let uploaded = try #require(workflow.job("build")?.steps.first { $0.action == "actions/upload-artifact" }?.value("name"))
        for job in workflow.jobs where job.name != "build" {
            #expect(job.value("needs") != nil, "\(job.name) does not wait for the build")
            #expect(job.steps.contains { $0.action == "actions/download-artifact" && $0.value("name") == uploaded }, "\(job.name) builds its own")
        }
        #expect(Self.gates(in: workflow).count == 1)
    }

    @Test func theEmbeddingGuidePointsAtTheTeamTemplateAndGatesTheTeamsFilter() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Docs/embedding.md"), encoding: .utf8)
        #expect(text.contains("(../.github/workflows/trackbench-team.yml)"))
        let checks = text.split(separator: "\n").filter { $0.contains(" check --baseline") }
        #expect(!checks.isEmpty)
        for line in checks {
            #expect(line.contains("--filter"), "Docs/embedding.md gates the built-in filters: \(line)")
        }
    }
}
