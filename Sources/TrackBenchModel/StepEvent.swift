/// One pedometer update: the steps counted since the previous update, and the activity the phone recognised.
///
/// Phone pedometers report every few seconds, not every step; a dead-reckoning
/// filter turns the count into a distance with a stride for the activity.
public struct StepEvent: Sendable, Hashable {
    /// When the update reached the app, in seconds since the start of the run.
    public var timeSeconds: Double
    /// Steps counted since the previous update (or the start); 0 while standing still.
    public var steps: Int
    /// The activity the phone recognised at the update: `walk`, `powerWalk` or `jog`, never `mixed`.
    public var gait: Gait

    /// Creates a pedometer update.
    public init(timeSeconds: Double, steps: Int, gait: Gait) {
        self.timeSeconds = timeSeconds
        self.steps = steps
        self.gait = gait
    }
}
