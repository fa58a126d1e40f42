import Foundation
import TrackBenchGeodesy
import TrackBenchModel
import TrackBenchSupport

extension ScenarioSuite {
    /// Loads a suite from a scenario file.
    ///
    /// The file is strict: every key is required, unknown keys are rejected
    /// (a typo must not silently fall back to a default), and values are
    /// range-checked, so a bad file fails here with the key that is wrong
    /// instead of producing a misleading benchmark.
    /// - Parameter url: The JSON file; see `Scenarios/default.json` for the format.
    /// - Throws: `ScenarioFileError` naming the file, the key and what was expected.
    public static func load(from url: URL) throws(ScenarioFileError) -> ScenarioSuite {
        try SuiteDocument.read(url).scenarioSuite()
    }

    /// Decodes a suite from the JSON text of a scenario file.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The name to quote in errors.
    /// - Throws: `ScenarioFileError` naming the file, the key and what was expected.
    package static func decode(_ data: Data, file: String) throws(ScenarioFileError) -> ScenarioSuite {
        try SuiteDocument(data: data, file: file).scenarioSuite()
    }
}

extension SuiteDocument {
    /// Decodes the file as a scenario file (`ScenarioSuite.load(from:)`), reading the recorded paths it names.
    /// - Throws: `ScenarioFileError` naming the file, the key and what was expected.
    package func scenarioSuite() throws(ScenarioFileError) -> ScenarioSuite {
        let decoded = try decode(SuiteFile.self)
        var suite = decoded.value.suite
        var fingerprint = decoded.fingerprint
        if !decoded.value.routes.isEmpty {
            // Routes are part of the suite: a baseline must not match a run on an edited route.
            var hash = FNV1a.hash64(fingerprint.utf8)
            var routes: [RecordedRoute] = []
            for reference in decoded.value.routes {
                let (route, bytes) = try Self.readRoute(reference, suiteFile: file, signals: suite.signals)
                hash = FNV1a.hash64(bytes, startingFrom: hash)
                routes.append(route)
            }
            fingerprint = FNV1a.hex(hash)
            suite.scenarios += routes.flatMap { route in suite.signals.map { Scenario(route: route, signal: $0) } }
        }
        var ids: [String: Int] = [:]
        for (index, scenario) in suite.scenarios.enumerated() {
            if let first = ids.updateValue(index, forKey: scenario.id) {
                throw .invalidKey(
                    file: file, key: "",
                    problem: "scenarios \(first + 1) and \(index + 1) both have the id '\(scenario.id)'; "
                        + "every scenario needs its own id (and random stream)"
                )
            }
        }
        suite.fingerprint = fingerprint
        return suite
    }

    /// Reads a recorded path's route, relative to the scenario file's folder, and checks it can be simulated.
    private static func readRoute(
        _ reference: RouteReference, suiteFile: String, signals: [SignalProfile]
    ) throws(ScenarioFileError) -> (RecordedRoute, Data) {
        let key = "pathTypes[\(reference.index)].recorded"
        let folder = URL(fileURLWithPath: suiteFile).deletingLastPathComponent()
        let url = URL(fileURLWithPath: reference.file, relativeTo: folder).standardizedFileURL
        let (recording, bytes): (Recording, Data)
        do {
            (recording, bytes) = try Recording.loadKeepingBytes(from: url, options: RecordingReadOptions())
        } catch .unreadable(_, let reason) {
            throw .invalidKey(file: suiteFile, key: key, problem: "cannot read route '\(url.path)': \(reason)")
        } catch {
            throw .invalidKey(file: suiteFile, key: key, problem: "cannot read route: \(error.localizedDescription)")
        }
        guard recording.hasTimes, recording.fixes.count >= 2 else {
            throw .invalidKey(
                file: suiteFile, key: key,
                problem: "route '\(url.path)' has \(recording.hasTimes ? "\(recording.fixes.count) point(s)" : "no times"); "
                    + "a recorded path needs at least 2 points with times (a reference track, not a route drawn on a map)"
            )
        }
        let route = RecordedRoute(name: reference.name, file: reference.file, points: recording.fixes)
        guard route.lengthMeters > 0 else {
            throw .invalidKey(file: suiteFile, key: key, problem: "route '\(url.path)' has zero length; a recorded path must move")
        }
        guard abs(route.origin.latitude) <= 80 else {
            throw .invalidKey(
                file: suiteFile, key: key,
                problem: "route '\(url.path)' starts at latitude \(route.origin.latitude); "
                    + "expected one within -80...80 degrees (the flat local frame breaks down near the poles)"
            )
        }
        for signal in signals {
            let fixes = route.durationSeconds / signal.fixIntervalMeanSeconds
            guard ScenarioLimits.fixesPerScenario.contains(fixes) else {
                throw .invalidKey(
                    file: suiteFile, key: key,
                    problem: "route '\(url.path)' lasts \(NumberFormat.fixed(route.durationSeconds, decimals: 0)) s, "
                        + "which signal '\(signal.name)' turns into about \(NumberFormat.fixed(fixes, decimals: 0)) fixes; "
                        + "expected \(ScenarioLimits.describe(ScenarioLimits.fixesPerScenario)) per scenario"
                )
            }
        }
        return (route, bytes)
    }
}

/// A scenario file's recorded path: the route file, its name in scenario ids, and where it stands in `pathTypes`.
private struct RouteReference {
    var file: String
    var name: String
    var index: Int
}

/// One entry of a scenario file's `pathTypes`: a shape's name, or `{"recorded": FILE, "name": NAME}`.
private enum PathTypeEntry: Decodable {
    case shape(String)
    case recorded(file: String, name: String)

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case recorded, name
    }

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self = .shape(text)
            return
        }
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let file = try container.decode(String.self, forKey: .recorded)
        let name = try container.decode(String.self, forKey: .name)
        try require(!file.isEmpty, .recorded, in: container, "expected the route's file, relative to the scenario file")
        try require(
            SignalProfile.isValidName(name), .name, in: container,
            "expected lowercase letters, digits and '-' (it becomes part of scenario ids), got '\(name)'"
        )
        self = .recorded(file: file, name: name)
    }

    /// How the entry is told apart from the others: the shape's name, or `recorded:NAME`.
    var identity: String {
        switch self {
        case let .shape(name): return name
        case let .recorded(_, name): return "recorded:\(name)"
        }
    }
}

/// The JSON shape of a scenario file.
private struct SuiteFile: Decodable {
    let suite: ScenarioSuite
    /// The recorded paths, read after decoding because they name files.
    let routes: [RouteReference]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, origin, pathTypes, distancesMeters, speedsMetersPerSecond, gaits, sensors, stopsSeconds, tunnelsSeconds,
            signals, terrains
    }

    /// Decodes, checks and builds the suite, step by step: the keys' values, each list on its own, the gaits, the grid
    /// as a whole, then the scenarios it makes. Each step checks in the order the file's keys always were, so a file
    /// with several faults is told of the same one first.
    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fields = try Fields(from: container)
        try fields.checkLists(in: container)
        let gaits = try fields.gaits(in: container)
        try fields.checkGrid(gaits: gaits, in: container)
        let description = try container.decode(String.self, forKey: .description)
        routes = fields.routes
        suite = try fields.suite(description: description, gaits: gaits, in: container)
        try Self.checkScenarios(of: suite, in: container)
    }

    /// The values of a scenario file's keys, decoded but not yet checked against one another.
    private struct Fields {
        let name: String
        let origin: Coordinate
        /// Each `pathTypes` entry's identity (`PathTypeEntry.identity`), in file order.
        let pathTypeNames: [String]
        /// The shapes among the path types.
        let pathTypes: [PathType]
        /// The recorded paths among the path types.
        let routes: [RouteReference]
        let distances: [Double]
        let speeds: [Double]?
        let gaitNames: [String]?
        let sensors: SensorProfile?
        let stops: [Double]
        let tunnels: [Double]
        let signals: [SignalProfile]
        let terrains: [Terrain]?

        /// Decodes every key but `description`, which is read last, resolving the path types' shapes.
        init(from container: KeyedDecodingContainer<CodingKeys>) throws {
            name = try container.decode(String.self, forKey: .name)
            let originFile = try container.decode(OriginFile.self, forKey: .origin)
            let pathTypeEntries = try container.decode([PathTypeEntry].self, forKey: .pathTypes)
            pathTypeNames = pathTypeEntries.map(\.identity)
            var pathTypes: [PathType] = []
            var routes: [RouteReference] = []
            for (index, entry) in pathTypeEntries.enumerated() {
                switch entry {
                case let .recorded(file, name):
                    routes.append(RouteReference(file: file, name: name, index: index))
                case let .shape(name):
                    pathTypes.append(try Self.shape(named: name, in: container))
                }
            }
            self.pathTypes = pathTypes
            self.routes = routes
            // Adding 0 turns -0 into 0, so "-0.0" and "0" are the same stop (and the same scenario id).
            distances = try container.decode([Double].self, forKey: .distancesMeters).map { $0 + 0 }
            speeds = try container.decodeIfPresent([Double].self, forKey: .speedsMetersPerSecond)?.map { $0 + 0 }
            gaitNames = try container.decodeIfPresent([String].self, forKey: .gaits)
            sensors = try container.decodeIfPresent(SensorProfile.self, forKey: .sensors)
            stops = try container.decode([Double].self, forKey: .stopsSeconds).map { $0 + 0 }
            tunnels = try container.decodeIfPresent([Double].self, forKey: .tunnelsSeconds)?.map { $0 + 0 } ?? [0]
            signals = try container.decode([SignalProfile].self, forKey: .signals)
            let origin = Coordinate(latitude: originFile.latitude, longitude: originFile.longitude)
            self.origin = origin
            terrains = try container.decodeIfPresent([TerrainFile].self, forKey: .terrains)?.map { $0.terrain(suiteOrigin: origin) }
        }

        /// The synthetic shape a `pathTypes` entry names.
        private static func shape(named name: String, in container: KeyedDecodingContainer<CodingKeys>) throws -> PathType {
            guard let pathType = PathType(rawValue: name), PathType.shapes.contains(pathType) else {
                let known = PathType.shapes.map(\.rawValue).joined(separator: ", ")
                let hint = name == PathType.recorded.rawValue ? "; a recorded path names its route: {\"recorded\": FILE, \"name\": NAME}" : ""
                throw DecodingError.dataCorruptedError(
                    forKey: .pathTypes, in: container,
                    debugDescription: "unknown path type '\(name)'; expected one of \(known), or {\"recorded\": FILE, \"name\": NAME}\(hint)"
                )
            }
            return pathType
        }

        /// Checks the name, that each list has values and no repeats, which keys go together, and each value's range.
        func checkLists(in container: KeyedDecodingContainer<CodingKeys>) throws {
            let nameProblem = ScenarioLimits.suiteNameProblem(name)
            try require(nameProblem == nil, .name, in: container, nameProblem ?? "")
            try requireUniqueNonEmpty(pathTypeNames, .pathTypes, in: container)
            try requireUniqueNonEmpty(distances.map { "\($0)" }, .distancesMeters, in: container)
            try require(
                (speeds == nil) != (gaitNames == nil), speeds == nil ? .gaits : .speedsMetersPerSecond, in: container,
                "expected either speedsMetersPerSecond, or gaits with sensors for a dead-reckoning suite, not \(speeds == nil ? "neither" : "both")"
            )
            try require(
                (gaitNames == nil) == (sensors == nil), gaitNames == nil ? .sensors : .gaits, in: container,
                "gaits and sensors go together: the sensor profile gives each gait its cadence and stride"
            )
            try requireUniqueNonEmpty((speeds ?? [0]).map { "\($0)" }, .speedsMetersPerSecond, in: container)
            try requireUniqueNonEmpty(gaitNames ?? ["walk"], .gaits, in: container)
            try requireUniqueNonEmpty(stops.map { "\($0)" }, .stopsSeconds, in: container)
            try requireUniqueNonEmpty(tunnels.map { "\($0)" }, .tunnelsSeconds, in: container)
            try requireUniqueNonEmpty(signals.map(\.name), .signals, in: container)
            if let terrains {
                try requireUniqueNonEmpty(terrains.map(\.name), .terrains, in: container)
                try require(
                    routes.isEmpty, .terrains, in: container,
                    "terrains apply to the synthetic shapes only; a recorded path keeps its own route, so list it in a suite without terrains"
                )
            }
            for distance in distances {
                try require(
                    ScenarioLimits.distanceMeters.contains(distance), .distancesMeters, in: container,
                    "expected distances \(ScenarioLimits.describe(ScenarioLimits.distanceMeters)) m, got \(distance)"
                )
            }
            for speed in speeds ?? [] {
                try require(
                    ScenarioLimits.speedMetersPerSecond.contains(speed), .speedsMetersPerSecond, in: container,
                    "expected speeds \(ScenarioLimits.describe(ScenarioLimits.speedMetersPerSecond)) m/s, got \(speed)"
                )
            }
            for stop in stops {
                try require(
                    ScenarioLimits.stopSeconds.contains(stop), .stopsSeconds, in: container,
                    "expected stop lengths \(ScenarioLimits.describe(ScenarioLimits.stopSeconds)) s (0 = no stop), got \(stop)"
                )
            }
            for tunnel in tunnels {
                try require(
                    ScenarioLimits.stopSeconds.contains(tunnel), .tunnelsSeconds, in: container,
                    "expected tunnel lengths \(ScenarioLimits.describe(ScenarioLimits.stopSeconds)) s (0 = no tunnel), got \(tunnel)"
                )
            }
        }

        /// The gaits the file names; none for a suite given by its speeds.
        func gaits(in container: KeyedDecodingContainer<CodingKeys>) throws -> [Gait] {
            try (gaitNames ?? []).map { name in
                guard let gait = Gait(rawValue: name) else {
                    let known = Gait.allCases.map(\.rawValue)
                    let suggestion = Suggestion.closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
                    throw DecodingError.dataCorruptedError(
                        forKey: .gaits, in: container,
                        debugDescription: "unknown gait '\(name)'\(suggestion); expected one of \(known.joined(separator: ", "))"
                    )
                }
                return gait
            }
        }

        /// Checks the grid as a whole: what gaits go with, how many scenarios it makes, and that every signal, distance,
        /// speed and stop together make a scenario of a size within the limits.
        func checkGrid(gaits: [Gait], in container: KeyedDecodingContainer<CodingKeys>) throws {
            try require(
                gaits.isEmpty || routes.isEmpty, .pathTypes, in: container,
                "a dead-reckoning suite walks the shapes only; a recorded route has its own pace, which no gait sets"
            )
            try require(
                gaits.isEmpty || terrains == nil, .terrains, in: container, "terrains go with speeds: a dead-reckoning suite walks level ground"
            )
            let axes = [
                ("path types", pathTypeNames.count), ("distances", distances.count),
                (speeds == nil ? "gaits" : "speeds", speeds?.count ?? gaits.count),
                ("stops", stops.count), ("tunnels", tunnels.count), ("signals", signals.count), ("terrains", max(1, terrains?.count ?? 1)),
            ]
            let gridSize = axes.reduce(1) { product, axis in
                let (result, overflow) = product.multipliedReportingOverflow(by: axis.1)
                return overflow ? Int.max : result
            }
            try require(
                gridSize <= ScenarioLimits.scenariosPerSuite, .signals, in: container,
                "the grid of " + axes.map { "\($0.1) \($0.0)" }.joined(separator: " x ") + " makes "
                    + (gridSize == Int.max ? "more scenarios than can be counted" : "\(gridSize) scenarios")
                    + "; expected at most \(ScenarioLimits.scenariosPerSuite) per suite: split it into several suites"
            )
            // Every distance, speed and stop, in file order; the grid's size bounds how many there are.
            let paces = distances.flatMap { distance in
                (speeds ?? []).flatMap { speed in stops.map { (distance: distance, speed: speed, stop: $0) } }
            }
            for signal in signals {
                for pace in paces {
                    let fixes = (pace.distance / pace.speed + pace.stop) / signal.fixIntervalMeanSeconds
                    try require(
                        ScenarioLimits.fixesPerScenario.contains(fixes), .signals, in: container,
                        "signal '\(signal.name)' at \(NumberFormat.compact(pace.distance)) m, \(NumberFormat.compact(pace.speed)) m/s "
                            + "and a \(NumberFormat.compact(pace.stop)) s stop gives about \(NumberFormat.fixed(fixes, decimals: 0)) fixes; "
                            + "expected \(ScenarioLimits.describe(ScenarioLimits.fixesPerScenario)) per scenario"
                    )
                }
            }
        }

        /// The suite of the synthetic shapes: paced by speeds, or by gaits with their sensors.
        func suite(description: String, gaits: [Gait], in container: KeyedDecodingContainer<CodingKeys>) throws -> ScenarioSuite {
            switch (speeds, sensors) {
            case let (speeds?, _):
                return ScenarioSuite(
                    name: name, description: description, origin: origin, pathTypes: pathTypes, distancesMeters: distances,
                    speedsMetersPerSecond: speeds, stopsSeconds: stops, tunnelsSeconds: tunnels, signals: signals, terrains: terrains ?? []
                )
            case let (nil, sensors?):
                return ScenarioSuite(
                    name: name, description: description, origin: origin, pathTypes: pathTypes, distancesMeters: distances,
                    gaits: gaits, sensors: sensors, stopsSeconds: stops, tunnelsSeconds: tunnels, signals: signals
                )
            case (nil, nil):
                // `checkLists` refuses a file with neither.
                throw DecodingError.dataCorruptedError(
                    forKey: .gaits, in: container,
                    debugDescription: "expected either speedsMetersPerSecond, or gaits with sensors for a dead-reckoning suite, not neither"
                )
            }
        }
    }

    /// Checks each scenario's sizes (`checkSizes`) and the fixes the suite expects in all.
    private static func checkScenarios(of suite: ScenarioSuite, in container: KeyedDecodingContainer<CodingKeys>) throws {
        var suiteFixes = 0.0
        for scenario in suite.scenarios {
            try checkSizes(of: scenario, in: container)
            suiteFixes += scenario.durationSeconds / scenario.signal.fixIntervalMeanSeconds
        }
        try require(
            suiteFixes <= ScenarioLimits.fixesPerSuite, .signals, in: container,
            "the \(suite.scenarios.count) scenarios expect about \(NumberFormat.fixed(suiteFixes, decimals: 0)) fixes in all; "
                + "expected at most \(NumberFormat.compact(ScenarioLimits.fixesPerSuite)) per suite and seed: split it into several suites"
        )
    }

    /// Checks what the grid's axes cannot check alone: a dead-reckoning scenario's fixes and sensor samples within
    /// the limits, and a tunnel that ends before the run does.
    private static func checkSizes(of scenario: Scenario, in container: KeyedDecodingContainer<CodingKeys>) throws {
        let duration = scenario.durationSeconds
        if let tunnel = scenario.tunnelInterval {
            try require(
                tunnel.upperBound < duration, .tunnelsSeconds, in: container,
                "the \(NumberFormat.compact(scenario.tunnelSeconds)) s tunnel of '\(scenario.id)' "
                    + "starts at \(NumberFormat.fixed(tunnel.lowerBound, decimals: 0)) s, a third of the way, "
                    + "and would outlast the run (\(NumberFormat.fixed(duration, decimals: 0)) s); expected tunnels that end before the run does"
            )
        }
        guard let sensors = scenario.sensors, let gait = scenario.gait else { return }
        let fixes = duration / scenario.signal.fixIntervalMeanSeconds
        try require(
            ScenarioLimits.fixesPerScenario.contains(fixes), .signals, in: container,
            "signal '\(scenario.signal.name)' gives '\(scenario.id)' about \(NumberFormat.fixed(fixes, decimals: 0)) fixes; "
                + "expected \(ScenarioLimits.describe(ScenarioLimits.fixesPerScenario)) per scenario"
        )
        let shortestStride = gait.stretches.map { sensors.profile(for: $0).strideMeters }.min() ?? 1
        let samples = [
            ("steps", scenario.distanceMeters / shortestStride),
            ("compass samples", duration / sensors.compassIntervalSeconds),
            ("pedometer updates", duration / sensors.pedometerIntervalMinimumSeconds),
        ]
        for (what, count) in samples {
            try require(
                count <= ScenarioLimits.fixesPerScenario.upperBound, .sensors, in: container,
                "'\(scenario.id)' would take about \(NumberFormat.fixed(count, decimals: 0)) \(what); "
                    + "expected at most \(NumberFormat.compact(ScenarioLimits.fixesPerScenario.upperBound)) per scenario"
            )
        }
    }
}

/// The JSON shape of a scenario file's `terrains` entry: a name, a shape and the keys of that shape.
private struct TerrainFile: Decodable {
    let name: String
    let shape: Terrain.Shape
    let baseAltitudeMeters: Double
    let origin: OriginFile?
    let offGround: [OffGroundFile]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, shape, baseAltitudeMeters, amplitudeMeters, wavelengthMeters, gradePercent, uphillBearingDegrees, origin, offGround
    }

    /// The keys each shape takes besides `name`, `shape`, `baseAltitudeMeters` and `origin`.
    static let shapeKeys: [String: [CodingKeys]] = [
        "flat": [],
        "rollingHills": [.amplitudeMeters, .wavelengthMeters],
        "slope": [.gradePercent, .uphillBearingDegrees],
    ]

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        try require(
            SignalProfile.isValidName(name), .name, in: container,
            "expected lowercase letters, digits and '-' (it becomes part of scenario ids), got '\(name)'"
        )
        let shapeName = try container.decode(String.self, forKey: .shape)
        guard let keys = Self.shapeKeys[shapeName] else {
            throw DecodingError.dataCorruptedError(
                forKey: .shape, in: container,
                debugDescription: "unknown terrain shape '\(shapeName)'; expected one of \(Self.shapeKeys.keys.sorted().joined(separator: ", "))"
            )
        }
        for key in Set(Self.shapeKeys.values.joined()).subtracting(keys) where container.contains(key) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "'\(key.stringValue)' does not apply to a '\(shapeName)' terrain; "
                    + "it takes \(keys.isEmpty ? "no shape keys" : keys.map(\.stringValue).joined(separator: " and "))"
            )
        }
        func number(_ key: CodingKeys, _ range: ClosedRange<Double>, _ unit: String) throws -> Double {
            try boundedNumber(key, range, unit, in: container)
        }
        let altitude = -ScenarioLimits.altitudeMeters...ScenarioLimits.altitudeMeters
        baseAltitudeMeters = try number(.baseAltitudeMeters, altitude, "m")
        switch shapeName {
        case "rollingHills":
            shape = .rollingHills(
                amplitudeMeters: try number(.amplitudeMeters, 0...ScenarioLimits.altitudeMeters, "m"),
                wavelengthMeters: try number(.wavelengthMeters, 10...ScenarioLimits.lengthMeters, "m")
            )
        case "slope":
            shape = .slope(
                gradePercent: try number(.gradePercent, -100...100, "%"),
                uphillBearingDegrees: try number(.uphillBearingDegrees, 0...360, "degrees")
            )
        default:
            shape = .flat
        }
        origin = try container.decodeIfPresent(OriginFile.self, forKey: .origin)
        offGround = try container.decodeIfPresent([OffGroundFile].self, forKey: .offGround) ?? []
    }

    /// The terrain, at its own origin or the suite's.
    func terrain(suiteOrigin: Coordinate) -> Terrain {
        Terrain(
            name: name, shape: shape, baseAltitudeMeters: baseAltitudeMeters,
            origin: origin.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } ?? suiteOrigin,
            offGround: offGround.map(\.place)
        )
    }
}

/// The JSON shape of a terrain's `offGround` entry: a disc where a user is off the ground, such as a bridge.
private struct OffGroundFile: Decodable {
    let place: Terrain.OffGround

    enum CodingKeys: String, CodingKey, CaseIterable {
        case east, north, radiusMeters, heightMeters
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func number(_ key: CodingKeys, _ range: ClosedRange<Double>) throws -> Double {
            try boundedNumber(key, range, "m", in: container)
        }
        let reach = -ScenarioLimits.lengthMeters...ScenarioLimits.lengthMeters
        place = Terrain.OffGround(
            center: LocalPoint(east: try number(.east, reach), north: try number(.north, reach)),
            radiusMeters: try number(.radiusMeters, 1...ScenarioLimits.lengthMeters),
            heightMeters: try number(.heightMeters, -ScenarioLimits.altitudeMeters...ScenarioLimits.altitudeMeters)
        )
    }
}

/// The JSON shape of a scenario file's `origin`.
private struct OriginFile: Decodable {
    let latitude: Double
    let longitude: Double

    enum CodingKeys: String, CodingKey, CaseIterable {
        case latitude, longitude
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(in: decoder, allowed: CodingKeys.allCases)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        // Near the poles the flat local frame breaks down.
        try require(abs(latitude) <= 80, .latitude, in: container, "expected a latitude within -80...80 degrees, got \(latitude)")
        try require(abs(longitude) <= 180, .longitude, in: container, "expected a longitude within -180...180 degrees, got \(longitude)")
    }
}

/// The number at `key`: finite and within `range`, or an error naming the key, the range with its `unit`, and the value.
/// Adding 0 turns a -0 into 0, so a file's "-0" reads as 0 everywhere.
private func boundedNumber<Key: CodingKey>(
    _ key: Key, _ range: ClosedRange<Double>, _ unit: String, in container: KeyedDecodingContainer<Key>
) throws -> Double {
    let value = try container.decode(Double.self, forKey: key)
    try require(
        value.isFinite && range.contains(value), key, in: container,
        "expected a number \(ScenarioLimits.describe(range)) \(unit), got \(value)"
    )
    return value + 0
}
