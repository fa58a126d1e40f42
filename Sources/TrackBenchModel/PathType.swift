/// The shape of a scenario's true path.
package enum PathType: String, Sendable, Hashable, CaseIterable, Codable {
    /// A circle whose circumference equals the scenario distance.
    case loop
    /// Straight out, a right turn, straight on, then back the same way; the
    /// whole trip equals the scenario distance.
    case outAndBack
    /// Due north the whole distance: the straight route of the published dead-reckoning trials.
    case straight
    /// Four equal legs, north, east, north and west: a right turn and two left turns, a route with corners.
    case turns
    /// An athletics track run anticlockwise from the start of a straight: two straights and two half-circle bends in
    /// the proportions of a standard 400 m track (84.39 m straights).
    case track
    /// A real route read from a reference recording (`Scenario.route`): its own positions, timing and length.
    case recorded

    /// The synthetic shapes, which a scenario file crosses with its distances, speeds and stops.
    package static let shapes: [PathType] = [.loop, .outAndBack, .straight, .turns, .track]
}
