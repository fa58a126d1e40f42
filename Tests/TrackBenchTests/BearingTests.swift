import Testing
@testable import TrackBench

struct BearingTests {
    @Test func wrapsAnglesIntoZeroTo360() {
        #expect(Bearing.normalized(-90) == 270)
        #expect(Bearing.normalized(725) == 5)
        #expect(Bearing.normalized(360) == 0)
        #expect(Bearing.normalized(-1e-17) == 0)
        #expect(Bearing.normalized(.nan).isNaN && Bearing.normalized(.infinity).isNaN)
    }

    @Test func turnsTheShorterWayRound() {
        #expect(Bearing.turn(from: 350, to: 10) == 20)
        #expect(Bearing.turn(from: 10, to: 350) == -20)
        #expect(Bearing.turn(from: 0, to: 180) == -180)
        #expect(Bearing.turn(from: 720, to: 90) == 90)
    }
}
