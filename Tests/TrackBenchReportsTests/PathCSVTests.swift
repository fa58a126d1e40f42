import Testing
@testable import TrackBenchModel
@testable import TrackBenchSimulation
@testable import TrackBenchReports
import TrackBenchTestSupport

struct PathCSVTests {
    @Test func roundTripsCoordinatesExactlySoDistancesRecompute() {
        let simulated = Fixtures.defaultSuite.scenario(withID: "loop-1000m-4.2mps-varied")!.simulate(seed: 100)
        let lines = PathCSV.render(simulated.noisyPath).split(separator: "\n")
        #expect(
            lines[0] == "timestamp_s,latitude,longitude,altitude_m,horizontal_accuracy_m,vertical_accuracy_m,course_deg,speed_mps,delivery_time_s")
        #expect(lines.count == simulated.noisyPath.count + 1)
        let parsed = lines.dropFirst().map { line -> LocationFix in
            let fields = line.split(separator: ",").map { Double($0)! }
            return LocationFix(
                latitude: fields[1], longitude: fields[2], altitudeMeters: fields[3],
                horizontalAccuracyMeters: fields[4], verticalAccuracyMeters: fields[5],
                courseDegrees: fields[6], speedMetersPerSecond: fields[7], timestampSeconds: fields[0]
            )
        }
        #expect(parsed == simulated.noisyPath.fixes)
        #expect(Path(parsed).totalDistanceMeters == simulated.noisyPath.totalDistanceMeters)
    }

    @Test func aDivergedEstimateIsWrittenAsEmptyFieldsNeverNan() {
        let path = Path([
            LocationFix(latitude: 1, longitude: 2, horizontalAccuracyMeters: 3, timestampSeconds: 0),
            LocationFix(latitude: .nan, longitude: -.infinity, horizontalAccuracyMeters: .nan, timestampSeconds: 1),
        ])
        let text = PathCSV.render(path)
        #expect(!text.lowercased().contains("nan") && !text.lowercased().contains("inf"), "\(text)")
        #expect(text.split(separator: "\n")[2].hasPrefix("1.0,,,"))
        #expect(PathCSV.nonFiniteRows(of: path) == 1)
    }
}
