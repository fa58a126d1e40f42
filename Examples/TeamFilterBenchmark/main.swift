// A team's benchmark executable: TrackBench's command line with the team's filter registered.
// Every trackbench command works, e.g. `swift run -c release team-filter-benchmark check`.
import Foundation
import TrackBench
import TrackBenchCLI

let registry = FilterRegistry.builtIn.adding(SpeedPlausibilityGate.self)
let code = await TrackBenchCommand.main(arguments: Array(CommandLine.arguments.dropFirst()), registry: registry)
exit(code.rawValue)
