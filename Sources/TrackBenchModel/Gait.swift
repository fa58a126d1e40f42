/// How the person in a dead-reckoning scenario moves: the activity a phone's pedometer classifies.
///
/// The three activities are those whose fixed strides the published
/// dead-reckoning study gives (0.57 m walking, 1.03 m power-walking, 1.32 m
/// jogging; Docs/sources.md); `mixed` is a route covered in thirds of walking,
/// power-walking and jogging, as that study's mixed-activity trials were.
public enum Gait: String, Sendable, Hashable, CaseIterable {
    /// Walking.
    case walk
    /// Power-walking: a brisk walk with long strides.
    case powerWalk = "power-walk"
    /// Jogging.
    case jog
    /// Walking, then power-walking, then jogging, each over a third of the distance.
    case mixed

    /// The activities the gait is made of, in order, each over an equal share of the distance: itself, or the three for `mixed`.
    public var stretches: [Gait] {
        self == .mixed ? [.walk, .powerWalk, .jog] : [self]
    }
}
