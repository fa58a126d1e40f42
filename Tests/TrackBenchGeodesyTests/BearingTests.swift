import Testing
@testable import TrackBenchGeodesy

struct BearingTests {
    @Test func wrapsAnglesIntoZeroTo360() {
        #expect(Bearing.normalized(-90) == 270)
        #expect(Bearing.normalized(725) == 5)
        #expect(Bearing.normalized(360) == 0)
        #expect(Bearing.normalized(-1e-17) == 0)
        #expect(Bearing.normalized(.nan).isNaN && Bearing.normalized(.infinity).isNaN)
        // Within a turn of the range by one addition, further out by the remainder.
        #expect(Bearing.normalized(719.5) == 359.5 && Bearing.normalized(-360) == 0 && Bearing.normalized(1e6 + 3) == 283)
    }

    @Test func turnsTheShorterWayRound() {
        #expect(Bearing.turn(from: 350, to: 10) == 20)
        #expect(Bearing.turn(from: 10, to: 350) == -20)
        #expect(Bearing.turn(from: 0, to: 180) == -180)
        #expect(Bearing.turn(from: 720, to: 90) == 90)
    }
}
