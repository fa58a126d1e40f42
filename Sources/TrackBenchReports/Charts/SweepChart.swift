import Foundation
import TrackBenchFilters
import TrackBenchModel

/// A sweep as a picture: the ranking metric's mean against the parameter's value, with its 95 % confidence band
/// over seeds, the best value marked and the values tied with it ringed.
///
/// `sweep --output DIR` writes it as `sweep.svg` beside `sweep.md`. The
/// parameter axis is logarithmic when every value is positive and they span
/// a factor of 20 or more (as sweeps over noise levels do), linear otherwise.
package enum SweepChart {
    /// The file name `sweep --output` writes the chart under.
    package static let fileName = "sweep.svg"

    private static let left = 78.0
    private static let top = 70.0
    private static let plotWidth = 520.0
    private static let plotHeight = 280.0

    /// The chart for a sweep.
    /// - Parameters:
    ///   - sweep: The sweep's rows and verdict.
    ///   - parameterUnit: The swept parameter's unit, for the axis label.
    ///   - suite: The suite's name, for the subtitle.
    ///   - seeds: The sweep's seeds.
    package static func render(_ sweep: SweepReport, parameterUnit: String, suite: String, seeds: SeedRange) -> String {
        let metric = sweep.rankingMetric
        let points = sweep.rows.enumerated().compactMap { index, row -> (index: Int, x: Double, y: Double, halfWidth: Double)? in
            guard !row.hasDiverged, let mean = row.summary.means[metric], mean.isFinite else { return nil }
            return (index, row.value, mean, row.confidenceHalfWidth ?? 0)
        }.sorted { $0.x < $1.x }
        let width = left + plotWidth + 40
        let height = top + plotHeight + 92
        var canvas = SVGCanvas(width: width, height: height)
        let title = "\(metric.title) against \(sweep.parameter) for \(sweep.filter)"
        canvas.text(title, 16, 26, size: 16, weight: "bold")
        let interval = sweep.seedCount > 1
            ? "band: 95 % confidence interval over \(sweep.seedCount) seeds (\(seeds))"
            : "one seed (\(seeds)): no interval"
        canvas.text(
            "Suite '\(suite)'; \(interval). \(metric.direction == .higher ? "Higher" : "Lower") is better.",
            16, 46, size: 12, fill: SVGCanvas.faint
        )

        let xs = points.map(\.x)
        let isLog = (xs.min() ?? 0) > 0 && (xs.max() ?? 0) / (xs.min() ?? 1) >= 20
        let xLow = xs.min() ?? 0
        let xHigh = max(xs.max() ?? 1, xLow + (isLog ? xLow : 1))
        func x(_ value: Double) -> Double {
            guard xHigh > xLow else { return left + plotWidth / 2 }
            let fraction = isLog ? (log10(value) - log10(xLow)) / (log10(xHigh) - log10(xLow)) : (value - xLow) / (xHigh - xLow)
            return left + 10 + (plotWidth - 20) * fraction
        }
        let lows = points.map { $0.y - $0.halfWidth }
        let highs = points.map { $0.y + $0.halfWidth }
        var yLow = lows.min() ?? 0
        var yHigh = highs.max() ?? 1
        let padding = max((yHigh - yLow) * 0.1, abs(yHigh) * 0.01, 1e-6)
        yLow -= padding
        yHigh += padding
        func y(_ value: Double) -> Double { top + plotHeight * (1 - (value - yLow) / (yHigh - yLow)) }

        for tick in SVGCanvas.ticks(from: yLow, to: yHigh) {
            canvas.line(left, y(tick.value), left + plotWidth, y(tick.value), stroke: "#e6e6e6")
            canvas.text(tick.label, left - 8, y(tick.value) + 4, size: 11, anchor: "end", fill: SVGCanvas.faint)
        }
        for (index, value) in sweep.rows.map(\.value).enumerated() where points.contains(where: { $0.index == index }) {
            canvas.line(x(value), top + plotHeight, x(value), top + plotHeight + 5, stroke: SVGCanvas.ink)
            canvas.text(FilterParameter.format(value), x(value), top + plotHeight + 19, size: 11, anchor: "middle", fill: SVGCanvas.faint)
        }
        canvas.line(left, top + plotHeight, left + plotWidth, top + plotHeight, stroke: SVGCanvas.ink)
        canvas.line(left, top, left, top + plotHeight, stroke: SVGCanvas.ink)
        let unit = parameterUnit.isEmpty ? "" : " (\(parameterUnit)\(isLog ? ", log scale" : ""))"
        canvas.text(
            "\(sweep.parameter)\(unit.isEmpty && isLog ? " (log scale)" : unit)",
            left + plotWidth / 2, top + plotHeight + 40, size: 12, anchor: "middle"
        )
        canvas.text(metric.title, 20, top + plotHeight / 2, size: 12, anchor: "middle", rotated: true)

        drawPoints(points, of: sweep, x: x, y: y, on: &canvas)
        drawLegend(seedCount: sweep.seedCount, on: &canvas)
        return canvas.render(title: title)
    }

    /// The means as a line with their band, a ring on each value tied with the best, and the best value marked.
    private static func drawPoints(
        _ points: [(index: Int, x: Double, y: Double, halfWidth: Double)], of sweep: SweepReport,
        x: (Double) -> Double, y: (Double) -> Double, on canvas: inout SVGCanvas
    ) {
        let colour = SVGCanvas.palette[0]
        if points.count > 1, points.contains(where: { $0.halfWidth > 0 }) {
            let upper = points.map { (x: x($0.x), y: y($0.y + $0.halfWidth)) }
            let lower = points.reversed().map { (x: x($0.x), y: y($0.y - $0.halfWidth)) }
            canvas.path(upper + lower, stroke: nil, fill: "#cfe3f1")
        }
        canvas.path(points.map { (x: x($0.x), y: y($0.y)) }, stroke: colour, width: 2)
        let ties = Set(sweep.tiedIndices)
        for point in points {
            canvas.circle(x(point.x), y(point.y), radius: 4, fill: colour)
            if ties.contains(point.index) {
                canvas.circle(x(point.x), y(point.y), radius: 8, fill: "none", stroke: SVGCanvas.palette[1])
            }
        }
        if let best = sweep.bestIndex, let point = points.first(where: { $0.index == best }) {
            canvas.circle(x(point.x), y(point.y), radius: 8, fill: SVGCanvas.palette[1])
            canvas.circle(x(point.x), y(point.y), radius: 3, fill: "#ffffff")
            let label = "best \(sweep.parameter) = \(FilterParameter.format(point.x))"
            let above = y(point.y) - 16 > top + 8
            canvas.text(label, x(point.x), above ? y(point.y) - 16 : y(point.y) + 26, size: 12, anchor: "middle", weight: "bold")
        }

    }

    /// The legend below the plot: the mean's line, the best value's dot and the ties' ring.
    private static func drawLegend(seedCount: Int, on canvas: inout SVGCanvas) {
        let colour = SVGCanvas.palette[0]
        let legendY = top + plotHeight + 70
        canvas.line(24, legendY - 4, 44, legendY - 4, stroke: colour, width: 2)
        canvas.text(seedCount > 1 ? "mean, with its 95 % band" : "mean", 50, legendY, size: 11)
        canvas.circle(230, legendY - 4, radius: 7, fill: SVGCanvas.palette[1])
        canvas.text("best value", 242, legendY, size: 11)
        canvas.circle(330, legendY - 4, radius: 7, fill: "none", stroke: SVGCanvas.palette[1])
        canvas.text("tied with the best (paired test)", 342, legendY, size: 11)
    }
}
