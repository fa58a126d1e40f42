/// The shape of a scenario's true path.
public enum PathType: String, Sendable, Hashable, CaseIterable, Codable {
    /// A circle whose circumference equals the scenario distance.
    case loop
    /// Straight out, a right turn, straight on, then back the same way; the
    /// whole trip equals the scenario distance.
    case outAndBack
}
