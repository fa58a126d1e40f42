import Foundation
import Testing
@testable import TrackBenchModel
@testable import TrackBenchFormats
@testable import TrackBenchFilters

/// The four altitude filters, on hand-made fixes.
struct AltitudeFilterTests {
    static func fix(altitude: Double, time: Double, vertical: Double = 3) -> LocationFix {
        LocationFix(
            latitude: 37, longitude: -122, altitudeMeters: altitude, horizontalAccuracyMeters: 5, verticalAccuracyMeters: vertical,
            timestampSeconds: time)
    }

    /// Runs a filter over events, as the harness does for a phone with a barometer.
    static func run(_ filter: some LocationFilter, over events: [SensorEvent]) -> [LocationFix] {
        var filter = filter
        var estimates: [LocationFix] = []
        filter.run(over: events, into: &estimates)
        return estimates
    }

    @Test func theSmootherMovesByOneMinusExpOfElapsedOverItsTime() {
        let filter = AltitudeSmoother(timeSeconds: 10)
        let out = filter.estimatedPath(
            for: Path([Self.fix(altitude: 0, time: 0), Self.fix(altitude: 10, time: 10), Self.fix(altitude: 10, time: 10)])
        ).fixes
        #expect(out[0].altitudeMeters == 0)
        #expect(abs(out[1].altitudeMeters - 10 * (1 - exp(-1))) < 1e-12)
        #expect(out[2].altitudeMeters == out[1].altitudeMeters, "no time passed: weight 0")
        #expect(out.map(\.latitude) == [37, 37, 37])
    }

    @Test func theSmootherPassesAnInvalidAltitudeThroughWithoutMoving() {
        let filter = AltitudeSmoother(timeSeconds: 1)
        let out = filter.estimatedPath(
            for: Path([Self.fix(altitude: 5, time: 0), Self.fix(altitude: 500, time: 1, vertical: -1), Self.fix(altitude: 5, time: 2)])
        ).fixes
        #expect(out[1].altitudeMeters == 500 && out[2].altitudeMeters == 5)
    }

    @Test func hysteresisCountsOnlyChangesOfItsThreshold() {
        let altitudes = [0.0, 2, -2, 4, 6, 3, 10, 6]
        let fixes = altitudes.enumerated().map { Self.fix(altitude: $1, time: Double($0)) }
        let out = GainHysteresisFilter(thresholdMeters: 5).estimatedPath(for: Path(fixes)).fixes.map(\.altitudeMeters)
        #expect(out == [0, 0, 0, 0, 6, 6, 6, 6])
    }

    @Test func theFusionTakesTheBarometersShapeAndTheGPSLevel() {
        // GPS swings ±10 m around a true altitude of 100 + the barometer's change; the fusion's level settles near 100.
        var fixes: [LocationFix] = []
        var events: [SensorEvent] = []
        for second in 0..<3600 {
            let change = Double(second) / 100
            let swing = 10 * sin(Double(second) / 60)
            fixes.append(Self.fix(altitude: 100 + change + swing, time: Double(second)))
            events += [.barometer(BarometerEvent(timeSeconds: Double(second), relativeAltitudeMeters: change)), .fix(fixes.last!)]
        }
        let out = Self.run(BarometerFusionFilter(timeSeconds: 600), over: events)
        let lateErrors = out.suffix(1800).enumerated().map { abs($1.altitudeMeters - (100 + Double(1800 + $0) / 100)) }
        #expect(lateErrors.max()! < 2, "worst late error \(lateErrors.max()!)")
        let gpsErrors = fixes.suffix(1800).enumerated().map { abs($1.altitudeMeters - (100 + Double(1800 + $0) / 100)) }
        #expect(gpsErrors.max()! > 9)
    }

    @Test func theFusionWithoutABarometerIsRaw() {
        let fixes = (0..<10).map { Self.fix(altitude: Double($0 * $0), time: Double($0)) }
        #expect(BarometerFusionFilter(timeSeconds: 600).estimatedPath(for: Path(fixes)).fixes == fixes)
    }

    @Test func terrainLookupTakesTheTileAndFallsBackToGPSOutsideCountingIt() throws {
        let corner = TileCorner(latitude: 37, longitude: -123)!
        let bytes = ElevationTile.bytes(corner: corner, postsPerSide: 1201) { _ in 250 }
        let model = ElevationModel(tiles: [try ElevationTile(corner: corner, bytes: Data(bytes), file: "test")])
        var settings = FilterSettings()
        settings.elevationModel = model
        let inside = LocationFix(latitude: 37.5, longitude: -122.5, altitudeMeters: 900, horizontalAccuracyMeters: 5, timestampSeconds: 0)
        var outside = inside
        outside.latitude = 40
        var invalid = inside
        invalid.horizontalAccuracyMeters = -1
        let out = TerrainLookupFilter(settings: settings).estimatedPath(for: Path([inside, outside, invalid])).fixes
        #expect(out.map(\.altitudeMeters) == [250, 900, 900])
        #expect(model.tally.totals == ElevationModel.Tally.Counts(lookups: 3, fallbacks: 2, voids: 0))
    }

    @Test func aLookedUpAltitudeCarriesTheTerrainModelsAccuracySoAnUnknownGPSAltitudeBecomesUsable() throws {
        let corner = TileCorner(latitude: 37, longitude: -123)!
        let bytes = ElevationTile.bytes(corner: corner, postsPerSide: 1201) { _ in 250 }
        var settings = FilterSettings()
        settings.elevationModel = ElevationModel(tiles: [try ElevationTile(corner: corner, bytes: Data(bytes), file: "test")])
        // An NMEA fix without GST: its altitude is unknown (vertical accuracy -1), so every stage passes it through.
        let fixes = (0..<5).map { second in
            LocationFix(
                latitude: 37.5, longitude: -122.5, altitudeMeters: 900, horizontalAccuracyMeters: 5, verticalAccuracyMeters: -1,
                timestampSeconds: Double(second))
        }
        #expect(AltitudeSmoother(timeSeconds: 20).estimatedPath(for: Path(fixes)).fixes.map(\.altitudeMeters) == Array(repeating: 900, count: 5))
        var outside = fixes[0]
        outside.latitude = 40
        let looked = TerrainLookupFilter(settings: settings).estimatedPath(for: Path(fixes + [outside])).fixes
        #expect(looked.prefix(5).allSatisfy { $0.altitudeMeters == 250 && $0.verticalAccuracyMeters == TerrainLookupFilter.verticalAccuracyMeters })
        #expect(looked[5].verticalAccuracyMeters == -1, "a fallback keeps the GPS altitude and its accuracy")
        // A later stage now smooths the terrain's altitude instead of ignoring it.
        let smoothed = AltitudeSmoother(timeSeconds: 20).estimatedPath(for: Path(Array(looked.prefix(5)))).fixes
        #expect(smoothed.allSatisfy { abs($0.altitudeMeters - 250) < 1e-9 && $0.verticalAccuracyMeters >= 0 })
    }
}
