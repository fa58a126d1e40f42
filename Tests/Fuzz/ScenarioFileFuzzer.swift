// libFuzzer harness for scenario files: ScenarioSuite.decode (Suite/ScenarioSuite+Loading.swift).
// Compiled into one module with the library's layers by .ci/fuzz; run `.ci/fuzz ScenarioFile`.
// A thrown ScenarioFileError is the expected outcome for bad input; only traps, crashes and ASan reports are findings.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let suite = try? ScenarioSuite.decode(Data(bytes: data, count: size), file: "fuzz.json") else { return 0 }
    for scenario in suite.scenarios {
        _ = scenario.id
        // Whatever loads must be runnable: the limits are checked at load, so this is a finding.
        let fixes = scenario.durationSeconds / scenario.signal.fixIntervalMeanSeconds
        guard fixes <= ScenarioLimits.fixesPerScenario.upperBound * 1.01 else {
            fatalError("decode accepted scenario \(scenario.id) with about \(fixes) fixes, beyond the documented limit")
        }
        // Simulating and scoring small scenarios exercises the rest of the pipeline on fuzzed values.
        if fixes < 2_000 {
            let simulated = scenario.simulate(seed: 1)
            _ = simulated.noisyPath.totalDistanceMeters
            _ = EstimateMetrics(measuring: simulated.noisyPath, against: scenario, deliveredFixes: simulated.noisyPath.count)
            // With sensors, the dead reckoning runs on the fuzzed pedometer and compass.
            if simulated.events != nil {
                let estimated = simulated.estimatedPath(of: DeadReckoningFusion(settings: FilterSettings(overrides: [:])))
                _ = EstimateMetrics(measuring: estimated, against: scenario, deliveredFixes: simulated.receivedFixes)
            }
        }
    }
    return 0
}
