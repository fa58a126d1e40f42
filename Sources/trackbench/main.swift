import CAllocatorTuning
import Foundation
import TrackBenchCLI

trackbench_keep_freed_memory()
TrackBenchCommand.superviseChildProcesses()

let code = await TrackBenchCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
