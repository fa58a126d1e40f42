import Foundation
import TrackBenchCLI

let code = await TrackBenchCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
