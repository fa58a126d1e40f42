import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// The shipped dead-reckoning suite: the published study's routes and the phone set from what the study states
/// (Docs/dead-reckoning.md gives each value's source).
struct ShippedSensorProfileTests {
    @Test func holdsTheStudysFourRoutes() {
        // 100 m straight, 200 m with turns and a 400 m track in each activity, and 250 m of mixed activity on each shape.
        let ids = Set(Fixtures.deadReckoningSuite.scenarios.map(\.id))
        let single = ["walk", "power-walk", "jog"].flatMap { gait in
            ["straight-100m-\(gait)-strong", "turns-200m-\(gait)-strong", "track-400m-\(gait)-strong"]
        }
        let mixed = ["straight-250m-mixed-strong", "turns-250m-mixed-strong", "track-250m-mixed-strong"]
        #expect(Set(single + mixed).isSubset(of: ids))
    }

    @Test func carriesThePhoneTheStudyDescribes() {
        let sensors = Fixtures.sensors
        // The study's fixed strides are the mean true strides, its pedometer reports every 2-5 s.
        #expect([sensors.walk, sensors.powerWalk, sensors.jog].map(\.strideMeters) == [0.57, 1.03, 1.32])
        #expect((sensors.pedometerIntervalMinimumSeconds, sensors.pedometerIntervalMaximumSeconds) == (2, 5))
        // A compass good to 10-15 degrees: 12.5 degrees of bias and noise together, one deviation.
        #expect(abs(hypot(sensors.headingBiasDeviationDegrees, sensors.headingNoiseDeviationDegrees) - 12.5) < 1e-9)
        // Strides vary more power-walking and jogging (30 % of the stride from person to person) than walking (6 %).
        let spread = [sensors.walk, sensors.powerWalk, sensors.jog].map { ($0.walkerStrideDeviationMeters / $0.strideMeters * 100).rounded() }
        #expect(spread == [6, 30, 30])
        // The phone turned 90 degrees during mixed activity.
        #expect((sensors.phoneTurnDegrees, sensors.phoneTurnSeconds) == (90, 5))
        // The dropout suite keeps its phone (Docs/dead-reckoning.md, the suites): the study's strides, no turn.
        let dropout = Fixtures.dropoutSuite.scenarios[0].sensors
        #expect(dropout?.jog.strideMeters == 1.32 && dropout?.phoneTurnDegrees == 0)
    }
}
