import Foundation
import Testing
@testable import TrackBenchFormats
@testable import TrackBenchSimulation
@testable import TrackBenchReports
import TrackBenchTestSupport

struct SensorCSVTests {
    @Test func writesEveryUpdateAndSampleInShortestRoundTripForm() throws {
        let simulated = try #require(Fixtures.deadReckoningSuite.scenario(withID: "turns-250m-mixed-strong")).simulate(seed: 100)
        let steps = SensorCSV.render(simulated.steps).split(separator: "\n")
        #expect(steps.first == "time_s,steps,gait")
        #expect(steps.count == simulated.steps.count + 1)
        let last = steps.last!.split(separator: ",")
        #expect(Double(last[0]) == simulated.steps.last!.timeSeconds && Int(last[1]) == simulated.steps.last!.steps && last[2] == "jog")
        let headings = SensorCSV.render(simulated.headings).split(separator: "\n")
        #expect(headings.first == "time_s,magnetic_heading_deg,declination_deg")
        let readBack = headings.dropFirst().map { line in line.split(separator: ",").map { Double($0)! } }
        #expect(readBack.map { $0[1] } == simulated.headings.map(\.magneticHeadingDegrees))
    }

    @Test func writesEveryBarometerReadingInShortestRoundTripForm() throws {
        let simulated = try #require(Fixtures.hillsSuite.scenario(withID: "loop-5000m-2.8mps-phone-barometer-rolling")).simulate(seed: 100)
        let lines = SensorCSV.render(simulated.barometer).split(separator: "\n")
        #expect(lines.first == "time_s,relative_altitude_m")
        let readBack = lines.dropFirst().map { line in line.split(separator: ",").map { Double($0)! } }
        #expect(readBack.map { $0[0] } == simulated.barometer.map(\.timeSeconds))
        #expect(readBack.map { $0[1] } == simulated.barometer.map(\.relativeAltitudeMeters))
        #expect(readBack.count > 1700)
    }
}
