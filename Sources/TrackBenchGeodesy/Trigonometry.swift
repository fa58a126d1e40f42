import Foundation

/// Sine and cosine computed by TrackBench itself, for the simulation's hot loops.
///
/// The simulation takes a sine and a cosine for every Box-Muller pair, every
/// point of a curved path and every fix's course, about half a dozen pairs a
/// fix. The platform's `sin` and `cos` reduce any argument modulo pi/2 with
/// hundreds of bits of pi and then branch by its size; these know their
/// arguments: a fraction of a turn (the Box-Muller angle `2 pi u`), degrees,
/// or radians of at most `largestReducedRadians`. Each reduces the argument
/// to |r| <= pi/4 around a multiple of a quarter turn (exactly for turns and
/// degrees) and evaluates the Taylor series of both functions there, whose
/// first omitted term is below 1e-19 of the result. The values are within
/// two units in the last place of the exact ones (1.7 at most on 20,000
/// random angles of each kind checked against 200-bit arithmetic) and take
/// about a third of the time of the library's sine and cosine together
/// (10 against 29 ns a pair on this project's 2-core Xeon). Being plain IEEE
/// arithmetic, they are the same on every platform.
///
/// Geodesy that is not in a hot loop keeps the library's functions, and so
/// does the haversine's cosine of latitude, where the library is faster.
@usableFromInline package enum Trigonometry {
    /// The sine and cosine of `turns` whole turns (1 turn = 360 degrees = 2 pi radians).
    ///
    /// The reduction is exact: a turn's quarters are representable, so
    /// `turns - quarter / 4` loses nothing, and only the remainder's
    /// conversion to radians rounds.
    /// - Parameter turns: The angle as a fraction of a full turn.
    /// - Returns: sin(2 pi turns) and cos(2 pi turns); NaN for a non-finite angle.
    @inlinable @inline(__always)
    package static func sinCos(turns: Double) -> (sin: Double, cos: Double) {
        guard turns.magnitude < largestTurns else { return largeAngle(turns * (2 * Double.pi)) }
        let quarter = nearestInteger(4 * turns)
        return rotated(kernel((turns - quarter / 4) * (2 * Double.pi)), quarters: quarter)
    }

    /// The sine and cosine of an angle in degrees.
    ///
    /// The reduction to |r| <= 45 degrees is exact (a multiple of 90 is an
    /// integer, and the remainder needs no more bits than the angle), so only
    /// the conversion of the remainder to radians rounds.
    /// - Parameter degrees: The angle in degrees.
    /// - Returns: Its sine and cosine; NaN for a non-finite angle.
    @inlinable @inline(__always)
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        guard degrees.magnitude < largestTurns * 360 else { return largeAngle(degrees * (Double.pi / 180)) }
        let quarter = nearestInteger(degrees / 90)
        return rotated(kernel((degrees - 90 * quarter) * (Double.pi / 180)), quarters: quarter)
    }

    /// The sine and cosine of an angle in radians.
    ///
    /// The angle is reduced by pi/2 in three parts (Cody and Waite), exact
    /// to well below the last bit for |radians| up to `largestReducedRadians`;
    /// larger or non-finite angles go to the library's functions.
    /// - Parameter radians: The angle in radians.
    @inlinable @inline(__always)
    package static func sinCos(radians: Double) -> (sin: Double, cos: Double) {
        guard radians.magnitude <= largestReducedRadians else { return largeAngle(radians) }
        let quarter = nearestInteger(radians * (2 / Double.pi))
        let remainder = ((radians - quarter * halfPiHigh) - quarter * halfPiMiddle) - quarter * halfPiLow
        return rotated(kernel(remainder), quarters: quarter)
    }

    /// Above this many radians `sinCos(radians:)` calls the library: `halfPiHigh` times the quarter count stays exact below it.
    @usableFromInline static let largestReducedRadians = 1e5

    /// Above this many turns (and 360 times as many degrees) the library is called: no real angle is that large.
    @usableFromInline static let largestTurns = 1e9

    /// The library's sine and cosine, for angles too large (or not finite) to reduce here.
    @usableFromInline static func largeAngle(_ radians: Double) -> (sin: Double, cos: Double) {
        (Foundation.sin(radians), Foundation.cos(radians))
    }

    /// `x` rounded to the nearest integer (ties to even) for |x| < 2^51: adding and removing 1.5 x 2^52 leaves no
    /// fraction bits. Plain arithmetic, where `rounded()` is a library call on the baseline x86-64 target.
    @inlinable @inline(__always)
    static func nearestInteger(_ x: Double) -> Double {
        (x + 0x1.8p52) - 0x1.8p52
    }

    /// pi/2 split in three: the first two have 33 significant bits, so a quarter count below 2^20 times them is exact.
    @usableFromInline static let halfPiHigh = 0x1.921fb544p0
    @usableFromInline static let halfPiMiddle = 0x1.0b4611a6p-34
    /// pi/2 - `halfPiHigh` - `halfPiMiddle`, rounded.
    @usableFromInline static let halfPiLow = 2.0222662487959506e-21

    /// sin(r) and cos(r) for |r| <= pi/4 (a little more is harmless), by their Taylor series to r^17 and r^18.
    @inlinable @inline(__always)
    static func kernel(_ r: Double) -> (sin: Double, cos: Double) {
        let z = r * r
        // 1/3!, 1/5!, ... with alternating signs, Horner in z.
        let sinTail = z * (-1.0 / 6 + z * (1.0 / 120 + z * (-1.0 / 5_040 + z * (1.0 / 362_880 + z * (-1.0 / 39_916_800
            + z * (1.0 / 6_227_020_800 + z * (-1.0 / 1_307_674_368_000 + z * (1.0 / 355_687_428_096_000))))))))
        let cosTail = z * z * (1.0 / 24 + z * (-1.0 / 720 + z * (1.0 / 40_320 + z * (-1.0 / 3_628_800 + z * (1.0 / 479_001_600
            + z * (-1.0 / 87_178_291_200 + z * (1.0 / 20_922_789_888_000 + z * (-1.0 / 6_402_373_705_728_000))))))))
        return (r + r * sinTail, 1 - (z / 2 - cosTail))
    }

    /// (sin, cos) of r + quarters x 90 degrees, from (sin r, cos r); `quarters` is a whole number below 2^51.
    ///
    /// Without branches: the quadrant is random in the Box-Muller draws, where a branch would mispredict.
    @inlinable @inline(__always)
    static func rotated(_ values: (sin: Double, cos: Double), quarters: Double) -> (sin: Double, cos: Double) {
        let quadrant = UInt64(truncatingIfNeeded: Int64(quarters)) & 3
        let isOdd = quadrant & 1 == 1
        let sine = isOdd ? values.cos : values.sin
        let cosine = isOdd ? values.sin : values.cos
        // Quadrants 2 and 3 negate the sine, 1 and 2 the cosine: flip the sign bit.
        return (
            Double(bitPattern: sine.bitPattern ^ ((quadrant & 2) << 62)),
            Double(bitPattern: cosine.bitPattern ^ (((quadrant + 1) & 2) << 62))
        )
    }
}
