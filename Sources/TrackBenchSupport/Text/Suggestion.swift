/// "Did you mean" suggestions for mistyped names.
package enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a typo.
    ///
    /// Close enough means at most a third of the longer word's characters
    /// differ (at least one), so `kalmn` suggests `kalman` but `foo` suggests nothing.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            let limit = max(1, max(word.count, candidate.count) / 3)
            if distance <= limit, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The edit distance with adjacent transpositions (optimal string alignment): insertions, deletions,
    /// substitutions and swaps of two neighbouring characters each count one, so `truht` is one edit from `truth`.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first.lowercased())
        let b = Array(second.lowercased())
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
