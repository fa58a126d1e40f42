import TrackBenchMetrics
import TrackBenchSupport
/// The regression gate's verdicts as JUnit XML, for CI systems that show test reports (`check --junit FILE`).
///
/// One test suite, `trackbench check`; one test case per filter and scenario
/// group (`kalman` / `signal weak`), whose failures are that group's
/// regressions; a `scenarios` case per filter with scenarios the
/// per-scenario guard caught; and, for findings about rows rather than tests (results that
/// diverged, went missing, lost a value or had other input), one test case per
/// filter named `rows`. In exact mode each filter has one test case, `rows`.
/// The shape follows the schema Jenkins, GitLab and GitHub test reporters read:
/// `testsuites` > `testsuite` > `testcase` > `failure message=...`.
package enum BaselineJUnit {
    /// The XML document, ending in a newline; the same report gives the same bytes.
    package static func render(_ report: BaselineReport) -> String {
        let comparison = report.comparison
        var cases: [(name: String, classname: String, failures: [String])] = []
        let rowFindings = rowFailures(report)
        if let verdicts = report.verdicts {
            for filter in verdicts.filters {
                for group in verdicts.tests(of: filter).map(\.group).uniqued() {
                    let failures = verdicts.regressions.filter { $0.filter == filter && $0.group == group }.map { BaselineReport.describe($0) }
                    cases.append((group, filter, failures))
                }
                let guarded = verdicts.scenarioWorsenings.filter { $0.filter == filter }
                if !guarded.isEmpty {
                    cases.append(("scenarios", filter, guarded.map { "\($0.scenarioID): " + BaselineReport.describe($0) }))
                }
                cases.append(("rows", filter, rowFindings[filter] ?? []))
            }
        } else {
            for filter in comparison.paired.filters {
                cases.append(("rows", filter, rowFindings[filter] ?? []))
            }
        }
        let failureCount = cases.filter { !$0.failures.isEmpty }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"trackbench check\" tests=\"\(cases.count)\" failures=\"\(failureCount)\">\n"
        xml += "  <testsuite name=\"trackbench check\" tests=\"\(cases.count)\" failures=\"\(failureCount)\">\n"
        xml += "    <properties><property name=\"verdict\" value=\"\(escaped(report.verdict))\"/></properties>\n"
        for testCase in cases {
            let open = "    <testcase name=\"\(escaped(testCase.name))\" classname=\"\(escaped(testCase.classname))\""
            guard !testCase.failures.isEmpty else {
                xml += open + "/>\n"
                continue
            }
            xml += open + ">\n"
            let message = testCase.failures.count == 1
                ? testCase.failures[0]
                : "\(testCase.failures.count) findings; the first: \(testCase.failures[0])"
            xml += "      <failure message=\"\(escaped(message))\">\(escaped(testCase.failures.joined(separator: "\n")))</failure>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// The row-level findings of each filter, in words.
    private static func rowFailures(_ report: BaselineReport) -> [String: [String]] {
        let comparison = report.comparison
        var findings: [String: [String]] = [:]
        func add(_ key: ScenarioScore.Key, _ text: String) {
            findings[key.filter, default: []].append("\(key.scenarioID) seed \(key.seed): \(text)")
        }
        for change in comparison.nonFinite { add(change.key, "\(change.metric.column) is non-finite (the filter diverged)") }
        for key in comparison.missing { add(key, "missing from this run") }
        for key in comparison.changedInputs { add(key, "changed simulated input") }
        let rowRegressions = report.verdicts.map { $0.rowRegressions + report.lostValues } ?? comparison.regressions
        for change in rowRegressions {
            let values = "\(change.baseline.map { NumberFormat.fixed($0, decimals: 4) } ?? "n/a") -> "
                + "\(change.current.map { NumberFormat.fixed($0, decimals: 4) } ?? "n/a")"
            add(change.key, "\(change.metric.column) worse, \(values)")
        }
        return findings
    }

    /// `text` with XML's five special characters escaped and control characters other than tab and line feed
    /// replaced, since XML 1.0 cannot hold them: `XMLText`'s escaping, plus the apostrophe.
    static func escaped(_ text: String) -> String {
        var allowed = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isForbidden = (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || scalar.value == 0xFFFE || scalar.value == 0xFFFF
            allowed.append(isForbidden ? "\u{FFFD}" : scalar)
        }
        return XMLText.escaped(String(allowed)).replacingOccurrences(of: "'", with: "&apos;")
    }
}
