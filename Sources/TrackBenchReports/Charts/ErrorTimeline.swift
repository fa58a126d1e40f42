import Foundation
import TrackBenchMetrics
import TrackBenchSupport

/// A run's position errors over time: each filter's distance from the truth against delivery time, over shading
/// that shows what the phone was doing.
///
/// `plot` writes it as `error-<scenario>.svg`. Each estimate's error is the
/// distance from the true position at its delivery time, in metres, as the
/// metrics measure it; lines have the colours and dashes of the path map,
/// and break where a filter gave no estimate for longer than a dropout.
/// Shaded bands mark the stops, the dropouts (no fix delivered for more than
/// three fix intervals) and the multipath jumps; above the plot, rings mark
/// stale fixes and crosses invalid ones at their delivery times, and a bracket
/// marks the map's worst stretch. Bands too short to see are drawn two pixels
/// wide.
///
/// The error axis starts at 0. When the largest error (an invalid fix a
/// filter trusted, say) is more than 1.5 times the largest of the filters'
/// 99th percentiles, the axis stops at 1.5 times that percentile and the
/// spikes are cut at the top edge, which the subtitle says, so the usual
/// errors stay readable.
package enum ErrorTimeline {
    private static let margin = 16.0
    static let left = 72.0
    static let top = 112.0
    static let plotWidth = 660.0
    static let plotHeight = 320.0
    /// The rows above the plot: stale fixes, invalid fixes, and the worst stretch's bracket.
    private static let staleRow = 66.0
    private static let invalidRow = 82.0
    private static let bracketRow = 100.0

    static let stopFill = "#d4e5f5"
    static let dropoutFill = "#e2e2e2"
    static let jumpFill = "#f5eda6"

    /// The error axis's top, in metres, and whether larger errors are cut there.
    static func errorAxis(for run: PlottedRun) -> (top: Double, cutsSpikes: Bool) {
        let largest = run.series.flatMap(\.errorsMeters).max() ?? 0
        let usual = run.series.compactMap { series -> Double? in
            var errors = series.errorsMeters
            return Statistics.percentile(&errors, 0.99)
        }.max() ?? 0
        if usual > 0, largest > 1.5 * usual {
            return (1.5 * usual, true)
        }
        return (max(largest * 1.05, 1), false)
    }

    /// The timeline of a run.
    /// - Parameter run: The simulated run with its filters' estimates.
    /// - Returns: An SVG document; the same run gives the same bytes.
    package static func render(_ run: PlottedRun) -> String {
        var canvas = SVGCanvas(width: left + plotWidth + 28 + 200 + margin, height: top + plotHeight + 64)
        let title = "Position error over time: \(run.subject)"
        canvas.text(title, margin, 28, size: 16, weight: "bold")
        canvas.widen(to: 2 * margin + SVGCanvas.estimatedWidth(of: title, size: 16))
        let axis = errorAxis(for: run)
        let cut = axis.cutsSpikes ? " Errors above \(NumberFormat.fixed(axis.top, decimals: 1)) m are cut at the top edge." : ""
        canvas.text("Each estimate's distance from the true position when it was delivered.\(cut)", margin, 48, size: 12, fill: SVGCanvas.faint)

        let duration = max(run.durationSeconds, 1)
        func x(_ seconds: Double) -> Double { left + plotWidth * seconds / duration }
        func y(_ meters: Double) -> Double { top + plotHeight * (1 - min(meters, axis.top) / axis.top) }
        let bottom = top + plotHeight

        canvas.clipped(toX: left, y: top, width: plotWidth, height: plotHeight) { canvas in
            for (bands, fill) in [(run.stops, stopFill), (run.dropouts, dropoutFill), (run.jumps, jumpFill)] {
                for band in bands {
                    let (from, to) = (x(band.lowerBound), x(band.upperBound))
                    let middle = (from + to) / 2
                    let half = max((to - from) / 2, 1)
                    canvas.rectangle(middle - half, top, 2 * half, plotHeight, fill: fill)
                }
            }
        }
        for tick in SVGCanvas.ticks(from: 0, to: axis.top) {
            canvas.line(left, y(tick.value), left + plotWidth, y(tick.value), stroke: "#e6e6e6")
            canvas.text(tick.label, left - 8, y(tick.value) + 4, size: 11, anchor: "end", fill: SVGCanvas.faint)
        }
        for tick in SVGCanvas.ticks(from: 0, to: duration) {
            canvas.line(x(tick.value), bottom, x(tick.value), bottom + 5, stroke: SVGCanvas.ink)
            canvas.text(tick.label, x(tick.value), bottom + 19, size: 11, anchor: "middle", fill: SVGCanvas.faint)
        }
        canvas.line(left, bottom, left + plotWidth, bottom, stroke: SVGCanvas.ink)
        canvas.line(left, top, left, bottom, stroke: SVGCanvas.ink)
        canvas.text("Delivery time (s)", left + plotWidth / 2, bottom + 40, size: 12, anchor: "middle")
        canvas.text("Position error (m)", 22, top + plotHeight / 2, size: 12, anchor: "middle", rotated: true)

        canvas.clipped(toX: left, y: top - 2, width: plotWidth, height: plotHeight + 4) { canvas in
            let gap = PlottedRun.dropoutIntervals * run.fixIntervalSeconds
            for (index, series) in run.series.enumerated() {
                let style = PlottedRun.style(at: index)
                for stretch in stretches(of: series.deliverySeconds, longestGap: gap) {
                    let points = stretch.map { (x: x(series.deliverySeconds[$0]), y: y(series.errorsMeters[$0])) }
                    if points.count == 1 {
                        canvas.dots(points, radius: 1.5, fill: style.colour)
                    } else {
                        canvas.path(SVGCanvas.thinned(SVGCanvas.decimated(points)), stroke: style.colour, width: 1.5, dash: style.dash, rounded: true)
                    }
                }
            }
        }

        let stale = run.fixes.filter { $0.kind == .stale }.map(\.deliverySeconds)
        let invalid = run.fixes.filter { $0.kind == .invalid }.map(\.deliverySeconds)
        if !stale.isEmpty {
            canvas.text("stale", left - 8, staleRow + 4, size: 11, anchor: "end", fill: SVGCanvas.faint)
            for time in stale { canvas.circle(x(time), staleRow, radius: 3, fill: "none", stroke: SVGCanvas.ink) }
        }
        if !invalid.isEmpty {
            canvas.text("invalid", left - 8, invalidRow + 4, size: 11, anchor: "end", fill: SVGCanvas.faint)
            for time in invalid { canvas.cross(x(time), invalidRow, size: 3, stroke: SVGCanvas.ink) }
        }
        if let window = run.worstWindow {
            let middle = (x(window.lowerBound) + x(window.upperBound)) / 2
            let half = max((x(window.upperBound) - x(window.lowerBound)) / 2, 4)
            let (from, to) = (middle - half, middle + half)
            canvas.line(from, bracketRow, to, bracketRow, stroke: SVGCanvas.ink, width: 1.5)
            canvas.line(from, bracketRow - 4, from, bracketRow + 4, stroke: SVGCanvas.ink, width: 1.5)
            canvas.line(to, bracketRow - 4, to, bracketRow + 4, stroke: SVGCanvas.ink, width: 1.5)
        }

        let legend = legend(for: run, staleCount: stale.count, invalidCount: invalid.count)
        let legendX = left + plotWidth + 28
        legend.draw(on: &canvas, x: legendX, y: top)
        canvas.widen(to: legendX + legend.width + margin)
        canvas.lengthen(to: top + legend.height + margin)
        return canvas.render(title: title)
    }

    /// The index ranges of sorted `times` with no gap longer than `longestGap` seconds: each is drawn as one line,
    /// so a line never bridges a time without estimates (a lone estimate is drawn as a dot).
    static func stretches(of times: [Double], longestGap: Double) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        var start = 0
        for index in times.indices.dropFirst() where times[index] - times[index - 1] > longestGap {
            stretches.append(start..<index)
            start = index
        }
        if start < times.count { stretches.append(start..<times.count) }
        return stretches
    }

    /// The legend: each filter, then the shading and marks the timeline holds.
    private static func legend(for run: PlottedRun, staleCount: Int, invalidCount: Int) -> ChartLegend {
        var legend = ChartLegend()
        for (index, series) in run.series.enumerated() {
            let style = PlottedRun.style(at: index)
            legend.add(.line(colour: style.colour, width: 2, dash: style.dash), series.label + (series.points.isEmpty ? " (no estimates)" : ""))
        }
        var explanations = ChartLegend()
        if !run.stops.isEmpty { explanations.add(.swatch(fill: stopFill), "stop (standing still)") }
        if !run.dropouts.isEmpty {
            let gap = NumberFormat.compact(PlottedRun.dropoutIntervals * run.fixIntervalSeconds)
            explanations.add(.swatch(fill: dropoutFill), "dropout (no fix for over \(gap) s)")
        }
        if !run.jumps.isEmpty { explanations.add(.swatch(fill: jumpFill), "multipath jump") }
        if staleCount > 0 { explanations.add(.ring(colour: SVGCanvas.ink, radius: 3), "stale fix delivered (\(staleCount))") }
        if invalidCount > 0 { explanations.add(.cross(colour: SVGCanvas.ink), "invalid fix delivered (\(invalidCount))") }
        if run.worstWindow != nil { explanations.add(.bracket(colour: SVGCanvas.ink), "the map's worst stretch") }
        if !explanations.entries.isEmpty {
            legend.add(.heading, "Shading and marks")
            legend.entries += explanations.entries
        }
        return legend
    }
}
