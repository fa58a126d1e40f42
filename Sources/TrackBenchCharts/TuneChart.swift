import Foundation
import TrackBenchSupport
import TrackBenchFilters
import TrackBenchScoring
import TrackBenchReports

/// A tuning as pictures: the settings in the plane of two Pareto metrics with the front joined up, and for two
/// parameters searched as a whole grid, a heat map of the objective over the grid.
///
/// `tune` writes them as `tune.svg` and `tune-heatmap.svg` beside `tune.md`. Only settings that ran on every
/// training seed are drawn, so every point is a mean over the same runs.
package enum TuneChart {
    /// The file name of the Pareto chart.
    package static let paretoFileName = "tune.svg"
    /// The file name of the heat map.
    package static let heatMapFileName = "tune-heatmap.svg"

    private static let left = 78.0
    private static let top = 70.0
    private static let plotWidth = 520.0
    private static let plotHeight = 320.0

    /// The settings against the first two Pareto metrics: every setting a grey dot, the front in colour and joined,
    /// the winner ringed and the current setting crossed.
    package static func renderPareto(_ report: TuneReport) -> String {
        let (xMetric, yMetric) = (report.objective.paretoMetrics[0], report.objective.paretoMetrics[1])
        let most = report.settings.map(\.trainingSeedCount).max() ?? 0
        let points = report.settings.indices.compactMap { index -> (index: Int, x: Double, y: Double)? in
            let means = report.settings[index].training.means
            guard report.settings[index].trainingSeedCount == most, let x = means[xMetric], let y = means[yMetric], x.isFinite, y.isFinite else {
                return nil
            }
            return (index, x, y)
        }
        var canvas = SVGCanvas(width: left + plotWidth + 40, height: top + plotHeight + 92)
        let title = "\(yMetric.title) against \(xMetric.title) for \(report.filter)"
        canvas.text(title, 16, 26, size: 16, weight: "bold")
        let third = report.objective.paretoMetrics.count > 2 ? "; front over \(report.objective.paretoMetrics[2].column) too" : ""
        canvas.text(
            "Suite '\(report.suite)', training seeds \(report.trainingSeeds)\(third). Lower left is better where both are errors.",
            16, 46, size: 12, fill: SVGCanvas.faint
        )
        let (x, y) = scales(xs: points.map(\.x), ys: points.map(\.y))
        axes(x: x, y: y, xTitle: xMetric.title, yTitle: yMetric.title, on: &canvas)
        canvas.dots(points.filter { !report.paretoFront.contains($0.index) }.map { (x: x.map($0.x), y: y.map($0.y)) }, radius: 3, fill: "#b8b8b8")
        let front = points.filter { report.paretoFront.contains($0.index) }.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        if report.objective.paretoMetrics.count == 2 {
            canvas.path(front.map { (x: x.map($0.x), y: y.map($0.y)) }, stroke: SVGCanvas.palette[0], width: 1.5)
        }
        for point in front { canvas.circle(x.map(point.x), y.map(point.y), radius: 4.5, fill: SVGCanvas.palette[0]) }
        if let winner = report.winnerIndex, let point = points.first(where: { $0.index == winner }) {
            canvas.circle(x.map(point.x), y.map(point.y), radius: 9, fill: "none", stroke: SVGCanvas.palette[1])
        }
        if let current = report.currentIndex, let point = points.first(where: { $0.index == current }) {
            canvas.cross(x.map(point.x), y.map(point.y), size: 6, stroke: SVGCanvas.ink)
        }
        let legendY = top + plotHeight + 70
        canvas.circle(30, legendY - 4, radius: 3, fill: "#b8b8b8")
        canvas.text("setting", 40, legendY, size: 11)
        canvas.circle(110, legendY - 4, radius: 4.5, fill: SVGCanvas.palette[0])
        canvas.text("Pareto front", 120, legendY, size: 11)
        canvas.circle(220, legendY - 4, radius: 7, fill: "none", stroke: SVGCanvas.palette[1])
        canvas.text("winner by \(report.objective.metric.column)", 232, legendY, size: 11)
        canvas.cross(390, legendY - 4, size: 6, stroke: SVGCanvas.ink)
        canvas.text("current setting", 400, legendY, size: 11)
        return canvas.render(title: title)
    }

    /// The objective's mean over a grid of two parameters, darker where better; cells that miss a constraint grey.
    /// Nil unless there are exactly two parameters and every setting ran on every training seed.
    package static func renderHeatMap(_ report: TuneReport) -> String? {
        guard report.parameters.count == 2 else { return nil }
        let grid = report.settings.filter { !$0.values.isEmpty }
        let rowValues = grid.map { $0.values[0] }.uniqued()
        let columnValues = grid.map { $0.values[1] }.uniqued()
        guard grid.count == rowValues.count * columnValues.count, Set(grid.map(\.trainingSeedCount)).count == 1 else { return nil }
        let metric = report.objective.metric
        let cellWidth = min(80, plotWidth / Double(columnValues.count))
        let cellHeight = min(40, plotHeight / Double(rowValues.count))
        var canvas = SVGCanvas(width: left + cellWidth * Double(columnValues.count) + 40, height: top + cellHeight * Double(rowValues.count) + 80)
        canvas.widen(to: 560)
        let title = "\(metric.title) over \(report.parameters[0].name) and \(report.parameters[1].name) for \(report.filter)"
        canvas.text(title, 16, 26, size: 16, weight: "bold")
        canvas.text(
            "Suite '\(report.suite)', training seeds \(report.trainingSeeds). Darker is better; grey misses a constraint; the winner is outlined.",
            16, 46, size: 12, fill: SVGCanvas.faint
        )
        let values = grid.compactMap { $0.training.means[metric] }.filter(\.isFinite)
        let (low, high) = (values.min() ?? 0, values.max() ?? 1)
        for (index, setting) in grid.enumerated() {
            let row = index / columnValues.count
            let column = index % columnValues.count
            let (cellX, cellY) = (left + Double(column) * cellWidth, top + Double(row) * cellHeight)
            let mean = setting.training.means[metric]
            let feasible = report.objective.isFeasible(setting.training.means)
            var fill = "#d9d9d9"
            var goodness = 0.0
            if let mean, mean.isFinite, feasible {
                let fraction = high > low ? (mean - low) / (high - low) : 0
                goodness = metric.direction == .higher ? fraction : 1 - fraction
                fill = shade(goodness)
            }
            canvas.rectangle(cellX, cellY, cellWidth, cellHeight, fill: fill, stroke: "#ffffff")
            if index == report.winnerIndex {
                canvas.rectangle(cellX + 1.5, cellY + 1.5, cellWidth - 3, cellHeight - 3, fill: "none", stroke: SVGCanvas.palette[1], strokeWidth: 3)
            }
            if cellWidth >= 40, cellHeight >= 16 {
                let label = mean.flatMap { $0.isFinite ? NumberFormat.fixed($0, decimals: 2) : nil } ?? "NaN"
                canvas.text(label, cellX + cellWidth / 2, cellY + cellHeight / 2 + 4, size: 10, anchor: "middle", fill: goodness > 0.6 ? "#ffffff" : SVGCanvas.ink)
            }
        }
        for (row, value) in rowValues.enumerated() {
            canvas.text(FilterParameter.format(value), left - 6, top + (Double(row) + 0.5) * cellHeight + 4, size: 11, anchor: "end", fill: SVGCanvas.faint)
        }
        for (column, value) in columnValues.enumerated() {
            let cellY = top + Double(rowValues.count) * cellHeight
            canvas.text(FilterParameter.format(value), left + (Double(column) + 0.5) * cellWidth, cellY + 16, size: 11, anchor: "middle", fill: SVGCanvas.faint)
        }
        let bottom = top + Double(rowValues.count) * cellHeight
        canvas.text(report.parameters[1].name, left + cellWidth * Double(columnValues.count) / 2, bottom + 38, size: 12, anchor: "middle")
        canvas.text(report.parameters[0].name, 20, top + Double(rowValues.count) * cellHeight / 2, size: 12, anchor: "middle", rotated: true)
        return canvas.render(title: title)
    }

    /// From pale (0, the worst) to deep blue (1, the best).
    private static func shade(_ goodness: Double) -> String {
        let (pale, deep) = ((239.0, 243.0, 255.0), (8.0, 48.0, 107.0))
        let t = min(1, max(0, goodness))
        let channels = [pale.0 + (deep.0 - pale.0) * t, pale.1 + (deep.1 - pale.1) * t, pale.2 + (deep.2 - pale.2) * t]
        return "#" + channels.map { String(format: "%02x", Int($0.rounded())) }.joined()
    }

    /// A linear scale: maps a value to a pixel, with its ticks.
    private struct Scale {
        var low: Double
        var high: Double
        var from: Double
        var to: Double

        func map(_ value: Double) -> Double { from + (to - from) * (high > low ? (value - low) / (high - low) : 0.5) }
    }

    /// Scales that fit the points with a margin.
    private static func scales(xs: [Double], ys: [Double]) -> (Scale, Scale) {
        func padded(_ values: [Double]) -> (Double, Double) {
            let (low, high) = (values.min() ?? 0, values.max() ?? 1)
            let padding = max((high - low) * 0.08, abs(high) * 0.01, 1e-6)
            return (low - padding, high + padding)
        }
        let (xLow, xHigh) = padded(xs)
        let (yLow, yHigh) = padded(ys)
        return (Scale(low: xLow, high: xHigh, from: left, to: left + plotWidth), Scale(low: yLow, high: yHigh, from: top + plotHeight, to: top))
    }

    /// Gridlines, tick labels, axes and their titles.
    private static func axes(x: Scale, y: Scale, xTitle: String, yTitle: String, on canvas: inout SVGCanvas) {
        for tick in SVGCanvas.ticks(from: y.low, to: y.high) {
            canvas.line(left, y.map(tick.value), left + plotWidth, y.map(tick.value), stroke: "#e6e6e6")
            canvas.text(tick.label, left - 8, y.map(tick.value) + 4, size: 11, anchor: "end", fill: SVGCanvas.faint)
        }
        for tick in SVGCanvas.ticks(from: x.low, to: x.high) {
            canvas.line(x.map(tick.value), top + plotHeight, x.map(tick.value), top + plotHeight + 5, stroke: SVGCanvas.ink)
            canvas.text(tick.label, x.map(tick.value), top + plotHeight + 19, size: 11, anchor: "middle", fill: SVGCanvas.faint)
        }
        canvas.line(left, top + plotHeight, left + plotWidth, top + plotHeight, stroke: SVGCanvas.ink)
        canvas.line(left, top, left, top + plotHeight, stroke: SVGCanvas.ink)
        canvas.text(xTitle, left + plotWidth / 2, top + plotHeight + 40, size: 12, anchor: "middle")
        canvas.text(yTitle, 20, top + plotHeight / 2, size: 12, anchor: "middle", rotated: true)
    }
}
