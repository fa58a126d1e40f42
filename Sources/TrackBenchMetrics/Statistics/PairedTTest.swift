import Foundation

/// Student's paired t-test of whether the mean of paired differences is zero, two-sided.
///
/// The regression gate applies it with the seed as the unit of replication:
/// one difference per seed, the mean over a group's scenarios of run minus
/// baseline. Seeds are independent draws of the noise, so these differences
/// are independent; each is a mean over many scenarios, so it is close to
/// normal even when single rows are skewed (Student 1908). Unlike a rank
/// test on rows, it sees a change that lifts the mean without moving most
/// rows, such as a large worsening on a few scenarios or seeds.
package struct PairedTTest: Sendable, Hashable {
    /// How many differences (seeds) the test had.
    package var count: Int
    /// The mean difference, in the values' unit.
    package var mean: Double
    /// The standard error of the mean: the sample standard deviation over √n; 0 when every difference is equal.
    package var standardError: Double
    /// The two-sided p-value; 1 when every difference is zero, 0 when they are equal and not zero.
    package var pValue: Double

    /// The t statistic, mean over standard error; infinite when the differences are equal and not zero.
    package var t: Double {
        guard standardError > 0 else { return mean == 0 ? 0 : (mean > 0 ? .infinity : -.infinity) }
        return mean / standardError
    }

    /// Tests `differences`; nil for fewer than two, or any that is NaN or infinite.
    package init?(differences: [Double]) {
        guard differences.count >= 2, differences.allSatisfy(\.isFinite), let mean = Statistics.mean(differences),
              let deviation = Statistics.standardDeviation(differences) else { return nil }
        self.init(count: differences.count, mean: mean, deviation: deviation)
    }

    /// Tests differences gathered one at a time, as `init(differences:)` tests them listed (to rounding); nil for
    /// fewer than two, or a mean or spread that is not finite.
    package init?(_ moments: RunningMoments) {
        guard let deviation = moments.standardDeviation, moments.mean.isFinite, deviation.isFinite else { return nil }
        self.init(count: moments.count, mean: moments.mean, deviation: deviation)
    }

    /// Tests n differences of this mean and sample standard deviation.
    private init(count: Int, mean: Double, deviation: Double) {
        self.count = count
        self.mean = mean
        // Differences equal up to rounding have no spread worth a test statistic: treat them as equal.
        let spread = deviation > 1e-12 * max(abs(mean), 1e-300) ? deviation : 0
        standardError = spread / Double(count).squareRoot()
        if standardError == 0 {
            pValue = mean == 0 ? 1 : 0
        } else {
            let t = mean / standardError
            let df = Double(count - 1)
            pValue = min(1, Self.regularizedIncompleteBeta(df / (df + t * t), a: df / 2, b: 0.5))
        }
    }

    /// I_x(a, b), the regularized incomplete beta function, by its continued fraction (Lentz's method), which
    /// converges fast for x < (a + 1) / (a + b + 2); the symmetry I_x(a, b) = 1 - I_{1-x}(b, a) covers the rest.
    /// Two-sided Student-t tail probability with ν degrees of freedom is I_{ν/(ν+t²)}(ν/2, 1/2).
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let logBeta: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let front = exp(logBeta + logPowers)
        if x < (a + 1) / (a + b + 2) { return front * continuedFraction(x, a: a, b: b) / a }
        return 1 - front * continuedFraction(1 - x, a: b, b: a) / b
    }

    /// The continued fraction of the incomplete beta function (Press et al., Numerical Recipes § 6.4).
    private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = 1 / (abs(d) < tiny ? tiny : d)
        var result = d
        for m in 1...300 {
            let m = Double(m)
            let even: Double = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 / (abs(1 + even * d) < tiny ? tiny : 1 + even * d)
            c = abs(1 + even / c) < tiny ? tiny : 1 + even / c
            result *= d * c
            let odd: Double = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 / (abs(1 + odd * d) < tiny ? tiny : 1 + odd * d)
            c = abs(1 + odd / c) < tiny ? tiny : 1 + odd / c
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return result
    }
}
