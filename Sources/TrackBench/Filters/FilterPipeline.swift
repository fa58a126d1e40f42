/// Filters chained so that each stage's estimates are the next stage's fixes.
///
/// `finish` flushes the stages in order, feeding what each one still held
/// into the stages after it, so a look-ahead smoother behind a gate sees every
/// fix the gate let through.
struct FilterPipeline: LocationFilter {
    private var stages: [any LocationFilter]

    /// Creates a pipeline; fixes enter `stages[0]` first.
    init(stages: [any LocationFilter]) {
        self.stages = stages
    }

    /// Passes the fix through every stage in turn.
    mutating func receive(_ fix: LocationFix, into estimates: inout [LocationFix]) {
        feed([fix], from: 0, into: &estimates)
    }

    /// Flushes each stage in order through the stages after it.
    mutating func finish(into estimates: inout [LocationFix]) {
        for index in stages.indices {
            var held: [LocationFix] = []
            stages[index].finish(into: &held)
            feed(held, from: index + 1, into: &estimates)
        }
    }

    private mutating func feed(_ fixes: [LocationFix], from first: Int, into estimates: inout [LocationFix]) {
        var current = fixes
        for index in first..<stages.count {
            var next: [LocationFix] = []
            for fix in current {
                stages[index].receive(fix, into: &next)
            }
            current = next
            if current.isEmpty { return }
        }
        estimates.append(contentsOf: current)
    }
}
