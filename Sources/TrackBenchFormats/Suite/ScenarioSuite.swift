import TrackBenchGeodesy
import TrackBenchModel
/// A named set of scenarios, as loaded from a scenario file such as `Scenarios/default.json`.
///
/// A file describes a grid: every path type x distance x speed (or gait) x
/// stop x tunnel x signal profile (x terrain, when the file lists terrains)
/// becomes one scenario, in that nesting order, which is also the order of
/// rows in every report.
public struct ScenarioSuite: Sendable {
    /// The suite's name, as given in the file.
    public var name: String
    /// What the suite is for, as given in the file.
    public var description: String
    /// Where every path starts.
    package var origin: Coordinate
    /// The signal profiles, in file order.
    package var signals: [SignalProfile]
    /// The terrains, in file order; empty for a suite on level ground at altitude 0.
    package var terrains: [Terrain]
    /// Every scenario of the grid, in report order.
    public var scenarios: [Scenario]
    /// A fingerprint of the scenario file (FNV-1a 64 of its text with line endings made LF, 16 hex digits),
    /// recorded in results so a baseline is only compared with a run of the same file; `code` for a suite built in code.
    package var fingerprint = "code"

    /// Creates a suite from the axes of its grid.
    package init(
        name: String,
        description: String,
        origin: Coordinate,
        pathTypes: [PathType],
        distancesMeters: [Double],
        speedsMetersPerSecond: [Double],
        stopsSeconds: [Double] = [0],
        tunnelsSeconds: [Double] = [0],
        signals: [SignalProfile],
        terrains: [Terrain] = []
    ) {
        let grounds: [Terrain?] = terrains.isEmpty ? [nil] : terrains
        self.init(
            name: name, description: description, origin: origin, signals: signals, terrains: terrains,
            grid: Self.grid(
                pathTypes, distancesMeters, speedsMetersPerSecond, stopsSeconds, tunnelsSeconds, signals
            ) { pathType, distance, speed, stop, tunnel, signal in
                grounds.map { terrain in
                    var scenario = Scenario(
                        pathType: pathType, distanceMeters: distance, speedMetersPerSecond: speed, stopSeconds: stop, signal: signal,
                        origin: origin, terrain: terrain
                    )
                    scenario.tunnelSeconds = tunnel
                    return scenario
                }
            }
        )
    }

    /// Creates a dead-reckoning suite: gaits take the place of speeds, and every scenario carries `sensors`.
    package init(
        name: String,
        description: String,
        origin: Coordinate,
        pathTypes: [PathType],
        distancesMeters: [Double],
        gaits: [Gait],
        sensors: SensorProfile,
        stopsSeconds: [Double] = [0],
        tunnelsSeconds: [Double] = [0],
        signals: [SignalProfile]
    ) {
        self.init(
            name: name, description: description, origin: origin, signals: signals, terrains: [],
            grid: Self.grid(
                pathTypes, distancesMeters, gaits, stopsSeconds, tunnelsSeconds, signals
            ) { pathType, distance, gait, stop, tunnel, signal in
                [Scenario(
                    pathType: pathType, distanceMeters: distance, gait: gait, sensors: sensors,
                    stopSeconds: stop, tunnelSeconds: tunnel, signal: signal, origin: origin
                )]
            }
        )
    }

    private init(name: String, description: String, origin: Coordinate, signals: [SignalProfile], terrains: [Terrain], grid: [Scenario]) {
        self.name = name
        self.description = description
        self.origin = origin
        self.signals = signals
        self.terrains = terrains
        scenarios = grid
    }

    /// Every combination of the axes, nested in their order (the order of every report), made into its scenarios
    /// (one per terrain).
    private static func grid<Pace>(
        _ pathTypes: [PathType], _ distances: [Double], _ paces: [Pace], _ stops: [Double], _ tunnels: [Double], _ signals: [SignalProfile],
        _ make: (PathType, Double, Pace, Double, Double, SignalProfile) -> [Scenario]
    ) -> [Scenario] {
        var scenarios: [Scenario] = []
        for pathType in pathTypes {
            for distance in distances {
                for pace in paces {
                    for stop in stops {
                        for tunnel in tunnels {
                            for signal in signals {
                                scenarios += make(pathType, distance, pace, stop, tunnel, signal)
                            }
                        }
                    }
                }
            }
        }
        return scenarios
    }

    /// The scenario with this id, if the suite has one.
    public func scenario(withID id: String) -> Scenario? {
        scenarios.first { $0.id == id }
    }
}
