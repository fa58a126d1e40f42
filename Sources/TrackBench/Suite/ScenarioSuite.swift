/// A named set of scenarios, as loaded from a scenario file such as `Scenarios/default.json`.
///
/// A file describes a grid: every path type x distance x speed x stop x
/// signal profile (x terrain, when the file lists terrains) becomes one
/// scenario, in that nesting order, which is also the order of rows in every
/// report.
public struct ScenarioSuite: Sendable {
    /// The suite's name, as given in the file.
    public var name: String
    /// What the suite is for, as given in the file.
    public var description: String
    /// Where every path starts.
    public var origin: Coordinate
    /// The signal profiles, in file order.
    public var signals: [SignalProfile]
    /// The terrains, in file order; empty for a suite on level ground at altitude 0.
    public var terrains: [Terrain]
    /// Every scenario of the grid, in report order.
    public var scenarios: [Scenario]
    /// A fingerprint of the scenario file (FNV-1a 64 of its text with line endings made LF, 16 hex digits),
    /// recorded in results so a baseline is only compared with a run of the same file; `code` for a suite built in code.
    public var fingerprint = "code"

    /// Creates a suite from the axes of its grid.
    public init(
        name: String,
        description: String,
        origin: Coordinate,
        pathTypes: [PathType],
        distancesMeters: [Double],
        speedsMetersPerSecond: [Double],
        stopsSeconds: [Double] = [0],
        signals: [SignalProfile],
        terrains: [Terrain] = []
    ) {
        self.name = name
        self.description = description
        self.origin = origin
        self.signals = signals
        self.terrains = terrains
        let grounds: [Terrain?] = terrains.isEmpty ? [nil] : terrains
        var scenarios: [Scenario] = []
        for pathType in pathTypes {
            for distance in distancesMeters {
                for speed in speedsMetersPerSecond {
                    for stop in stopsSeconds {
                        for signal in signals {
                            for terrain in grounds {
                                scenarios.append(Scenario(
                                    pathType: pathType,
                                    distanceMeters: distance,
                                    speedMetersPerSecond: speed,
                                    stopSeconds: stop,
                                    signal: signal,
                                    origin: origin,
                                    terrain: terrain
                                ))
                            }
                        }
                    }
                }
            }
        }
        self.scenarios = scenarios
    }

    /// The scenario with this id, if the suite has one.
    public func scenario(withID id: String) -> Scenario? {
        scenarios.first { $0.id == id }
    }
}
