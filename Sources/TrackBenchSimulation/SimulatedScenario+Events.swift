import TrackBenchModel
extension SimulatedScenario {
    /// Everything a filter receives in a scenario with sensors or a barometer, in time order; nil for a scenario of
    /// fixes only.
    ///
    /// With sensors, the stream opens with the known start, a fix at the true
    /// starting point at time 0 with accuracy 0 (a dead-reckoning run starts
    /// from a known position, as in the published trials). It merges the
    /// barometer readings, delivered fixes, compass samples and pedometer
    /// updates by time; at the same time they come in that order, so a fix
    /// meets the reading taken with it and an update's interval includes the
    /// samples taken at its end.
    package var events: [SensorEvent]? {
        guard scenario.sensors != nil || !barometer.isEmpty else { return nil }
        var events: [SensorEvent] = []
        events.reserveCapacity(1 + noisyPath.count + headings.count + steps.count + barometer.count)
        if scenario.sensors != nil {
            events.append(.fix(LocationFix(latitude: scenario.origin.latitude, longitude: scenario.origin.longitude, timestampSeconds: 0)))
        }
        let fixes = noisyPath.fixes
        var reading = 0
        var fix = 0
        var heading = 0
        var step = 0
        while true {
            // The next of each stream, in the order that wins a tie.
            let times = [
                reading < barometer.count ? barometer[reading].timeSeconds : .infinity,
                fix < fixes.count ? fixes[fix].deliveryTimeSeconds : .infinity,
                heading < headings.count ? headings[heading].timeSeconds : .infinity,
                step < steps.count ? steps[step].timeSeconds : .infinity,
            ]
            let earliest = times.min()!
            guard earliest < .infinity, let next = times.firstIndex(of: earliest) else { break }
            switch next {
            case 0:
                events.append(.barometer(barometer[reading]))
                reading += 1
            case 1:
                events.append(.fix(fixes[fix]))
                fix += 1
            case 2:
                events.append(.heading(headings[heading]))
                heading += 1
            default:
                events.append(.steps(steps[step]))
                step += 1
            }
        }
        return events
    }

    /// How many fixes the filters receive: the delivered ones, plus the known start in a scenario with sensors.
    package var receivedFixes: Int {
        noisyPath.count + (scenario.sensors == nil ? 0 : 1)
    }
}
