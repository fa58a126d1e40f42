/// One input a filter receives in a scenario with sensors: a fix, a pedometer update, a compass sample or a barometer
/// reading.
///
/// A scenario with a sensor profile feeds its filters one time-ordered stream
/// of these (`SimulatedScenario.events`); filters without sensor inputs see
/// only its fixes.
public enum SensorEvent: Sendable, Hashable {
    /// A location fix, at its delivery time.
    case fix(LocationFix)
    /// A pedometer update.
    case steps(StepEvent)
    /// A compass sample.
    case heading(HeadingEvent)
    /// A barometer reading.
    case barometer(BarometerEvent)

    /// When the event reached the app, in seconds since the start of the run.
    public var timeSeconds: Double {
        switch self {
        case let .fix(fix): return fix.deliveryTimeSeconds
        case let .steps(steps): return steps.timeSeconds
        case let .heading(heading): return heading.timeSeconds
        case let .barometer(reading): return reading.timeSeconds
        }
    }
}
