import Foundation

/// Inputs that parse but cannot give a verdict; exits with `ExitCode.failure`.
///
/// These are the ways a gate or comparison could otherwise "pass" without
/// comparing anything, so each says what was found and what to do.
package enum CommandError: Error, LocalizedError, Equatable {
    /// Two results files have no (scenario, filter, seed) in common.
    case nothingToCompare(first: String, second: String)
    /// The baseline file does not exist.
    case missingBaseline(file: String, updateCommand: String)
    /// `--update-baseline` would overwrite something that is not a results file: a link, a device, another file.
    case notABaseline(file: String, kind: String)
    /// The baseline has no rows.
    case emptyBaseline(file: String, updateCommand: String)
    /// The baseline was made from another suite, scenario file, seed range or version.
    case baselineContextDiffers(file: String, differences: [String], updateCommand: String)
    /// The baseline holds rows of filter processes (`exec:`), which `check` starts only when `--filter` names them.
    /// `filterArguments` are the `--filter` arguments that check every filter of the baseline, shell-quoted.
    case baselineNeedsProcessFilters(file: String, processes: [String], filterArguments: [String])
    /// The run and the baseline share no result.
    case noSharedResults(file: String, filters: String?, updateCommand: String)
    /// A shard's results were given where a whole run's are needed.
    case partialResults(file: String, shard: String)
    /// A results file given to `sweep --results` lacks one of the sweep's values.
    case missingSweepValue(file: String, label: String)
    /// A run with NaN or infinite values cannot become a baseline.
    case nonFiniteBaseline(filters: [String])
    /// A baseline value that cannot be compared with: empty where the run measures the metric, or non-finite.
    case unusableBaselineValue(file: String, line: Int?, column: String, problem: String, row: String, others: Int, updateCommand: String)
    /// `--update-baseline --filter` on a baseline of another setup: its other rows cannot be kept.
    case partialBaselineUpdate(file: String, differences: [String], updateCommand: String)
    /// Most terrain lookups found no tile, so the run would record raw GPS altitude as terrain-lookup's.
    case terrainLookupsFellBack(problem: String)
    /// `fidelity` ranked the filters on no recording of the suite; one reason per recording.
    case fidelityComparedNothing(suite: String, reasons: [String])

    package var errorDescription: String? {
        switch self {
        case let .nothingToCompare(first, second):
            return "'\(first)' and '\(second)' share no result (the same scenario, filter and seed); there is nothing to compare."
        case let .missingBaseline(file, updateCommand):
            return "cannot read results file '\(file)': no such file; record one with '\(updateCommand)'."
        case let .notABaseline(file, kind):
            return "will not replace '\(file)' with a baseline: it is \(kind). Remove it or choose another --baseline."
        case let .emptyBaseline(file, updateCommand):
            return "baseline '\(file)' has no results, so nothing can be compared. Record one with '\(updateCommand)'."
        case let .baselineContextDiffers(file, differences, updateCommand):
            return "baseline '\(file)' was not made by this run's setup, so its rows cannot be compared:\n"
                + differences.map { "  - \($0)\n" }.joined()
                + "Run with the baseline's options, or re-record it with '\(updateCommand)' if the change is intended."
        case let .baselineNeedsProcessFilters(file, processes, filterArguments):
            let named = processes.map { "'\($0)'" }.joined(separator: ", ")
            return "baseline '\(file)' holds the filter process\(processes.count == 1 ? "" : "es") \(named) "
                + "(exec:), which check starts only when --filter names it: rerun with \(filterArguments.joined(separator: " ")) "
                + "(every filter of the baseline; leave out those not to check). Do not re-record the baseline for this."
        case let .noSharedResults(file, filters, updateCommand):
            return "this run and baseline '\(file)' share no result (the same scenario, filter and seed), so nothing was compared"
                + (filters.map { ": \($0) " } ?? ". ")
                + "Check --filter, or re-record the baseline with '\(updateCommand)'."
        case let .partialResults(file, shard):
            return "'\(file)' holds only shard \(shard) of a run; merge every shard with 'merge' first, or check a shard with --shard."
        case let .missingSweepValue(file, label):
            return "'\(file)' has no results for '\(label)'; make it with the same sweep's --shard parts and 'merge'."
        case let .nonFiniteBaseline(filters):
            return "not writing the baseline: \(filters.joined(separator: ", ")) produced NaN or infinite values (the filter diverged). "
                + "Fix the filter first."
        case let .unusableBaselineValue(file, line, column, problem, row, others, updateCommand):
            let place = line.map { "line \($0), " } ?? ""
            let more = others > 0 ? " (and \(others) more such value\(others == 1 ? "" : "s"))" : ""
            return "baseline '\(file)' \(place)column '\(column)' \(problem) for \(row)\(more): against such a value any result would pass. "
                + "A baseline holds every value its filter produces; re-record it with '\(updateCommand)'."
        case let .partialBaselineUpdate(file, differences, updateCommand):
            return "cannot replace only some filters' rows of baseline '\(file)': it was made by another setup, so its other rows would not match:\n"
                + differences.map { "  - \($0)\n" }.joined()
                + "Re-record every filter with '\(updateCommand)'."
        case let .terrainLookupsFellBack(problem):
            return "not writing the baseline: \(problem)"
        case let .fidelityComparedNothing(suite, reasons):
            return "fidelity compared nothing in '\(suite)': no recording gave a rank correlation.\n"
                + reasons.map { "  - \($0)\n" }.joined()
                + "It needs a recording with a truth with times that its fixes overlap (Docs/recordings.md), and at least 3 filters."
        }
    }
}
