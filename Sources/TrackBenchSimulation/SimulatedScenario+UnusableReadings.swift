extension SimulatedScenario {
    /// Compass samples whose heading or declination is not finite (`HeadingEvent.isValid`): the dead-reckoning
    /// filters skip them. Always 0 for a simulated compass; a team's own streams may have some.
    package var unusableHeadingCount: Int {
        headings.reduce(0) { $0 + ($1.isValid ? 0 : 1) }
    }

    /// Steps counted by pedometer updates before the first usable compass sample: a dead-reckoning filter has no
    /// heading to move them along and drops them. A sample at an update's own time comes first, so it counts.
    package var stepsBeforeAnyHeading: Int {
        let first = headings.lazy.filter(\.isValid).map(\.timeSeconds).min() ?? .infinity
        return steps.reduce(0) { $0 + ($1.timeSeconds < first ? max(0, $1.steps) : 0) }
    }

    /// What the dead-reckoning filters will skip or drop of these streams, in a sentence for the commands that show
    /// them (`export`); nil when they can use everything.
    package var unusableReadingsNote: String? {
        var parts: [String] = []
        if unusableHeadingCount > 0 {
            parts.append("skip \(unusableHeadingCount) of the \(headings.count) compass samples (heading or declination not finite)")
        }
        if stepsBeforeAnyHeading > 0 {
            parts.append("drop \(stepsBeforeAnyHeading) steps counted before the first usable compass sample")
        }
        return parts.isEmpty ? nil : "The dead-reckoning filters " + parts.joined(separator: " and ") + "."
    }
}
