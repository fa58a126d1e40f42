extension SimulatedScenario {
    /// Everything a filter receives in a scenario with sensors, in time order; nil for a scenario of fixes only.
    ///
    /// The stream opens with the known start, a fix at the true starting
    /// point at time 0 with accuracy 0 (a dead-reckoning run starts from a
    /// known position, as in the published trials), then merges the
    /// delivered fixes, compass samples and pedometer updates by time; at the
    /// same time a fix comes first, then compass samples, then pedometer
    /// updates, so an update's interval includes the samples taken at its end.
    public var events: [SensorEvent]? {
        guard scenario.sensors != nil else { return nil }
        var events: [SensorEvent] = []
        events.reserveCapacity(1 + noisyPath.count + headings.count + steps.count)
        events.append(.fix(LocationFix(latitude: scenario.origin.latitude, longitude: scenario.origin.longitude, timestampSeconds: 0)))
        let fixes = noisyPath.fixes
        var fix = 0
        var heading = 0
        var step = 0
        while fix < fixes.count || heading < headings.count || step < steps.count {
            let fixTime = fix < fixes.count ? fixes[fix].deliveryTimeSeconds : .infinity
            let headingTime = heading < headings.count ? headings[heading].timeSeconds : .infinity
            let stepTime = step < steps.count ? steps[step].timeSeconds : .infinity
            if fixTime <= headingTime && fixTime <= stepTime {
                events.append(.fix(fixes[fix]))
                fix += 1
            } else if headingTime <= stepTime {
                events.append(.heading(headings[heading]))
                heading += 1
            } else {
                events.append(.steps(steps[step]))
                step += 1
            }
        }
        return events
    }

    /// How many fixes the filters receive: the delivered ones, plus the known start in a scenario with sensors.
    public var receivedFixes: Int {
        noisyPath.count + (scenario.sensors == nil ? 0 : 1)
    }
}
