import Foundation
import TrackBenchFilters
import TrackBenchSupport

/// A tuning as pictures: the settings in the plane of two Pareto metrics with the front joined up, and for two
/// parameters searched as a whole grid, a heat map of the objective over the grid.
///
/// `tune` writes them as `tune.svg` and `tune-heatmap.svg` beside `tune.md`. Only settings that ran on every
/// training seed are drawn, so every point is a mean over the same runs. An axis is logarithmic when its means are
/// positive and span a factor of 20 or more (a gate that starves the filter errs tenfold), linear otherwise; the
/// heat map shades by rank, so one such setting does not wash out the rest.
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
        let third = report.objective.paretoMetrics.count > 2 ? "; front over \(report.objective.paretoMetrics[2].column) too" : ""
        heading(
            title, "Suite '\(report.suite)', training seeds \(report.trainingSeeds)\(third). Lower left is better where both are errors.",
            on: &canvas
        )
        let (x, y) = scales(xs: points.map(\.x), ys: points.map(\.y))
        let (xTitle, yTitle) = (xMetric.title + (x.isLog ? " (log scale)" : ""), yMetric.title + (y.isLog ? " (log scale)" : ""))
        axes(x: x, y: y, xTitle: xTitle, yTitle: yTitle, on: &canvas)
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
        let title = "\(metric.title) over \(report.parameters[0].name) and \(report.parameters[1].name) for \(report.filter)"
        heading(
            title, "Suite '\(report.suite)', training seeds \(report.trainingSeeds). Darker ranks better; grey misses a constraint; "
                + "the winner is outlined.",
            on: &canvas
        )
        // Shaded by rank among the settings that meet the constraints: the best darkest, the worst palest.
        let ranked = report.trainingOrder.filter { index in
            report.objective.isFeasible(grid[index].training.means) && grid[index].training.means[metric]?.isFinite == true
        }
        let ranks = Dictionary(uniqueKeysWithValues: ranked.enumerated().map { ($1, $0) })
        for (index, setting) in grid.enumerated() {
            let row = index / columnValues.count
            let column = index % columnValues.count
            let (cellX, cellY) = (left + Double(column) * cellWidth, top + Double(row) * cellHeight)
            let mean = setting.training.means[metric]
            var fill = "#d9d9d9"
            var goodness = 0.0
            if let rank = ranks[index] {
                goodness = ranked.count > 1 ? 1 - Double(rank) / Double(ranked.count - 1) : 1
                fill = shade(goodness)
            }
            canvas.rectangle(cellX, cellY, cellWidth, cellHeight, fill: fill, stroke: "#ffffff")
            if index == report.winnerIndex {
                canvas.rectangle(cellX + 1.5, cellY + 1.5, cellWidth - 3, cellHeight - 3, fill: "none", stroke: SVGCanvas.palette[1], strokeWidth: 3)
            }
            if cellWidth >= 40, cellHeight >= 16 {
                let label = mean.flatMap { $0.isFinite ? NumberFormat.fixed($0, decimals: 2) : nil } ?? "NaN"
                let ink = goodness > 0.6 ? "#ffffff" : SVGCanvas.ink
                canvas.text(label, cellX + cellWidth / 2, cellY + cellHeight / 2 + 4, size: 10, anchor: "middle", fill: ink)
            }
        }
        for (row, value) in rowValues.enumerated() {
            let rowY = top + (Double(row) + 0.5) * cellHeight + 4
            canvas.text(FilterParameter.format(value), left - 6, rowY, size: 11, anchor: "end", fill: SVGCanvas.faint)
        }
        for (column, value) in columnValues.enumerated() {
            let cellY = top + Double(rowValues.count) * cellHeight
            let columnX = left + (Double(column) + 0.5) * cellWidth
            canvas.text(FilterParameter.format(value), columnX, cellY + 16, size: 11, anchor: "middle", fill: SVGCanvas.faint)
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

    /// The title and the line under it, the drawing widened to hold both.
    private static func heading(_ title: String, _ subtitle: String, on canvas: inout SVGCanvas) {
        canvas.text(title, 16, 26, size: 16, weight: "bold")
        canvas.text(subtitle, 16, 46, size: 12, fill: SVGCanvas.faint)
        canvas.widen(to: max(SVGCanvas.estimatedWidth(of: title, size: 18), SVGCanvas.estimatedWidth(of: subtitle, size: 12)) + 32)
    }

    /// A scale from values to pixels, linear or logarithmic, with its ticks.
    private struct Scale {
        var low: Double
        var high: Double
        var from: Double
        var to: Double
        var isLog: Bool

        /// The values' scale with a margin: logarithmic when they are positive and span a factor of 20 or more.
        init(fitting values: [Double], from: Double, to: Double) {
            let (low, high) = (values.min() ?? 0, values.max() ?? 1)
            isLog = low > 0 && high / low >= 20
            if isLog {
                let padding = (log10(high) - log10(low)) * 0.05
                (self.low, self.high) = (pow(10, log10(low) - padding), pow(10, log10(high) + padding))
            } else {
                let padding = max((high - low) * 0.08, abs(high) * 0.01, 1e-6)
                (self.low, self.high) = (low - padding, high + padding)
            }
            self.from = from
            self.to = to
        }

        func map(_ value: Double) -> Double {
            let (value, low, high) = isLog ? (log10(value), log10(low), log10(high)) : (value, low, high)
            return from + (to - from) * (high > low ? (value - low) / (high - low) : 0.5)
        }

        /// Round values to mark: 1, 2 and 5 times each power of ten on a logarithmic scale.
        var ticks: [(value: Double, label: String)] {
            guard isLog else { return SVGCanvas.ticks(from: low, to: high) }
            let decades = Int(log10(low).rounded(.down))...Int(log10(high).rounded(.up))
            return decades.flatMap { exponent in [1.0, 2, 5].map { $0 * pow(10, Double(exponent)) } }
                .filter { $0 >= low && $0 <= high }
                .map { ($0, NumberFormat.compact($0)) }
        }
    }

    /// Scales that fit the points with a margin.
    private static func scales(xs: [Double], ys: [Double]) -> (Scale, Scale) {
        (Scale(fitting: xs, from: left, to: left + plotWidth), Scale(fitting: ys, from: top + plotHeight, to: top))
    }

    /// Gridlines, tick labels, axes and their titles.
    private static func axes(x: Scale, y: Scale, xTitle: String, yTitle: String, on canvas: inout SVGCanvas) {
        for tick in y.ticks {
            canvas.line(left, y.map(tick.value), left + plotWidth, y.map(tick.value), stroke: "#e6e6e6")
            canvas.text(tick.label, left - 8, y.map(tick.value) + 4, size: 11, anchor: "end", fill: SVGCanvas.faint)
        }
        for tick in x.ticks {
            canvas.line(x.map(tick.value), top + plotHeight, x.map(tick.value), top + plotHeight + 5, stroke: SVGCanvas.ink)
            canvas.text(tick.label, x.map(tick.value), top + plotHeight + 19, size: 11, anchor: "middle", fill: SVGCanvas.faint)
        }
        canvas.line(left, top + plotHeight, left + plotWidth, top + plotHeight, stroke: SVGCanvas.ink)
        canvas.line(left, top, left, top + plotHeight, stroke: SVGCanvas.ink)
        canvas.text(xTitle, left + plotWidth / 2, top + plotHeight + 40, size: 12, anchor: "middle")
        canvas.text(yTitle, 20, top + plotHeight / 2, size: 12, anchor: "middle", rotated: true)
    }
}
