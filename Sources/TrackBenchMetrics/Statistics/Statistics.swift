import Foundation

/// Means, spreads and Student-t confidence intervals, for results over several seeds.
package enum Statistics {
    /// The arithmetic mean; nil for no values.
    package static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The sample standard deviation (n - 1 in the denominator); nil for fewer than two values.
    package static func standardDeviation(_ values: [Double]) -> Double? {
        guard values.count > 1, let mean = mean(values) else { return nil }
        return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
    }

    /// Half the width of the 95 % confidence interval of the mean (Student's t); nil for fewer than two values.
    ///
    /// The values must be independent, such as one suite mean per seed.
    package static func confidenceHalfWidth95(_ values: [Double]) -> Double? {
        guard let deviation = standardDeviation(values) else { return nil }
        return tQuantile975(degreesOfFreedom: values.count - 1) * deviation / Double(values.count).squareRoot()
    }

    /// The 97.5th percentile of Student's t distribution: exact table values up to 30 degrees of
    /// freedom, then the Cornish-Fisher expansion around the normal 1.959964 (error below 1e-4).
    static func tQuantile975(degreesOfFreedom df: Int) -> Double {
        let table = [
            12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
            2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
            2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
        ]
        if df >= 1 && df <= table.count { return table[df - 1] }
        let z = 1.959964
        let n = Double(max(df, 1))
        return z + (z * z * z + z) / (4 * n) + (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * n * n)
    }
}
