import Foundation
import TrackBenchGeodesy

/// Draws standard normal values with the Box-Muller transform.
///
/// Box-Muller turns two uniform values into two independent normal ones; the
/// sampler keeps the second for the next call, so each uniform pair is fully
/// used. Its state is part of the stream: copy it along with the generator.
package struct GaussianSampler: Sendable {
    private var spare: Double?

    /// Creates a sampler with no value in reserve.
    package init() {}

    /// Returns a value from the normal distribution with mean 0 and deviation 1.
    /// - Parameter generator: The uniform source; its stream is advanced by two
    ///   values on every other call.
    package mutating func next<Generator: RandomNumberGenerator>(using generator: inout Generator) -> Double {
        if let value = spare {
            spare = nil
            return value
        }
        // 1 - u lies in (0, 1], so the logarithm is finite.
        let radius = (-2 * log(1 - generator.nextUnit())).squareRoot()
        // The angle 2 pi u, given to the sine and cosine as the fraction of a turn u.
        let (sine, cosine) = Trigonometry.sinCos(turns: generator.nextUnit())
        spare = radius * sine
        return radius * cosine
    }

    /// Returns a value from the normal distribution with the given mean and deviation.
    package mutating func next<Generator: RandomNumberGenerator>(
        mean: Double,
        deviation: Double,
        using generator: inout Generator
    ) -> Double {
        mean + deviation * next(using: &generator)
    }
}
