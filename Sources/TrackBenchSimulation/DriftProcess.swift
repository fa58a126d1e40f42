import Foundation

/// A slowly wandering random value with mean 0 and deviation 1, advanced once per fix.
///
/// Real receiver error is not independent from fix to fix: the phone filters
/// its output, so the error drifts over tens of seconds to minutes (Phillips
/// 2019; the Smartphone Decimeter Challenge 2020 traces; Docs/noise-model.md).
/// Independent noise at 1 Hz would add tens of percent to a path's length; this process moves by only a few hundredths of a deviation
/// per step.
///
/// It is a second-order Gauss-Markov process: white Box-Muller draws pass
/// through two identical first-order low-pass stages with coefficient
/// phi = exp(-step / timeConstant), and the result is scaled back to unit
/// variance. The process starts in its stationary distribution, so the first
/// fix is as noisy as the rest. Its autocorrelation after t seconds is
/// exp(-t / T) (1 + t / T) for time constant T, so it falls to 1/e after about
/// 2.15 time constants.
///
/// A step can be slowed: it then advances the process by only a fraction of
/// the step's time, which is how the noise model freezes the error of a
/// phone standing still.
struct DriftProcess: Sendable {
    private let phi: Double
    private let inputScale: Double
    private let slowedPhi: Double
    private let slowedInputScale: Double
    private let outputScale: Double
    private var first: Double
    private var second: Double

    /// Creates a process in its stationary state.
    /// - Parameters:
    ///   - timeConstantSeconds: The time constant of each low-pass stage; must be positive.
    ///   - stepSeconds: The time one call to `advance` represents.
    ///   - slowedFraction: The fraction of `stepSeconds` a slowed step advances, from 0 (frozen) to 1.
    ///   - gaussian: The normal source, advanced by two draws.
    ///   - generator: The uniform source behind `gaussian`.
    init<Generator: RandomNumberGenerator>(
        timeConstantSeconds: Double,
        stepSeconds: Double,
        slowedFraction: Double = 1,
        gaussian: inout GaussianSampler,
        using generator: inout Generator
    ) {
        phi = exp(-stepSeconds / timeConstantSeconds)
        inputScale = (1 - phi * phi).squareRoot()
        slowedPhi = exp(-stepSeconds * slowedFraction / timeConstantSeconds)
        slowedInputScale = (1 - slowedPhi * slowedPhi).squareRoot()
        // Stationary variance of the second stage is (1 + phi^2) / (1 + phi)^2 and
        // its covariance with the first stage is 1 / (1 + phi).
        outputScale = (1 + phi) / (1 + phi * phi).squareRoot()
        first = gaussian.next(using: &generator)
        second = first / (1 + phi) + phi / (1 + phi) * gaussian.next(using: &generator)
    }

    /// The current value, in units of the process's deviation.
    var value: Double { second * outputScale }

    /// Moves the process one step forward, or a slowed step, and returns its new value.
    ///
    /// Both kinds of step take one normal draw, so slowing steps never reshuffles the draws after them.
    mutating func advance<Generator: RandomNumberGenerator>(
        slowed: Bool = false,
        gaussian: inout GaussianSampler,
        using generator: inout Generator
    ) -> Double {
        let (phi, inputScale) = slowed ? (slowedPhi, slowedInputScale) : (phi, inputScale)
        first = phi * first + inputScale * gaussian.next(using: &generator)
        second = phi * second + (1 - phi) * first
        return value
    }
}
