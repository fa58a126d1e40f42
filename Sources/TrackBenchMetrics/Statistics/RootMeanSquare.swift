/// A root mean square summed value by value, as errors stream past: the one implementation of every RMS and RMSE.
///
/// Squares are summed in the order the values come, so the result is the
/// same whether the values were stored first or never were.
package struct RootMeanSquare: Sendable {
    /// The sum of the squares added so far.
    @usableFromInline package private(set) var sumOfSquares = 0.0
    /// How many values were added.
    @usableFromInline package private(set) var count = 0

    /// Starts with no values.
    @inlinable package init() {}

    /// The sum of `values`' squares, in order.
    @inlinable package init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    /// Adds one value's square.
    @inlinable @inline(__always)
    package mutating func add(_ value: Double) {
        sumOfSquares += value * value
        count += 1
    }

    /// The root mean square of the values added; nil before any.
    @inlinable package var value: Double? {
        count == 0 ? nil : (sumOfSquares / Double(count)).squareRoot()
    }
}
