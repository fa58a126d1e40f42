
extension CheckCommand {
    /// The command that re-records this baseline deliberately: this run's options that select the suite, seeds,
    /// filters and tiles, each as given, so it works verbatim (seeds only for a scenario suite, which has them).
    static func updateInvocation(_ arguments: ParsedArguments, current: CurrentResults, context: CommandContext) -> String {
        if let file = arguments.text(results) {
            var parts = [update.name]
            if let file = arguments.text(baseline) { parts += [baseline.name, Shell.quoted(file)] }
            return ([context.commandName, name] + parts + [results.name, Shell.quoted(file)]).joined(separator: " ")
        }
        return updateInvocation(arguments, seeds: current.hasSeeds ? "\(current.context.seeds)" : nil, withFilters: true, context: context)
    }

    /// `check --update-baseline` with the `--baseline`, `--scenarios`, `--dem` given, `--seeds` when known, and the
    /// `--filter`s given when `withFilters` (without them it re-records every filter).
    static func updateInvocation(_ arguments: ParsedArguments, seeds: String?, withFilters: Bool, context: CommandContext) -> String {
        var parts = [update.name]
        if let file = arguments.text(baseline) { parts += [baseline.name, Shell.quoted(file)] }
        if let file = arguments.text(SuiteOptions.scenarios) { parts += [SuiteOptions.scenarios.name, Shell.quoted(file)] }
        if let seeds { parts += [SeedOptions.seeds.name, seeds] }
        if withFilters {
            for specification in arguments.texts(filter) { parts += [filter.name, Shell.quoted(specification)] }
        }
        if let folder = arguments.text(DEMOptions.dem) { parts += [DEMOptions.dem.name, Shell.quoted(folder)] }
        return ([context.commandName, name] + parts).joined(separator: " ")
    }
}
