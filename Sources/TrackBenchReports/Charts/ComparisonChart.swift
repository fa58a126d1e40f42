import Foundation
import TrackBenchSupport

/// A comparison as a picture: each filter's change in mean absolute distance error (B minus A over the paired runs,
/// the statistic `check` tests), one block of rows per scenario group, against a zero line, marked by the verdict.
///
/// `compare --output DIR` writes it as `comparison.svg` beside
/// `comparison.md`. The blocks follow the Markdown tables: all scenarios,
/// then each group of `--by`. Every block shares one linear scale, centred on
/// zero, so groups compare at a glance and left of zero always means B came
/// closer to the truth. A point is a filled circle in bluish green where B is
/// really better (`PairedDecision`'s improvement), a filled square in vermillion
/// where A is, and a grey ring where there is no clear difference (tied or
/// identical); beside it are the difference and verdict exactly as the
/// Markdown prints them. A filter that diverged on every run of a group has
/// no finite pair and is listed without a point.
package enum ComparisonChart {
    /// The file name `compare --output` writes the chart under.
    package static let fileName = "comparison.svg"

    private static let margin = 16.0
    private static let rowHeight = 24.0
    private static let headingHeight = 26.0
    /// The space under a block's rows for its tick labels, and before the next block.
    private static let blockFooter = 24.0
    private static let blockGap = 16.0
    private static let plotWidth = 440.0
    private static let fontSize = 12.0
    private static let headingSize = 13.0
    /// Where the text columns start, right of the plot.
    private static let columnGap = 22.0
    private static let betterColour = SVGCanvas.palette[2]
    private static let worseColour = SVGCanvas.palette[1]
    /// Grey dark enough for a thin ring to stand out on the striped rows.
    private static let neutralColour = "#6e6e6e"
    private static let leftCue = "← B better"
    private static let rightCue = "A better →"

    /// The largest distance from zero the scale shows, in percentage points: the farthest point with 8 % to spare;
    /// 0.01 when every difference is zero.
    static func halfRange(of groups: [ComparisonReport.Group]) -> Double {
        let ends = groups.flatMap(\.differences).filter { $0.verdict != .diverged }.map { abs($0.change) }
        return max(0.01, 1.08 * (ends.filter(\.isFinite).max() ?? 0))
    }

    /// The chart of a comparison.
    /// - Parameter report: The two files and the grouping; its groups give the rows.
    /// - Returns: An SVG document; the same files give the same bytes.
    package static func render(_ report: ComparisonReport) -> String {
        let groups = report.groups
        let rows = groups.flatMap(\.differences)
        let values = rows.map(ComparisonReport.difference)
        let verdicts = rows.map(ComparisonReport.verdict)
        let valueHeader = "Change in mean (B - A)"
        let verdictHeader = "Verdict"

        let cueWidth = SVGCanvas.estimatedWidth(of: leftCue, size: 11)
        let labelWidth = SVGCanvas.estimatedWidth(of: rows.map(\.filter).max { $0.count < $1.count } ?? "", size: fontSize)
        let titleWidth = SVGCanvas.estimatedWidth(of: groups.map { MarkdownText.safe($0.title) }.max { $0.count < $1.count } ?? "", size: headingSize)
        // The label column fits every filter, and each block's title clears the cues beside the zero line.
        let left = max(margin + 8 + labelWidth + 10, margin + titleWidth + 16 + cueWidth + 8 - plotWidth / 2)
        let zero = left + plotWidth / 2
        let valueColumn = left + plotWidth + columnGap
        let valueWidth = (values + [valueHeader]).map { SVGCanvas.estimatedWidth(of: $0, size: fontSize) }.max() ?? 0
        let verdictColumn = valueColumn + valueWidth + columnGap
        let verdictWidth = (verdicts + [verdictHeader]).map { SVGCanvas.estimatedWidth(of: $0, size: fontSize) }.max() ?? 0

        let title = "Paired differences in absolute distance error, B - A"
        let subtitle = "A = \(MarkdownText.safe(report.first.name)), B = \(MarkdownText.safe(report.second.name)): "
            + "\(report.sharedRunCount) results (scenario, filter, seed) in both files, each filter's errors paired run by run."
        var canvas = SVGCanvas(width: verdictColumn + verdictWidth + margin, height: 0)
        canvas.widen(to: 2 * margin + SVGCanvas.estimatedWidth(of: title, size: 16))
        canvas.widen(to: 2 * margin + SVGCanvas.estimatedWidth(of: subtitle, size: 12))
        canvas.text(title, margin, 28, size: 16, weight: "bold")
        canvas.text(subtitle, margin, 48, size: 12, fill: SVGCanvas.faint)
        var y = 62.0
        if let warning = report.contextWarning {
            canvas.text(warning, margin, y + 4, size: 12, fill: worseColour)
            canvas.widen(to: 2 * margin + SVGCanvas.estimatedWidth(of: warning, size: 12))
            y += 18
        }
        let legend = legend()
        legend.draw(on: &canvas, x: margin, y: y)
        canvas.widen(to: margin + legend.width + margin)
        y += legend.height + blockGap

        let halfRange = halfRange(of: groups)
        let ticks = SVGCanvas.ticks(from: -halfRange, to: halfRange)
        func x(_ value: Double) -> Double { zero + plotWidth / 2 * value / halfRange }
        var drawn = 0
        var bottom = y
        for group in groups {
            let baseline = y + headingHeight - 8
            canvas.text(MarkdownText.safe(group.title), margin, baseline, size: headingSize, weight: "bold")
            canvas.text(leftCue, zero - 8, baseline, size: 11, anchor: "end", fill: SVGCanvas.faint)
            canvas.text(rightCue, zero + 8, baseline, size: 11, fill: SVGCanvas.faint)
            canvas.text(valueHeader, valueColumn, baseline, size: 11, fill: SVGCanvas.faint)
            canvas.text(verdictHeader, verdictColumn, baseline, size: 11, fill: SVGCanvas.faint)
            let top = y + headingHeight
            bottom = top + rowHeight * Double(group.differences.count)
            for row in stride(from: 0, to: group.differences.count, by: 2) {
                canvas.rectangle(8, top + rowHeight * Double(row), canvas.width - 16, rowHeight, fill: "#f4f6f8")
            }
            for tick in ticks {
                canvas.line(
                    x(tick.value), top, x(tick.value), bottom + 4,
                    stroke: tick.value == 0 ? SVGCanvas.ink : "#dcdcdc", width: tick.value == 0 ? 1.5 : 1
                )
                canvas.text(tick.label, x(tick.value), bottom + 17, size: 10, anchor: "middle", fill: SVGCanvas.faint)
            }
            canvas.line(left, bottom, left + plotWidth, bottom, stroke: "#b8b8b8")
            for (row, difference) in group.differences.enumerated() {
                let middle = top + rowHeight * (Double(row) + 0.5)
                canvas.text(difference.filter, left - 10, middle + 4, size: fontSize, anchor: "end")
                canvas.text(values[drawn], valueColumn, middle + 4, size: fontSize)
                canvas.text(verdicts[drawn], verdictColumn, middle + 4, size: fontSize)
                drawn += 1
                drawPoint(difference, y: middle, x: x, on: &canvas)
            }
            y = bottom + blockFooter + blockGap
        }
        canvas.text("Change in mean absolute distance error, B - A (percentage points)", zero, bottom + 38, size: 12, anchor: "middle")
        canvas.lengthen(to: bottom + 38 + margin)
        return canvas.render(title: title)
    }

    /// One filter's point, coloured and shaped by its verdict; nothing without a finite pair.
    private static func drawPoint(_ difference: ComparisonReport.PairedDifference, y: Double, x: (Double) -> Double, on canvas: inout SVGCanvas) {
        let verdict = difference.verdict
        guard verdict != .diverged else { return }
        guard difference.change.isFinite else { return }
        let colour = verdict == .secondBetter ? betterColour : verdict == .firstBetter ? worseColour : neutralColour
        let estimate = difference.change
        if verdict == .secondBetter {
            canvas.circle(x(estimate), y, radius: 5, fill: colour)
        } else if verdict == .firstBetter {
            canvas.rectangle(x(estimate) - 4.5, y - 4.5, 9, 9, fill: colour)
        } else {
            canvas.circle(x(estimate), y, radius: 4.5, fill: "#ffffff", stroke: colour)
        }
    }

    /// The legend: the three kinds of point, named by the rule that decides them.
    private static func legend() -> ChartLegend {
        var legend = ChartLegend()
        legend.add(.dot(colour: betterColour, radius: 5), "B better: B's mean error is lower, a real change (check's rule)")
        legend.add(.square(colour: worseColour), "A better: B's mean error is higher, a real change (check's rule)")
        legend.add(.ring(colour: neutralColour, radius: 4.5), "no clear difference: within noise or the allowance, too few pairs, or identical")
        return legend
    }
}
