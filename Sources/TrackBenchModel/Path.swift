/// A recorded or estimated track: fixes in the order they were delivered.
///
/// A path may be empty (a filter that rejects everything produces one); its
/// length is then zero.
public struct Path: Sendable, Hashable {
    /// The fixes in delivery order.
    public var fixes: [LocationFix]

    /// Creates a path from fixes in delivery order.
    public init(_ fixes: [LocationFix]) {
        self.fixes = fixes
    }

    /// The number of fixes.
    public var count: Int { fixes.count }

    /// Whether both paths have the same fixes at the same coordinates, in order (other fields may differ).
    ///
    /// Then their lengths are equal to the last bit, since `totalDistanceMeters` reads coordinates only.
    package func hasSameCoordinates(as other: Path) -> Bool {
        guard fixes.count == other.fixes.count else { return false }
        for index in fixes.indices {
            let (a, b) = (fixes[index].coordinate, other.fixes[index].coordinate)
            guard a.latitude == b.latitude, a.longitude == b.longitude else { return false }
        }
        return true
    }

    /// Sum of great-circle distances between consecutive fixes, in metres.
    ///
    /// Every fix counts, valid or not: the length is that of the line an app
    /// would draw from these fixes. Filtering bad ones out is a filter's job.
    public var totalDistanceMeters: Double {
        var length = PathLength()
        for fix in fixes { length.add(fix) }
        return length.meters
    }
}
