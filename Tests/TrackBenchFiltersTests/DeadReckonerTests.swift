import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchFilters
import TrackBenchTestSupport

struct DeadReckonerTests {
    private let settings = FilterSettings(overrides: [:])

    /// The displacement an update gives, summed over its segments, and the number of segments.
    private func reckon(
        _ headings: DeadReckoner.Headings, samples: [HeadingEvent], update: StepEvent
    ) -> (east: Double, north: Double, segments: Int) {
        var reckoner = DeadReckoner(headings: headings, settings: settings)
        samples.forEach { reckoner.add($0) }
        var total = (east: 0.0, north: 0.0, segments: 0)
        reckoner.reckon(update) { east, north in
            total.east += east
            total.north += north
            total.segments += 1
        }
        return total
    }

    @Test func averagesHeadingsOnTheCircleSo355And5DegreesPointNorth() {
        let moved = reckon(
            .perUpdate, samples: [Fixtures.heading(355, time: 1), Fixtures.heading(5, time: 2)],
            update: StepEvent(timeSeconds: 2, steps: 10, gait: .walk))
        #expect(abs(moved.north - 5.7) < 1e-9)
        #expect(abs(moved.east) < 1e-9)
    }

    @Test(arguments: [(Gait.walk, 0.57), (.powerWalk, 1.03), (.jog, 1.32)])
    func movesStepsTimesThePublishedStrideOfTheActivity(gait: Gait, stride: Double) {
        let moved = reckon(.perUpdate, samples: [Fixtures.heading(90, time: 1)], update: StepEvent(timeSeconds: 3, steps: 4, gait: gait))
        #expect(abs(moved.east - 4 * stride) < 1e-9)
    }

    @Test func addsTheDeclinationToTheMagneticHeading() {
        let sample = HeadingEvent(timeSeconds: 1, magneticHeadingDegrees: 350, declinationDegrees: 10)
        let moved = reckon(.perUpdate, samples: [sample], update: StepEvent(timeSeconds: 2, steps: 1, gait: .walk))
        #expect(abs(moved.north - 0.57) < 1e-9 && abs(moved.east) < 1e-9)
    }

    @Test func followsACornerStepByStepWhereOneMeanCutsIt() {
        // Five steps north, then five east, in one update: one mean heading says north-east for the whole 5.7 m.
        let samples = (1...10).map { Fixtures.heading($0 <= 5 ? 0 : 90, time: Double($0) / 2) }
        let update = StepEvent(timeSeconds: 5, steps: 10, gait: .walk)
        let perStep = reckon(.perStep, samples: samples, update: update)
        #expect(perStep.segments == 10)
        #expect(abs(perStep.north - 2.85) < 1e-9 && abs(perStep.east - 2.85) < 1e-9)
        let perUpdate = reckon(.perUpdate, samples: samples, update: update)
        #expect(perUpdate.segments == 1)
        #expect(abs((perUpdate.east * perUpdate.east + perUpdate.north * perUpdate.north).squareRoot() - 5.7) < 1e-9)
    }

    @Test func skipsSamplesThatAreNotFiniteAndFallsBackToTheLastHeading() {
        var reckoner = DeadReckoner(headings: .perStep, settings: settings)
        // Before any heading the steps cannot be placed.
        var moves = 0
        reckoner.reckon(StepEvent(timeSeconds: 1, steps: 3, gait: .walk)) { _, _ in moves += 1 }
        #expect(moves == 0)
        reckoner.add(Fixtures.heading(.nan, time: 1.2))
        reckoner.add(Fixtures.heading(.infinity, time: 1.4))
        reckoner.add(HeadingEvent(timeSeconds: 1.6, magneticHeadingDegrees: 90, declinationDegrees: .nan))
        reckoner.reckon(StepEvent(timeSeconds: 2, steps: 3, gait: .walk)) { _, _ in moves += 1 }
        #expect(moves == 0)
        reckoner.add(Fixtures.heading(90, time: 2.5))
        reckoner.reckon(StepEvent(timeSeconds: 3, steps: 1, gait: .walk)) { _, _ in }
        // An update with no samples keeps going the last way known.
        var east = 0.0
        reckoner.reckon(StepEvent(timeSeconds: 4, steps: 2, gait: .walk)) { e, _ in east += e }
        #expect(abs(east - 1.14) < 1e-9)
    }

    @Test(arguments: [(450.0, 0.0), (-270, 0), (90, 360), (810, -720)])
    func countsAFiniteHeadingOrDeclinationOutsideTheirRangeModulo360(magnetic: Double, declination: Double) {
        let sample = HeadingEvent(timeSeconds: 1, magneticHeadingDegrees: magnetic, declinationDegrees: declination)
        #expect(sample.isValid && sample.trueHeadingDegrees == 90)
        let moved = reckon(.perUpdate, samples: [sample], update: StepEvent(timeSeconds: 2, steps: 1, gait: .walk))
        let east = reckon(.perUpdate, samples: [Fixtures.heading(90, time: 1)], update: StepEvent(timeSeconds: 2, steps: 1, gait: .walk))
        #expect(moved.east == east.east && moved.north == east.north)
    }

    @Test func aScenarioCountsTheSamplesAndStepsTheFiltersCannotUse() throws {
        let scenario = try #require(Fixtures.deadReckoningSuite.scenario(withID: "straight-100m-walk-strong"))
        var simulated = scenario.simulate(seed: 100)
        #expect(simulated.unusableHeadingCount == 0 && simulated.stepsBeforeAnyHeading == 0 && simulated.unusableReadingsNote == nil)
        // A team's stream: the compass starts late and drops out twice.
        let late = try #require(simulated.headings.firstIndex { $0.timeSeconds > 10 })
        let early = simulated.steps.filter { $0.timeSeconds < simulated.headings[late].timeSeconds }.reduce(0) { $0 + $1.steps }
        simulated.headings.removeFirst(late)
        simulated.headings[3].magneticHeadingDegrees = .nan
        simulated.headings[7].declinationDegrees = -.infinity
        #expect(simulated.unusableHeadingCount == 2 && early > 0 && simulated.stepsBeforeAnyHeading == early)
        #expect(simulated.unusableReadingsNote == "The dead-reckoning filters skip 2 of the \(simulated.headings.count) compass samples "
            + "(heading or declination not finite) and drop \(early) steps counted before the first usable compass sample.")
    }

    @Test func splitsAHugeCountIntoAtMostTheSegmentLimit() {
        let moved = reckon(.perStep, samples: [Fixtures.heading(0, time: 1)], update: StepEvent(timeSeconds: 2, steps: Int.max / 2, gait: .walk))
        #expect(moved.segments == DeadReckoner.maximumSegments)
    }

    @Test func movesLatitudeAndLongitudeWithThePublishedFormula() {
        let start = Coordinate(latitude: 37, longitude: -122)
        let moved = DeadReckoner.moved(start, eastMeters: 100, northMeters: 200)
        #expect(moved.latitude == 37 + 200.0 / 110_574)
        #expect(moved.longitude == -122 + 100.0 / (111_320 * cos(37 * Double.pi / 180)))
    }
}
