import Foundation
import TrackBenchFilters

/// The values a tuning sweep tries for one parameter, parsed from `START...END:STEP` or `A,B,C`.
package struct SweepValues: Sendable, Hashable {
    /// The values in the order they run.
    package var values: [Double]

    /// The most values one sweep may have, so a typo in the step cannot start an endless run.
    package static let limit = 1000

    /// Parses a range with a step (`1...5:0.5`, end included when the steps reach it) or a comma list (`1,2.5,4`).
    /// - Throws: A message saying what was expected.
    package init(parsing text: String) throws(SweepValuesError) {
        if let rangeSeparator = text.range(of: "...") {
            let start = text[..<rangeSeparator.lowerBound]
            let rest = text[rangeSeparator.upperBound...].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard rest.count == 2, let first = Double(start), let last = Double(rest[0]), let step = Double(rest[1]),
                  first.isFinite, last.isFinite, step.isFinite
            else {
                throw SweepValuesError(text: text, reason: "not START...END:STEP, such as 1...5:0.5")
            }
            guard step > 0, last >= first else {
                throw SweepValuesError(text: text, reason: "END must be >= START and STEP positive")
            }
            let steps = ((last - first) / step * (1 + 1e-9)).rounded(.down)
            guard steps < Double(Self.limit) else {
                throw SweepValuesError(
                    text: text, reason: "that is \(steps < 1e15 ? "\(Int(steps) + 1)" : "over 10^15") values; at most \(Self.limit) are allowed"
                )
            }
            // Multiplying instead of adding keeps 0.1-steps from accumulating rounding error;
            // rounding to 12 significant digits turns 0.30000000000000004 into 0.3.
            values = (0...Int(steps)).map { Self.rounded(first + Double($0) * step) }
        } else {
            var parsed: [Double] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let value = Double(item), value.isFinite else {
                    throw SweepValuesError(text: text, reason: "'\(item)' is not a finite number; give START...END:STEP or A,B,C")
                }
                parsed.append(value)
            }
            values = parsed
        }
        guard values.count <= Self.limit else {
            throw SweepValuesError(text: text, reason: "that is \(values.count) values; at most \(Self.limit) are allowed")
        }
        var seen: Set<String> = []
        for value in values where !seen.insert(FilterParameter.format(value)).inserted {
            throw SweepValuesError(
                text: text,
                reason: "the value \(FilterParameter.format(value)) appears twice (range values are rounded to 12 significant digits); "
                    + "use a larger STEP or distinct values"
            )
        }
    }

    /// `value` rounded to 12 significant digits.
    static func rounded(_ value: Double) -> Double {
        Double(String(format: "%.12g", value)) ?? value
    }
}

/// Why sweep values could not be parsed.
package struct SweepValuesError: Error, LocalizedError, Equatable {
    /// The text as given.
    package var text: String
    /// What was wrong and what was expected.
    package var reason: String

    package var errorDescription: String? { "bad sweep values '\(text)': \(reason)" }
}
