import TrackBenchFilters
import TrackBenchSupport

/// `--exec-timeout`: how long a filter process (`exec:COMMAND`) may go without writing a whole line. Shared by the commands that run
/// filter processes (`commandNames`): a command runs them exactly when it takes this option.
struct ExecOptions {
    static let timeout = Option<Double>(
        name: "--exec-timeout",
        valueName: "seconds",
        help: "How long a filter process (exec:COMMAND, Docs/filter-protocol.md) may go without writing a whole line before the run stops.",
        expected: "seconds, more than 0 and at most 86400"
    ) { text in Double(text).flatMap { $0 > 0 && $0 <= 86_400 ? $0 : nil } }
        .defaulting(to: FilterProcess.defaultTimeout, shown: FilterParameter.format(FilterProcess.defaultTimeout))
    static let options = [timeout.spec]

    /// The commands that run filter processes, in `TrackBenchCommand.commands` order: those that take `--exec-timeout`.
    static var commandNames: [String] {
        var names: [String] = []
        for command in TrackBenchCommand.commands {
            let options: [OptionSpec] = command.options
            if options.contains(where: { $0.name == timeout.name }) { names.append(command.name) }
        }
        return names
    }

    /// More than 0.
    var timeout: Double

    init(_ arguments: ParsedArguments) throws(UsageError) {
        timeout = try arguments.value(Self.timeout)
    }

    /// The timings the filter processes among `filters` declared in their hellos, by specification, for the ranking.
    static func timings(of filters: [FilterConfiguration]) -> [String: FilterTiming] {
        Dictionary(filters.filter { $0.process != nil }.map { ($0.specification, $0.timing) }, uniquingKeysWith: { first, _ in first })
    }

    /// Stops with the first failure of a filter process among `filters`, after ending every process and, where
    /// TrackBench adopts them (`TrackBenchCommand.superviseChildProcesses()`), the processes they left running outside
    /// their process groups.
    /// - Throws: The `FilterProcessError` of the first filter whose process failed; else `.leftRunning` naming the
    ///   processes left running, which were killed.
    static func finish(_ filters: [FilterConfiguration]) throws(FilterProcessError) {
        let processes = filters.compactMap(\.process)
        guard !processes.isEmpty else { return }
        processes.forEach { $0.shutdown() }
        let leftRunning = ChildProcessGroups.endOrphans()
        if let failure = processes.lazy.compactMap(\.failure).first { throw failure }
        if !leftRunning.isEmpty {
            throw .leftRunning(filters: filters.filter { $0.process != nil }.map(\.label), processes: leftRunning)
        }
    }
}
