// A team's benchmark executable: TrackBench's command line with the team's filter registered.
// Every trackbench command works, e.g. `swift run -c release team-filter-benchmark check`.
import Foundation
import TeamFilters
import TrackBench
import TrackBenchCLI

// Filter processes (exec:) end with it, on SIGINT and SIGTERM too.
TrackBenchCommand.superviseChildProcesses()
// Registering is checked: a name clash or a malformed name ends the command with "Error: ..." and exit code 1.
let code = await TrackBenchCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    registry: try FilterRegistry.builtIn.adding(SpeedPlausibilityGate.self)
)
exit(code.rawValue)
