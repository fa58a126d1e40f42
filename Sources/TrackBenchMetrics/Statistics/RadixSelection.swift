/// The values of given sorted ranks among non-negative finite doubles, found by counting instead of partitioning.
///
/// A non-negative finite double's bit pattern, read as an unsigned integer,
/// sorts as the number does. So one pass finds the smallest and largest
/// pattern, a second counts the values into buckets of equal pattern width
/// (about two values a bucket, at most 2,048 buckets), and a third gathers
/// only the few values in the buckets that hold the ranks asked for, which
/// are then sorted. That is three passes of counting with no swaps, where a
/// Hoare selection partitions the array several times with branches it
/// mispredicts: several times faster on the thousands of position errors
/// each filter's metrics select from.
package enum RadixSelection {
    /// Below this many values the plain selection is as fast.
    static let minimumCount = 64
    /// The most buckets a pass counts into, for the longest arrays.
    static let maximumBucketCount = 2_048

    /// The smallest and largest bit pattern of values seen one at a time, and whether all were distances.
    ///
    /// The first pass of a selection, which a caller that makes the values
    /// can do as it makes them.
    package struct Patterns {
        /// The smallest bit pattern seen.
        private(set) var lowest = UInt64.max
        /// The largest bit pattern seen.
        private(set) var highest = UInt64.min
        /// Whether every value seen was finite and had no sign bit.
        private(set) var areDistances = true

        /// Takes one value.
        @inline(__always)
        mutating func add(_ value: Double) {
            // The sign bit set, or the exponent all ones (infinity, NaN): not a distance.
            let pattern = value.bitPattern
            areDistances = areDistances && pattern >> 63 == 0 && value.isFinite
            lowest = min(lowest, pattern)
            highest = max(highest, pattern)
        }
    }

    /// The value of each rank in `ranks` (0-based, each in `values.indices`), or nil when `values` is short
    /// or holds a negative, negative-zero, infinite or NaN value.
    /// - Parameter patterns: The values' `Patterns`, if the caller has them; otherwise a first pass finds them.
    static func values(ofRanks ranks: [Int], in values: [Double], patterns known: Patterns? = nil) -> [Int: Double]? {
        guard values.count >= minimumCount else { return nil }
        let patterns = known ?? values.reduce(into: Patterns()) { $0.add($1) }
        guard patterns.areDistances else { return nil }
        let (lowest, highest) = (patterns.lowest, patterns.highest)
        // A power of two near half the count: few enough buckets to clear and scan, few values in each.
        let bucketBits = min(maximumBucketCount.trailingZeroBitCount, Int.bitWidth - values.count.leadingZeroBitCount - 2)
        let width = highest - lowest
        let significantBits = width == 0 ? 0 : UInt64.bitWidth - width.leadingZeroBitCount
        let shift = UInt64(max(0, significantBits - bucketBits))
        func bucket(_ value: Double) -> Int { Int(truncatingIfNeeded: (value.bitPattern - lowest) >> shift) }
        var counts = [Int32](repeating: 0, count: 1 << bucketBits)
        for value in values { counts[bucket(value)] += 1 }

        // Which bucket holds each rank, and how many values lie in the buckets before it.
        var places: [(rank: Int, bucket: Int, before: Int)] = []
        var before = 0
        var index = 0
        for rank in Set(ranks).sorted() {
            while before + Int(counts[index]) <= rank {
                before += Int(counts[index])
                index += 1
            }
            places.append((rank, index, before))
        }
        // Gather the values of those buckets only, one list per distinct bucket.
        var wanted: [Int] = []
        for place in places where wanted.last != place.bucket { wanted.append(place.bucket) }
        var members = wanted.map { bucket -> [Double] in
            var list: [Double] = []
            list.reserveCapacity(Int(counts[bucket]))
            return list
        }
        for value in values {
            let slot = bucket(value)
            for (position, bucket) in wanted.enumerated() where bucket == slot {
                members[position].append(value)
            }
        }
        for position in members.indices { members[position].sort() }
        var result: [Int: Double] = [:]
        for place in places {
            result[place.rank] = members[wanted.firstIndex(of: place.bucket)!][place.rank - place.before]
        }
        return result
    }
}
