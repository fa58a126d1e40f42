import Foundation
import Testing
@testable import TrackBenchGeodesy
@testable import TrackBenchSimulation

struct TrigonometryTests {
    @Test func sinesAndCosinesAgreeWithTheLibrarysToTheirLastBitsOverEveryKindOfArgument() {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<200_000 {
            let turns = generator.nextUnit()
            let degrees = (generator.nextUnit() - 0.5) * 1_440
            let radians = (generator.nextUnit() - 0.5) * 400
            for (own, angle) in [
                (Trigonometry.sinCos(turns: turns), 2 * Double.pi * turns),
                (Trigonometry.sinCos(degrees: degrees), degrees * Double.pi / 180),
                (Trigonometry.sinCos(radians: radians), radians),
            ] {
                // The library is given the angle rounded to radians, (two roundings for degrees), which alone moves the values by up to
                // its last units.
                let tolerance = 2 * angle.ulp + 4e-16
                #expect(abs(own.sin - sin(angle)) <= tolerance && abs(own.cos - cos(angle)) <= tolerance, "angle \(angle)")
            }
        }
    }

    @Test func quarterTurnsAndRightAnglesAreExact() {
        #expect(Trigonometry.sinCos(turns: 0) == (0, 1))
        #expect(Trigonometry.sinCos(turns: 0.25).sin == 1 && Trigonometry.sinCos(turns: 0.25).cos == 0)
        #expect(Trigonometry.sinCos(turns: 0.5).sin == 0 && Trigonometry.sinCos(turns: 0.5).cos == -1)
        #expect(Trigonometry.sinCos(degrees: 270).sin == -1 && Trigonometry.sinCos(degrees: -90).sin == -1)
        #expect(Trigonometry.sinCos(degrees: 3_600).cos == 1)
    }

    @Test func hugeAndNonFiniteAnglesGoToTheLibraryWithoutATrap() {
        #expect(Trigonometry.sinCos(radians: 1e22).sin == sin(1e22))
        #expect(Trigonometry.sinCos(degrees: 1e300).cos == cos(1e300 * (Double.pi / 180)))
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(Trigonometry.sinCos(turns: value).sin.isNaN && Trigonometry.sinCos(degrees: value).cos.isNaN)
            #expect(Trigonometry.sinCos(radians: value).sin.isNaN)
        }
    }
}
