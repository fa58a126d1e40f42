import Foundation
import TrackBenchGeodesy
import TrackBenchSupport

/// How the tiles `trackbench dem` writes depart from the true terrain, as real SRTM tiles do.
///
/// A terrain model looked up where the user walks is only as good as the
/// model: SRTM posts are area averages, not point samples, and carry a
/// vertical error that varies smoothly over the ground. Tiles written from
/// the true terrain would make `terrain-lookup` look perfect (0.2 m altitude
/// error on the hills suite), so by default each post is the mean of the
/// terrain around it (weights 1, 2, 1 over the neighbouring posts in each
/// direction, about one posting wide) plus a correlated error field of
/// `verticalErrorMeters` root mean square. `exact` writes the terrain itself.
///
/// The error field is a sum of `waveCount` plane waves in ground metres,
/// with directions, wavelengths (300 m to 3 km, evenly spread in logarithm)
/// and phases drawn from `seed`: continuous across tile edges, the same for
/// the same seed, and correlated over hundreds of metres, so neighbouring
/// fixes share most of their error as they do in a real model. The
/// wavelength range is TrackBench's modelling choice; the size is set from
/// published validations ([sources](../../Docs/sources.md#srtm-tiles)).
package struct TileErrorModel: Sendable, Hashable {
    /// The root mean square of the vertical error over a large area, in metres; 0 for none.
    package let verticalErrorMeters: Double
    /// Whether a post is the mean of the terrain around it rather than the terrain at the post.
    package let smoothsOverPosting: Bool
    /// Which error field: each seed gives another, the same seed the same one.
    package let seed: UInt64
    /// The error field's plane waves, drawn from `seed`.
    private let waves: [Wave]

    /// One plane wave of the error field: its angular frequencies east and north, in radians per metre, and phase.
    private struct Wave: Sendable, Hashable {
        var east: Double
        var north: Double
        var phase: Double
    }

    /// The default size of the vertical error, in metres: SRTM's validations report 5 to 10 m root mean square
    /// outside high mountains.
    package static let defaultVerticalErrorMeters = 7.5
    /// Tiles that hold the true terrain at every post.
    package static let exact = TileErrorModel(verticalErrorMeters: 0, smoothsOverPosting: false, seed: 0)
    /// How many plane waves make the error field.
    static let waveCount = 12
    /// The shortest and longest wavelength of the error field, in metres.
    static let wavelengthRangeMeters = 300.0...3000.0
    /// Metres of ground per degree of latitude on the mean Earth.
    static let metersPerDegree = GreatCircle.meanEarthRadiusMeters * Double.pi / 180

    /// A model with the given error size, posting smoothing on, and the error field of `seed`.
    package init(verticalErrorMeters: Double = defaultVerticalErrorMeters, smoothsOverPosting: Bool = true, seed: UInt64) {
        self.verticalErrorMeters = verticalErrorMeters
        self.smoothsOverPosting = smoothsOverPosting
        self.seed = seed
        waves = (0..<Self.waveCount).map { index in
            let direction = 2 * Double.pi * Self.uniform(seed: seed, index, 0)
            let range = Self.wavelengthRangeMeters
            let position = (Double(index) + Self.uniform(seed: seed, index, 1)) / Double(Self.waveCount)
            let radiansPerMeter = 2 * Double.pi / (range.lowerBound * pow(range.upperBound / range.lowerBound, position))
            return Wave(
                east: radiansPerMeter * cos(direction), north: radiansPerMeter * sin(direction),
                phase: 2 * Double.pi * Self.uniform(seed: seed, index, 2)
            )
        }
    }

    /// The vertical error at `coordinate`, in metres.
    package func verticalErrorMeters(at coordinate: Coordinate) -> Double {
        guard verticalErrorMeters > 0 else { return 0 }
        let north = coordinate.latitude * Self.metersPerDegree
        let east = coordinate.longitude * Self.metersPerDegree * cos(coordinate.latitude * Double.pi / 180)
        var sum = 0.0
        for wave in waves {
            sum += cos(wave.east * east + wave.north * north + wave.phase)
        }
        // Each wave of amplitude a adds a^2 / 2 to the variance.
        return sum * verticalErrorMeters * (2 / Double(Self.waveCount)).squareRoot()
    }

    /// The bytes of the tile at `corner`: `altitude` at each post, smoothed and offset as this model says.
    /// - Parameters:
    ///   - postsPerSide: 1201 (3 arc-seconds) or 3601 (1 arc-second).
    ///   - altitude: The true terrain's altitude at a coordinate, in metres; nil for none (a void).
    /// - Complexity: (`postsPerSide` + 2)² calls of `altitude`, three rows of posts in memory at a time.
    package func tileBytes(corner: TileCorner, postsPerSide: Int, altitude: (Coordinate) -> Double?) -> [UInt8] {
        let cells = Double(postsPerSide - 1)
        let west = Double(corner.longitude)
        // Rows and columns from -1 to postsPerSide: one post beyond each edge, so a tile's edge posts are smoothed
        // over the same ground as its neighbour's copies of them. A void is NaN.
        func sampledRow(_ row: Int) -> [Double] {
            let latitude = Double(corner.latitude + 1) - Double(row) / cells
            return (-1...postsPerSide).map { column in
                let value = altitude(Coordinate(latitude: latitude, longitude: west + Double(column) / cells))
                return value.flatMap { $0.isFinite ? $0 : nil } ?? .nan
            }
        }
        var above = sampledRow(-1), here = sampledRow(0), below = sampledRow(1)
        var bytes = [UInt8](repeating: 0, count: postsPerSide * postsPerSide * 2)
        for row in 0..<postsPerSide {
            if row > 0 {
                (above, here, below) = (here, below, sampledRow(row + 1))
            }
            let latitude = Double(corner.latitude + 1) - Double(row) / cells
            let errors = rowOfErrors(latitude: latitude, west: west, step: 1 / cells, count: postsPerSide)
            for column in 0..<postsPerSide {
                let terrain = smoothsOverPosting ? Self.smoothed(above, here, below, at: column + 1) : here[column + 1]
                ElevationTile.store(terrain.isNaN ? nil : terrain + errors[column], post: row * postsPerSide + column, in: &bytes)
            }
        }
        return bytes
    }

    /// The vertical error at `count` posts of one row, from longitude `west` eastward `step` degrees apart, in metres.
    ///
    /// Along a row each wave's phase grows by a fixed amount a post, so its cosine is carried from post to post by
    /// a rotation instead of computed anew (three tiles of 3601 x 3601 posts in 2 s instead of 9.5); the values
    /// agree with `verticalErrorMeters(at:)` to about 1e-12 m.
    private func rowOfErrors(latitude: Double, west: Double, step: Double, count: Int) -> [Double] {
        var errors = [Double](repeating: 0, count: count)
        guard verticalErrorMeters > 0 else { return errors }
        let amplitude = verticalErrorMeters * (2 / Double(Self.waveCount)).squareRoot()
        let north = latitude * Self.metersPerDegree
        let metersPerDegreeEast = Self.metersPerDegree * cos(latitude * Double.pi / 180)
        for wave in waves {
            let start = wave.east * west * metersPerDegreeEast + wave.north * north + wave.phase
            let increment = wave.east * step * metersPerDegreeEast
            var (cosine, sine) = (cos(start), sin(start))
            let (cosineStep, sineStep) = (cos(increment), sin(increment))
            for column in 0..<count {
                errors[column] += amplitude * cosine
                (cosine, sine) = (cosine * cosineStep - sine * sineStep, sine * cosineStep + cosine * sineStep)
            }
        }
        return errors
    }

    /// The weighted mean of the 3 x 3 samples around `column` of the middle row, weights 1, 2, 1 each way; NaN
    /// (a void) when any of them is one.
    private static func smoothed(_ above: [Double], _ here: [Double], _ below: [Double], at column: Int) -> Double {
        func row(_ values: [Double]) -> Double { values[column - 1] + 2 * values[column] + values[column + 1] }
        return (row(above) + 2 * row(here) + row(below)) / 16
    }

    /// A number in 0..<1 for wave `index`'s draw `draw`, from `seed`.
    private static func uniform(seed: UInt64, _ index: Int, _ draw: Int) -> Double {
        let hash = FNV1a.hash64(Array("srtm-error \(seed) \(index) \(draw)".utf8))
        return Double(hash >> 11) / Double(1 << 53)
    }
}
