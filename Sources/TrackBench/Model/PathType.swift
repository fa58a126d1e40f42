/// The shape of a scenario's true path.
public enum PathType: String, Sendable, Hashable, CaseIterable, Codable {
    /// A circle whose circumference equals the scenario distance.
    case loop
    /// Straight out, a right turn, straight on, then back the same way; the
    /// whole trip equals the scenario distance.
    case outAndBack
    /// A real route read from a reference recording (`Scenario.route`): its own positions, timing and length.
    case recorded

    /// The synthetic shapes, which a scenario file crosses with its distances, speeds and stops.
    public static let shapes: [PathType] = [.loop, .outAndBack]
}
