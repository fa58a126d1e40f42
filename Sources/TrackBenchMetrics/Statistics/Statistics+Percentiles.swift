extension Statistics {
    /// The value at fraction `p` of the values' sorted order, interpolating between neighbours; nil if empty.
    ///
    /// Reorders `values` (a selection, not a full sort, so it stays O(n) on
    /// the hundreds of thousands of estimates a run scores).
    package static func percentile(_ values: inout [Double], _ p: Double) -> Double? {
        percentiles(&values, [p])?[0]
    }

    /// The values at each of `fractions` (ascending, in 0...1) of the values' sorted order; nil if empty.
    ///
    /// Distances (finite, no sign bit), the common case, take `RadixSelection`;
    /// anything else a Hoare selection, where each selection starts where the
    /// one before it stopped: after the value of rank k is in place, every
    /// higher rank lies above index k. Both give the exact values of those
    /// ranks, so which one ran does not show in the result.
    /// - Parameter patterns: The values' `RadixSelection.Patterns`, if the caller found them as it made the values.
    package static func percentiles(_ values: inout [Double], _ fractions: [Double], patterns: RadixSelection.Patterns? = nil) -> [Double]? {
        guard !values.isEmpty else { return nil }
        let ranks = fractions.map { p -> (lower: Int, weight: Double) in
            let rank = p * Double(values.count - 1)
            let lower = Int(rank.rounded(.down))
            return (lower, rank - Double(lower))
        }
        // Each fraction needs its lower rank, and the next one when it falls between the two.
        let needed = ranks.flatMap { rank in rank.weight > 0 && rank.lower + 1 < values.count ? [rank.lower, rank.lower + 1] : [rank.lower] }
        let valueOfRank: [Int: Double]
        if let selected = RadixSelection.values(ofRanks: needed, in: values, patterns: patterns) {
            valueOfRank = selected
        } else {
            var selected: [Int: Double] = [:]
            var start = 0
            for rank in needed where selected[rank] == nil {
                selected[rank] = select(rank, in: &values, from: start)
                start = rank
            }
            valueOfRank = selected
        }
        // Every fraction's lower rank is among `needed`, so each has its value; a missing one would read as NaN.
        return ranks.map { rank in
            let lowerValue = valueOfRank[rank.lower] ?? .nan
            guard let upperValue = valueOfRank[rank.lower + 1], rank.weight > 0 else { return lowerValue }
            return lowerValue + (upperValue - lowerValue) * rank.weight
        }
    }

    /// Hoare's selection: moves the value of sorted rank `k` to index `k`, smaller ones before it, larger after.
    /// Only indices from `start` on are searched: the caller knows none before it belongs at or after `k`.
    private static func select(_ k: Int, in values: inout [Double], from start: Int) -> Double {
        var low = start
        var high = values.count - 1
        while low < high {
            let middle = low + (high - low) / 2
            // Median of three as the pivot keeps sorted input from going quadratic.
            let pivot = max(min(values[low], values[middle]), min(max(values[low], values[middle]), values[high]))
            var i = low
            var j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                break
            }
        }
        return values[k]
    }
}
