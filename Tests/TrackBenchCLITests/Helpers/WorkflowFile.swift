import Foundation

/// A GitHub Actions workflow read line by line: its top-level variables, its jobs and their steps.
///
/// The package has no YAML library (no dependencies), and the templates are laid out the one way GitHub's
/// examples are: two spaces a level, each step a `- ` item of its job's `steps:`. That is all this reads;
/// a template laid out otherwise fails the tests that use it, which is the point.
struct WorkflowFile {
    /// One step: its lines, the first being the `- ` item.
    struct Step {
        var lines: [String]

        /// The value of `key` in this step (`name`, `uses`, `if`, `run`, or one under `with:`), without a trailing
        /// comment; a block (`|` or `>-`) is its lines joined by line breaks.
        func value(_ key: String) -> String? {
            WorkflowFile.value(key, in: lines)
        }

        /// The action the step uses, without its version: `actions/cache`.
        var action: String? { value("uses").map { String($0.prefix { $0 != "@" }) } }
        /// The step's command, or "" for a step that uses an action.
        var run: String { value("run") ?? "" }
    }

    /// One job: its name, its lines and its steps.
    struct Job {
        var name: String
        var lines: [String]
        var steps: [Step]

        /// The value of `key` set on the job itself (`needs`, `runs-on`).
        func value(_ key: String) -> String? {
            WorkflowFile.value(key, in: lines.prefix { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("steps:") }.map { $0 })
        }
    }

    /// Every line of the file.
    var lines: [String]
    /// The jobs, in the file's order.
    var jobs: [Job]

    init(contentsOf url: URL) throws {
        lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        jobs = []
        guard let start = lines.firstIndex(of: "jobs:") else { return }
        var index = start + 1
        while index < lines.count {
            let line = lines[index]
            guard Self.indent(of: line) == 2, line.hasSuffix(":") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < lines.count, lines[end].isEmpty || Self.indent(of: lines[end]) > 2 { end += 1 }
            let body = Array(lines[index..<end])
            jobs.append(Job(name: line.trimmingCharacters(in: .whitespaces).dropLast().description, lines: body, steps: Self.steps(in: body)))
            index = end
        }
    }

    /// The job named `name`.
    func job(_ name: String) -> Job? { jobs.first { $0.name == name } }

    /// The variables of the workflow's top-level `env:`, by name, in the file's order with repeats kept.
    var environment: [(name: String, value: String)] {
        guard let start = lines.firstIndex(of: "env:") else { return [] }
        return lines[(start + 1)...].prefix { $0.isEmpty || Self.indent(of: $0) > 0 }.compactMap { line in
            guard Self.indent(of: line) == 2, let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].trimmingCharacters(in: .whitespaces), Self.uncommented(line[line.index(after: colon)...]))
        }
    }

    private static func indent(of line: String) -> Int { line.prefix { $0 == " " }.count }

    /// The text without a trailing ` # comment`, trimmed.
    private static func uncommented<S: StringProtocol>(_ text: S) -> String {
        let value = text.range(of: " #").map { text[..<$0.lowerBound] } ?? text[...]
        return value.trimmingCharacters(in: .whitespaces)
    }

    /// The steps of a job's lines: each `- ` item at the indentation of the first item after `steps:`.
    private static func steps(in job: [String]) -> [Step] {
        guard let start = job.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "steps:" }),
            let first = job[(start + 1)...].first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- ") })
        else { return [] }
        let itemIndent = indent(of: first)
        var steps: [Step] = []
        for line in job[(start + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if indent(of: line) == itemIndent, trimmed.hasPrefix("- ") {
                steps.append(Step(lines: [line]))
            } else if !trimmed.isEmpty, !trimmed.hasPrefix("#"), !steps.isEmpty {
                steps[steps.count - 1].lines.append(line)
            }
        }
        return steps
    }

    /// The value of `key` among `lines`: the first line whose text (after a `- `) starts with `key:`; a block's
    /// lines are the ones indented deeper than the key.
    private static func value(_ key: String, in lines: [String]) -> String? {
        for (index, line) in lines.enumerated() {
            var text = line.trimmingCharacters(in: .whitespaces)
            var keyIndent = indent(of: line)
            if text.hasPrefix("- ") {
                text.removeFirst(2)
                keyIndent += 2
            }
            guard text.hasPrefix(key + ":") else { continue }
            let value = uncommented(text.dropFirst(key.count + 1))
            guard ["|", ">", ">-", "|-"].contains(value) else { return value }
            let block = lines[(index + 1)...].prefix { $0.isEmpty || indent(of: $0) > keyIndent }
            return block.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
        }
        return nil
    }
}
