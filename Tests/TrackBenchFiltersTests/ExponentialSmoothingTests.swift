import Foundation
import Testing
@testable import TrackBenchFilters

struct ExponentialSmoothingTests {
    @Test func aTimeConstantLaterTheNewValueWeighsOneMinusOneOverE() {
        #expect(abs(ExponentialSmoothing.weight(elapsedSeconds: 20, timeConstantSeconds: 20) - (1 - exp(-1))) < 1e-15)
        #expect(ExponentialSmoothing.weight(elapsedSeconds: 0, timeConstantSeconds: 20) == 0)
        #expect(ExponentialSmoothing.weight(elapsedSeconds: -5, timeConstantSeconds: 20) == 0, "out of order counts as no time")
        #expect(ExponentialSmoothing.weight(elapsedSeconds: 1e6, timeConstantSeconds: 1) == 1)
    }
}
