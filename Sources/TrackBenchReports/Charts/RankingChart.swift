import Foundation
import TrackBenchFilters
import TrackBenchModel
import TrackBenchSupport

/// The ranking as a picture: each filter's mean absolute distance error with its 95 % confidence interval over
/// seeds, on a log scale, and brackets joining filters the paired test calls tied.
///
/// `run` and `merge` write it as `ranking.svg` next to `report.md`, which
/// links it. A log scale because a suite's filters span two orders of
/// magnitude (a silent threshold filter at 18 % beside smoothers at 0.5 %),
/// and the differences that matter are ratios. Values below 0.01 % are drawn
/// at 0.01 %; a filter that diverged is listed without a point. Offline
/// filters carry `FilterTiming.offlineMark`, explained on a second legend line.
package enum RankingChart {
    /// The file name `run` writes the chart under.
    package static let fileName = MarkdownReport.rankingChartFile

    private static let rowHeight = 26.0
    private static let top = 74.0
    private static let bottom = 78.0
    private static let plotWidth = 420.0
    private static let fontSize = 12.0
    /// An average Helvetica character at 12 px is about 6.7 px wide; labels are laid out with 7.2 to be safe.
    private static let characterWidth = 7.2
    private static let smallest = 0.01
    /// The largest decade the axis reaches: 10^308, the largest a `Double` holds.
    private static let largestDecade = 1e308
    /// The most decades the axis labels; a wider axis labels every second, third... decade instead.
    static let maximumLabelledDecades = 12
    /// The space the offline mark's legend line takes under the first.
    private static let legendLineHeight = 18.0

    /// The chart for a ranking.
    /// - Parameters:
    ///   - ranking: The filters in rank order.
    ///   - suite: The suite's name, for the subtitle.
    ///   - seeds: The run's seeds.
    ///   - hasSeeds: False for a replay of recordings (one run each: no interval).
    package static func render(_ ranking: FilterRanking, suite: String, seeds: SeedRange, hasSeeds: Bool) -> String {
        let entries = ranking.entries
        let labels = entries.map { ranking.markedLabel($0) }
        let hasOffline = entries.contains { $0.timing == .offline }
        let values = entries.map { $0.summary.meanAbsoluteErrorPercent }
        let halfWidths = entries.map { hasSeeds ? $0.confidenceHalfWidths[.errorPercent] : nil }
        let texts = zip(values, halfWidths).map { value, halfWidth in
            guard value.isFinite else { return NumberFormat.nonFinite }
            return NumberFormat.fixed(value, decimals: 2) + (halfWidth.map { " ± " + NumberFormat.fixed($0, decimals: 2) } ?? "") + " %"
        }
        let left = 24 + characterWidth * Double(labels.map(\.count).max() ?? 0)
        let valueColumn = left + plotWidth + 22
        let width = valueColumn + characterWidth * Double(texts.map(\.count).max() ?? 0) + 24
        let height = top + rowHeight * Double(entries.count) + bottom + (hasOffline ? legendLineHeight : 0)
        var canvas = SVGCanvas(width: width, height: height)

        let title = "Filters ranked by mean absolute distance error"
        canvas.text(title, 16, 26, size: 16, weight: "bold")
        let interval = hasSeeds
            ? "95 % confidence intervals over \(ranking.seedCount) seed\(ranking.seedCount == 1 ? "" : "s") (\(seeds))"
            : "each recording replayed once: no interval"
        canvas.text(
            "Suite '\(suite)', \(entries.first?.summary.scenarioCount ?? 0) runs per filter; \(interval). Lower is better.",
            16, 46, size: 12, fill: SVGCanvas.faint
        )

        let axis = Axis(left: left, values: values, halfWidths: halfWidths)
        let plotBottom = top + rowHeight * Double(entries.count)
        for row in stride(from: 0, to: entries.count, by: 2) {
            canvas.rectangle(8, top + rowHeight * Double(row), width - 16, rowHeight, fill: "#f4f6f8")
        }
        axis.draw(on: &canvas, plotBottom: plotBottom)
        for (row, entry) in entries.enumerated() {
            let y = top + rowHeight * (Double(row) + 0.5)
            canvas.text(labels[row], left - 10, y + 4, size: fontSize, anchor: "end")
            canvas.text(texts[row], valueColumn, y + 4, size: fontSize)
            guard values[row].isFinite else { continue }
            drawPoint(values[row], halfWidth: halfWidths[row], at: y, on: &canvas, axis: axis)
            if let next = entry.versusNext, !next.isReal, row + 1 < entries.count {
                // A bracket in the gutter joins a filter and the one below it when their gap is not real.
                tieBracket(on: &canvas, x: left + plotWidth + 9, from: y, to: y + rowHeight)
            }
        }
        drawLegend(on: &canvas, at: plotBottom + 58, hasSeeds: hasSeeds, hasOffline: hasOffline)
        return canvas.render(title: title)
    }

    /// The log-scaled axis: where values go, and its ticks, labels and title.
    private struct Axis {
        /// Where the plot starts, in px.
        let left: Double
        /// The smallest decade on the axis.
        let low: Double
        /// The largest decade on the axis.
        let high: Double

        /// The scale: whole decades around every point and interval end, within what a Double holds (an interval end
        /// of 1e200 + 1e308 is infinite, and would make an endless axis).
        init(left: Double, values: [Double], halfWidths: [Double?]) {
            self.left = left
            let finite = zip(values, halfWidths).filter { $0.0.isFinite }
            let lows = finite.map { max(smallest, $0.0 - ($0.1 ?? 0)) }.filter(\.isFinite)
            let highs = finite.map { max(smallest, $0.0 + ($0.1 ?? 0)) }.filter(\.isFinite)
            low = min(largestDecade / 10, pow(10, (log10(lows.min() ?? 0.1)).rounded(.down)))
            high = min(largestDecade, max(low * 10, pow(10, (log10(highs.max() ?? 10)).rounded(.up))))
        }

        /// Where `value` goes, in px; values off the axis at its ends.
        func x(_ value: Double) -> Double {
            left + plotWidth * (log10(min(high, max(smallest, value))) - log10(low)) / (log10(high) - log10(low))
        }

        /// Draws the gridlines and their labels (1, 2 and 5 in each decade, or every few decades on a wide axis), the
        /// axis line at `plotBottom` and the axis title.
        func draw(on canvas: inout SVGCanvas, plotBottom: Double) {
            let decades = Int((log10(high) - log10(low)).rounded())
            let decadeStep = (decades + maximumLabelledDecades - 1) / maximumLabelledDecades
            var decade = low
            for _ in stride(from: 0, through: decades, by: decadeStep) {
                for multiple in decadeStep == 1 ? [1.0, 2, 5] : [1.0] where decade * multiple <= high * 1.0001 {
                    let tick = decade * multiple
                    canvas.line(x(tick), top - 6, x(tick), plotBottom, stroke: multiple == 1 ? "#cfcfcf" : "#ececec")
                    canvas.text(
                        NumberFormat.compact((tick * 1000).rounded() / 1000), x(tick), plotBottom + 16,
                        size: 11, anchor: "middle", fill: SVGCanvas.faint
                    )
                }
                decade *= pow(10, Double(decadeStep))
            }
            canvas.line(left, plotBottom, left + plotWidth, plotBottom, stroke: SVGCanvas.ink)
            canvas.text("Mean absolute distance error (%, log scale)", left + plotWidth / 2, plotBottom + 34, size: 12, anchor: "middle")
        }
    }

    /// A filter's point at height `y`, with its interval's whiskers when it has one.
    private static func drawPoint(_ value: Double, halfWidth: Double?, at y: Double, on canvas: inout SVGCanvas, axis: Axis) {
        let colour = SVGCanvas.palette[0]
        if let halfWidth, halfWidth > 0 {
            let (from, to) = (axis.x(value - halfWidth), axis.x(value + halfWidth))
            canvas.line(from, y, to, y, stroke: colour, width: 2)
            canvas.line(from, y - 5, from, y + 5, stroke: colour, width: 2)
            canvas.line(to, y - 5, to, y + 5, stroke: colour, width: 2)
        }
        canvas.circle(axis.x(value), y, radius: 4.5, fill: colour)
    }

    /// The legend, under the axis at `legendY`: the point, the tie bracket and, for a ranking with offline filters,
    /// their mark.
    private static func drawLegend(on canvas: inout SVGCanvas, at legendY: Double, hasSeeds: Bool, hasOffline: Bool) {
        let pointLegend = hasSeeds ? "mean over every run, with its 95 % interval" : "mean over every recording"
        canvas.circle(24, legendY - 4, radius: 4.5, fill: SVGCanvas.palette[0])
        canvas.text(pointLegend, 34, legendY, size: 11)
        let bracket = 34 + 6.6 * Double(pointLegend.count) + 28
        tieBracket(on: &canvas, x: bracket, from: legendY - 9, to: legendY + 1)
        let tiedLegend = "tied with the filter below (paired test)"
        canvas.text(tiedLegend, bracket + 12, legendY, size: 11)
        canvas.widen(to: bracket + 12 + 6.6 * Double(tiedLegend.count) + 16)
        if hasOffline {
            canvas.text(FilterTiming.offlineLegend, 24, legendY + legendLineHeight, size: 11)
            canvas.widen(to: 24 + 6.6 * Double(FilterTiming.offlineLegend.count) + 16)
        }
    }

    /// The mark for a tie: a bracket opening left, 5 px wide, from `top` to `bottom`, in the palette's orange.
    private static func tieBracket(on canvas: inout SVGCanvas, x: Double, from top: Double, to bottom: Double) {
        let colour = SVGCanvas.palette[1]
        canvas.line(x, top, x + 5, top, stroke: colour, width: 1.5)
        canvas.line(x + 5, top, x + 5, bottom, stroke: colour, width: 1.5)
        canvas.line(x, bottom, x + 5, bottom, stroke: colour, width: 1.5)
    }
}
