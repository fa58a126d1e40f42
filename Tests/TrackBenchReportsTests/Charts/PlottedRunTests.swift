import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
@testable import TrackBenchMetrics
@testable import TrackBenchEngine
@testable import TrackBenchReports
import TrackBenchTestSupport

/// `PlottedRun`: a run measured for pictures, with what explains its errors.
struct PlottedRunTests {
    static let filters = ["raw", "kalman"].map { try! FilterRegistry.builtIn.configuration(parsing: $0) }
    /// A hard scenario with a stop, dropouts, stale and invalid fixes and multipath jumps.
    static let faulty = Fixtures.hardSuite.scenario(withID: "outAndBack-2000m-1.4mps-stop45s-city-canyon")!
    static let faultyRun = PlottedRun(scenario: faulty, seed: Fixtures.seed, filters: filters)
    static let clean = Fixtures.defaultSuite.scenario(withID: "loop-1000m-2.8mps-strong")!

    /// `clean`'s simulation with `estimates` in place of filters' output.
    static func run(_ estimates: [(label: String, path: Path)]) -> PlottedRun {
        let simulated = clean.simulate(seed: Fixtures.seed)
        return PlottedRun(simulated: simulated, seed: Fixtures.seed, noiseOnly: simulated.noisyPath, estimates: estimates)
    }

    /// `path` with the fixes delivered during `times` moved `meters` north.
    static func shifted(_ path: Path, during times: ClosedRange<Double>, north meters: Double) -> Path {
        let frame = LocalFrame(origin: clean.origin)
        return Path(path.fixes.map { fix in
            guard times.contains(fix.deliveryTimeSeconds) else { return fix }
            let point = frame.point(for: fix.coordinate)
            let moved = frame.coordinate(for: LocalPoint(east: point.east, north: point.north + meters))
            var copy = fix
            copy.latitude = moved.latitude
            copy.longitude = moved.longitude
            return copy
        })
    }

    @Test func errorsAreTheMetricsDistancesAtDeliveryTime() throws {
        let simulated = Self.faulty.simulate(seed: Fixtures.seed)
        for (index, filter) in Self.filters.enumerated() {
            let estimates = filter.makeFilter().estimatedPath(for: simulated.noisyPath)
            let metrics = EstimateMetrics(measuring: estimates, against: Self.faulty, deliveredFixes: simulated.noisyPath.count)
            let errors = Self.faultyRun.series[index].errorsMeters
            #expect(errors.count == estimates.count)
            let rmse = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
            #expect(abs(rmse - (try #require(metrics.positionRMSEMeters))) < 1e-9, "\(filter.label)")
        }
    }

    @Test func estimatesAreInDeliveryOrder() {
        let fixes = Self.clean.simulate(seed: Fixtures.seed).noisyPath.fixes
        let run = Self.run([("reversed", Path(fixes.reversed()))])
        let times = run.series[0].deliverySeconds
        #expect(times == fixes.map(\.deliveryTimeSeconds))
    }

    @Test func stopsAreTheScenariosStopAndDropoutsCoverEveryLongGap() throws {
        let run = Self.faultyRun
        #expect(run.stops == [try #require(Self.faulty.stopInterval)])
        let times = Self.faulty.simulate(seed: Fixtures.seed).noisyPath.fixes.map(\.deliveryTimeSeconds)
        let limit = PlottedRun.dropoutIntervals * Self.faulty.signal.fixIntervalMeanSeconds
        let gaps = zip(times, times.dropFirst()).filter { $1 - $0 > limit }
        #expect(!gaps.isEmpty, "the sample has no dropout")
        #expect(run.dropouts.count == gaps.count)
        for (before, after) in gaps {
            #expect(run.dropouts.contains { $0.lowerBound <= before && after <= $0.upperBound }, "\(before)...\(after)")
        }
        #expect(Self.run([]).dropouts.isEmpty && Self.run([]).stops.isEmpty)
    }

    @Test func jumpsAreWhereFixesLeftTheFaultFreeRun() {
        var withoutFaults = Self.faulty
        withoutFaults.signal.faults = .none
        let noiseOnly = withoutFaults.simulate(seed: Fixtures.seed).noisyPath.fixes
        let delivered = Self.faulty.simulate(seed: Fixtures.seed).noisyPath.fixes
        let clean = Dictionary(uniqueKeysWithValues: noiseOnly.map { ($0.timestampSeconds, $0.coordinate) })
        let moved = delivered.filter { fix in
            fix.hasValidCoordinate && fix.deliveryTimeSeconds == fix.timestampSeconds && clean[fix.timestampSeconds] != fix.coordinate
        }
        #expect(!moved.isEmpty, "the sample has no jump")
        #expect(moved.allSatisfy { fix in Self.faultyRun.jumps.contains { $0.contains(fix.timestampSeconds) } })
        // Each jump starts and ends on a moved fix.
        for jump in Self.faultyRun.jumps {
            #expect(moved.contains { $0.timestampSeconds == jump.lowerBound } && moved.contains { $0.timestampSeconds == jump.upperBound })
        }
        #expect(PlottedRun(scenario: Self.clean, seed: Fixtures.seed, filters: Self.filters).jumps.isEmpty)
    }

    @Test func theWorstWindowHoldsASustainedErrorAndTheLargestOne() throws {
        let truth = Self.clean.simulate(seed: Fixtures.seed).truePath
        let bad = 150.0...160.0
        let run = Self.run([("exact", truth), ("bad", Self.shifted(truth, during: bad, north: 30))])
        let window = try #require(run.worstWindow)
        #expect(abs(window.upperBound - window.lowerBound - PlottedRun.worstWindowSeconds) < 1e-9)
        #expect(window.contains(bad.lowerBound) && window.contains(bad.upperBound))
        let errors = run.series[1]
        let largest = try #require(errors.errorsMeters.indices.max { errors.errorsMeters[$0] < errors.errorsMeters[$1] })
        #expect(window.contains(errors.deliverySeconds[largest]))
    }

    @Test func theWorstWindowStaysWithinTheRun() throws {
        let truth = Self.clean.simulate(seed: Fixtures.seed).truePath
        let end = try #require(truth.fixes.last?.timestampSeconds)
        let run = Self.run([("late", Self.shifted(truth, during: (end - 3)...end, north: 50))])
        let window = try #require(run.worstWindow)
        #expect(abs(window.upperBound - end) < 1e-9 && abs(window.lowerBound - (end - PlottedRun.worstWindowSeconds)) < 1e-9)
        #expect(Self.run([("nothing", Path([]))]).worstWindow == nil)
    }

    @Test func theWarmUpIsLeftOutOfTheSearchForTheWorstWindow() throws {
        let truth = Self.clean.simulate(seed: Fixtures.seed).truePath
        let warmUp = Double(Self.clean.signal.warmUpFixes) * Self.clean.signal.fixIntervalMeanSeconds
        #expect(warmUp >= 10, "the sample has too short a warm-up")
        let poorStart = Self.shifted(truth, during: 0...(warmUp - 5), north: 100)
        let window = try #require(Self.run([("late", Self.shifted(poorStart, during: 200...210, north: 10))]).worstWindow)
        #expect(window.contains(200) && window.contains(210))
        // A run that is all warm-up still has its worst window.
        #expect(Self.run([("early", Path(Array(poorStart.fixes.prefix(5))))]).worstWindow != nil)
    }

    @Test func stylesDifferForTheFirstThirtySixFilters() {
        let styles = (0..<36).map { PlottedRun.style(at: $0) }
        #expect(Set(styles.map { "\($0.colour) \($0.dash ?? "solid")" }).count == 36)
        #expect(!styles.contains { $0.colour == "#F0E442" || $0.colour == "#000000" })
    }

    /// The example recording suite's replays, by id.
    static let replays: [String: RecordingReplay] = {
        let suite = try! RecordingSuite.load(from: Fixtures.packageRoot.appendingPathComponent("Examples/Recordings/suite.json"))
        return Dictionary(uniqueKeysWithValues: suite.entries.map { entry in (entry.id, try! RecordingReplay(entry)) })
    }()

    @Test func aRecordingsErrorsAreDistancesFromItsReferenceAtEachDeliveryOrFromItsRoute() throws {
        let timed = try #require(Self.replays["track-nmea-vs-reference"])
        let run = try PlottedRun(replay: timed, filters: Self.filters)
        guard case let .timed(track) = timed.truth else { Issue.record("expected a timed truth"); return }
        for series in run.series {
            #expect(series.points.count == timed.fixes.count)
            for (point, (time, error)) in zip(series.points, zip(series.deliverySeconds, series.errorsMeters)) {
                #expect(error == point.distance(to: track.position(at: time)))
            }
        }
        #expect(run.subject == "track-nmea-vs-reference, as recorded")
        #expect(run.truePosition(atTime: 10) == track.position(at: 10))
        #expect(run.stops.isEmpty && run.jumps.isEmpty)

        let routed = try #require(Self.replays["track-gnsslogger-vs-route"])
        let routeRun = try PlottedRun(replay: routed, filters: Self.filters)
        guard case let .route(route) = routed.truth else { Issue.record("expected a route truth"); return }
        #expect(routeRun.truePosition(atTime: 10) == nil)
        #expect(routeRun.truthPoints == route.points)
        for series in routeRun.series {
            for (point, error) in zip(series.points, series.errorsMeters) { #expect(error == route.distance(from: point)) }
        }
    }

    @Test func aRecordingWithOnlyADistanceCannotBeDrawn() throws {
        let distanceOnly = try #require(Self.replays["track-gnsslogger-vs-distance"])
        #expect(throws: PlotError.noPositions(recording: "track-gnsslogger-vs-distance")) {
            try PlottedRun(replay: distanceOnly, filters: Self.filters)
        }
    }
}
