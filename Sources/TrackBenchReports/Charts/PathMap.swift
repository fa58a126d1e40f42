import Foundation
import TrackBenchGeodesy
import TrackBenchModel
import TrackBenchSupport

/// A run as a map: the true path, the delivered fixes and each filter's estimates, with a zoomed inset on the
/// worst stretch.
///
/// `plot` writes it as `map-<scenario>.svg`. Positions are metres east and
/// north of the start, east to the right and north up, at one scale on both
/// axes; each panel has a scale bar of a round length (1, 2 or 5 times a power
/// of ten metres). The truth is the thick ink line; each filter has its own
/// colour and dash pattern (`PlottedRun.style(at:)`), its estimates joined in
/// delivery-time order, so a stale fix the filter passed on shows as the
/// spike back that the app drew. Delivered fixes are grey dots, stale ones
/// rings and invalid ones crosses.
///
/// The inset shows only what happened during `PlottedRun.worstWindow`, around
/// the moment the filters' errors peak, so a lag or a cut corner is visible at
/// a scale where metres count; a rectangle on the overview marks its area.
/// Every `momentSeconds` a ring on the truth is joined to a dot on each
/// filter's line at the same moment, which shows a lag even along a straight.
/// Lines drop points closer than half a pixel to the last point kept
/// (`SVGCanvas.thinned`), which keeps a 10 km run's file small without moving
/// any line by more than that.
package enum PathMap {
    /// Where a panel is on the page and how metres map to pixels in it.
    struct Panel {
        /// The panel's frame, in pixels.
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        /// Pixels per metre, on both axes.
        var scale: Double
        /// The metres east and north at the panel's centre.
        var centre: LocalPoint

        /// The horizontal pixel of a position `east` metres east of the start.
        func x(_ east: Double) -> Double { x + width / 2 + (east - centre.east) * scale }
        /// The vertical pixel of a position `north` metres north of the start (north is up).
        func y(_ north: Double) -> Double { y + height / 2 - (north - centre.north) * scale }
        /// The pixel of a position.
        func pixel(_ point: LocalPoint) -> (x: Double, y: Double) { (x(point.east), y(point.north)) }

        /// The scale bar's length, in metres: the longest round length up to 30 % of the panel's width.
        var scaleBarMeters: Double { PathMap.roundLength(atMost: 0.3 * width / scale) }

        /// A panel showing `bounds` as large as fits inside `padding` pixels from its frame.
        init(x: Double, y: Double, width: Double, height: Double, showing bounds: Bounds, padding: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            scale = min((width - 2 * padding) / bounds.eastExtent, (height - 2 * padding) / bounds.northExtent)
            centre = bounds.centre
        }
    }

    /// The smallest rectangle around some positions, in metres.
    struct Bounds {
        var west = Double.infinity
        var east = -Double.infinity
        var south = Double.infinity
        var north = -Double.infinity

        /// Grows the bounds to hold `point`; a non-finite point is ignored.
        mutating func include(_ point: LocalPoint) {
            guard point.east.isFinite, point.north.isFinite else { return }
            west = min(west, point.east)
            east = max(east, point.east)
            south = min(south, point.north)
            north = max(north, point.north)
        }

        /// The bounds grown on every side by `fraction` of their size, to at least `minimum` metres each way;
        /// bounds holding nothing become `minimum` square around the start.
        func padded(by fraction: Double, minimum: Double) -> Bounds {
            guard west <= east else { return Bounds(west: -minimum / 2, east: minimum / 2, south: -minimum / 2, north: minimum / 2) }
            let halfWidth = max((east - west) * (1 + 2 * fraction), minimum) / 2
            let halfHeight = max((north - south) * (1 + 2 * fraction), minimum) / 2
            let centre = self.centre
            return Bounds(
                west: centre.east - halfWidth, east: centre.east + halfWidth, south: centre.north - halfHeight, north: centre.north + halfHeight
            )
        }

        var centre: LocalPoint { LocalPoint(east: (west + east) / 2, north: (south + north) / 2) }
        var eastExtent: Double { east - west }
        var northExtent: Double { north - south }
    }

    /// Both panels: the whole run, and the worst stretch (nil when no filter gave an estimate).
    struct Layout {
        var overview: Panel
        var inset: Panel?
        /// The area the overview marks: the worst stretch's truth and estimates, with a margin.
        var worstArea: Bounds?
    }

    private static let margin = 16.0
    private static let panelTop = 84.0
    private static let overviewSize = (width: 560.0, height: 520.0)
    private static let insetSize = 360.0
    private static let gutter = 24.0
    /// Pixels between a panel's frame and the nearest data.
    private static let padding = 14.0
    /// The height of the strip under a panel that holds its scale bar.
    private static let stripHeight = 44.0
    private static let fixColour = "#b3b3b3"
    /// Seconds between the moments the inset joins truth and estimates.
    static let momentSeconds = 10.0

    /// Where the panels go and their scales, for `run`.
    static func layout(for run: PlottedRun) -> Layout {
        var everything = Bounds()
        run.truthPoints.forEach { everything.include($0) }
        run.fixes.forEach { everything.include($0.point) }
        run.series.forEach { $0.points.forEach { everything.include($0) } }
        let overview = Panel(
            x: margin, y: panelTop, width: overviewSize.width, height: overviewSize.height,
            showing: everything.padded(by: 0, minimum: 20), padding: padding
        )
        guard let window = run.worstWindow else { return Layout(overview: overview, inset: nil) }
        var worst = Bounds()
        for (time, point) in zip(run.truthSeconds, run.truthPoints) where window.contains(time) { worst.include(point) }
        for time in [window.lowerBound, window.upperBound] {
            if let point = run.truePosition(atTime: time) { worst.include(point) }
        }
        for series in run.series {
            for (time, point) in zip(series.deliverySeconds, series.points) where window.contains(time) { worst.include(point) }
        }
        let area = worst.padded(by: 0.06, minimum: 20)
        let inset = Panel(x: margin + overviewSize.width + gutter, y: panelTop, width: insetSize, height: insetSize, showing: area, padding: padding)
        return Layout(overview: overview, inset: inset, worstArea: area)
    }

    /// The map of a run.
    /// - Parameter run: The simulated run with its filters' estimates.
    /// - Returns: An SVG document; the same run gives the same bytes.
    package static func render(_ run: PlottedRun) -> String {
        let layout = layout(for: run)
        let overview = layout.overview
        let insetX = margin + overviewSize.width + gutter
        var canvas = SVGCanvas(width: insetX + insetSize + margin, height: panelTop + overviewSize.height + stripHeight + margin)
        let title = "Path map: \(run.subject)"
        canvas.text(title, margin, 28, size: 16, weight: "bold")
        canvas.widen(to: 2 * margin + SVGCanvas.estimatedWidth(of: title, size: 16))
        canvas.text(
            "The true path, the delivered fixes and each filter's estimates in delivery order; metres from the start, north up, "
                + "one scale on both axes.",
            margin, 48, size: 12, fill: SVGCanvas.faint
        )
        canvas.text("Whole run: \(NumberFormat.fixed(run.durationSeconds, decimals: 0)) s", margin, panelTop - 8, size: 12, weight: "bold")

        drawPanel(overview, of: run, during: nil, emphasis: 1, dotRadius: 1.1, on: &canvas)
        if let area = layout.worstArea {
            let box = worstBox(area, on: overview)
            canvas.rectangle(box.x, box.y, box.width, box.height, fill: "none", stroke: SVGCanvas.ink, strokeWidth: 1.5)
        }
        drawScaleBar(for: overview, on: &canvas)
        drawNorthArrow(x: overview.x + overview.width - 14, y: overview.y + overview.height + 8, on: &canvas)

        var legendTop = panelTop
        if let inset = layout.inset, let window = run.worstWindow {
            let span = "\(NumberFormat.fixed(window.lowerBound, decimals: 0)) to \(NumberFormat.fixed(window.upperBound, decimals: 0)) s"
            canvas.text(
                "Worst \(NumberFormat.fixed(window.upperBound - window.lowerBound, decimals: 0)) s: \(span)",
                inset.x, panelTop - 8, size: 12, weight: "bold"
            )
            drawPanel(inset, of: run, during: window, emphasis: 1.4, dotRadius: 2.5, on: &canvas)
            drawScaleBar(for: inset, on: &canvas)
            legendTop = inset.y + inset.height + stripHeight
        }
        let legend = legend(for: run, hasInset: layout.inset != nil)
        legend.draw(on: &canvas, x: insetX, y: legendTop)
        canvas.widen(to: insetX + legend.width + margin)
        canvas.lengthen(to: legendTop + legend.height + margin)
        return canvas.render(title: title)
    }

    /// The rectangle the overview draws around the worst stretch's `area`, in pixels of `panel`.
    ///
    /// It is at least 8 pixels square, so a short stretch on a long run's map stays visible, and it lies inside
    /// the panel's frame, `worstBoxInset` pixels in, so all four sides show apart from the frame: the area (padded, and at least 20 m across) can
    /// reach past the overview's edge, and a box cut off there left two or three loose sides that read as tracks.
    static func worstBox(_ area: Bounds, on panel: Panel) -> (x: Double, y: Double, width: Double, height: Double) {
        let inset = worstBoxInset
        // The span from `low` to `high`, cut to `lower...upper`, then grown about its middle to at least 8 pixels.
        func fitted(_ low: Double, _ high: Double, within lower: Double, _ upper: Double) -> (start: Double, size: Double) {
            let (start, end) = (max(low, lower), min(high, upper))
            let size = min(max(end - start, 8), upper - lower)
            let middle = min(max((start + end) / 2, lower + size / 2), upper - size / 2)
            return (middle - size / 2, size)
        }
        let horizontal = fitted(panel.x(area.west), panel.x(area.east), within: panel.x + inset, panel.x + panel.width - inset)
        let vertical = fitted(panel.y(area.north), panel.y(area.south), within: panel.y + inset, panel.y + panel.height - inset)
        return (horizontal.start, vertical.start, horizontal.size, vertical.size)
    }

    /// Pixels between the panel's frame and the worst stretch's box at the closest.
    static let worstBoxInset = 4.0

    /// The longest length of 1, 2 or 5 times a power of ten metres that is at most `maximum` metres.
    static func roundLength(atMost maximum: Double) -> Double {
        guard maximum.isFinite, maximum > 0 else { return 1 }
        let power = pow(10, (log10(maximum)).rounded(.down))
        return [5.0, 2, 1].map { $0 * power }.first { $0 <= maximum * (1 + 1e-9) } ?? power
    }

    /// A length as the scale bar labels it: metres below a kilometre, kilometres from one.
    static func lengthLabel(_ meters: Double) -> String {
        meters >= 1000 ? "\(NumberFormat.compact(meters / 1000)) km" : "\(NumberFormat.compact(meters)) m"
    }

    /// Draws a panel's frame and the run inside it: everything, or only what was delivered during `window`, with
    /// the moments that join truth and estimates.
    /// - Parameters:
    ///   - emphasis: How much thicker lines and larger marks are than on the overview.
    ///   - dotRadius: The delivered fixes' radius, in pixels.
    private static func drawPanel(
        _ panel: Panel, of run: PlottedRun, during window: ClosedRange<Double>?, emphasis: Double, dotRadius: Double, on canvas: inout SVGCanvas
    ) {
        canvas.rectangle(panel.x, panel.y, panel.width, panel.height, fill: "#ffffff", stroke: "#c8c8c8")
        func isShown(_ time: Double) -> Bool { window?.contains(time) ?? true }
        canvas.clipped(toX: panel.x, y: panel.y, width: panel.width, height: panel.height) { canvas in
            let fresh = run.fixes.filter { $0.kind != .invalid && isShown($0.deliverySeconds) }.map { panel.pixel($0.point) }
            canvas.dots(SVGCanvas.thinned(fresh), radius: dotRadius, fill: fixColour)

            // A route without times is drawn whole; the panel's clip keeps what is in view.
            var truth = run.truthSeconds.isEmpty ? run.truthPoints : zip(run.truthSeconds, run.truthPoints).filter { isShown($0.0) }.map(\.1)
            if let window, let first = run.truePosition(atTime: window.lowerBound), let last = run.truePosition(atTime: window.upperBound) {
                truth.insert(first, at: 0)
                truth.append(last)
            }
            canvas.path(SVGCanvas.thinned(truth.map(panel.pixel)), stroke: SVGCanvas.ink, width: 3 * emphasis, rounded: true)
            if window != nil, let arrow = arrowhead(along: truth.map(panel.pixel), length: 14) {
                canvas.path(arrow, stroke: nil, fill: SVGCanvas.ink)
            }

            for (index, series) in run.series.enumerated() {
                let style = PlottedRun.style(at: index)
                let points = zip(series.deliverySeconds, series.points).filter { isShown($0.0) }.map { panel.pixel($0.1) }
                canvas.path(SVGCanvas.thinned(points), stroke: style.colour, width: 1.5 * emphasis, dash: style.dash, rounded: true)
            }
            if let window { drawMoments(in: window, of: run, on: panel, canvas: &canvas) }
            for fix in run.fixes where isShown(fix.deliverySeconds) {
                let (x, y) = panel.pixel(fix.point)
                switch fix.kind {
                case .fresh: continue
                case .stale: canvas.circle(x, y, radius: 3 * emphasis, fill: "none", stroke: SVGCanvas.ink)
                case .invalid: canvas.cross(x, y, size: 2.5 * emphasis, stroke: SVGCanvas.ink)
                }
            }
        }
    }

    /// Every `momentSeconds` of `window`, each filter's estimate delivered nearest that moment (within a second), a
    /// dot of its colour joined by a thin line to a ring where the runner truly was at its delivery: a lagging
    /// filter's dots trail the rings along the path, a corner cutter's sit inside the turn.
    private static func drawMoments(in window: ClosedRange<Double>, of run: PlottedRun, on panel: Panel, canvas: inout SVGCanvas) {
        var rings: [LocalPoint] = []
        for moment in stride(from: window.lowerBound, through: window.upperBound, by: momentSeconds) {
            for (index, series) in run.series.enumerated() {
                guard let nearest = series.deliverySeconds.indices.min(by: {
                          abs(series.deliverySeconds[$0] - moment) < abs(series.deliverySeconds[$1] - moment)
                      }),
                      abs(series.deliverySeconds[nearest] - moment) <= 1 else { continue }
                guard let truth = run.truePosition(atTime: series.deliverySeconds[nearest]) else { return }
                let (from, to) = (panel.pixel(truth), panel.pixel(series.points[nearest]))
                let colour = PlottedRun.style(at: index).colour
                canvas.line(from.x, from.y, to.x, to.y, stroke: colour, width: 0.8)
                canvas.circle(to.x, to.y, radius: 2.5, fill: colour)
                if !rings.contains(truth) { rings.append(truth) }
            }
        }
        for ring in rings {
            let (x, y) = panel.pixel(ring)
            canvas.circle(x, y, radius: 3, fill: "#ffffff", stroke: SVGCanvas.ink)
        }
    }

    /// A triangle `length` pixels long and as wide, pointing the way a line ends, its tip on the line's last
    /// point; its direction is from the last point at least `length` back. Nil for a line shorter than that.
    static func arrowhead(along points: [(x: Double, y: Double)], length: Double) -> [(x: Double, y: Double)]? {
        guard let tip = points.last,
              let base = points.last(where: { ($0.x - tip.x) * ($0.x - tip.x) + ($0.y - tip.y) * ($0.y - tip.y) >= length * length }) else {
            return nil
        }
        let distance = ((tip.x - base.x) * (tip.x - base.x) + (tip.y - base.y) * (tip.y - base.y)).squareRoot()
        let (dx, dy) = ((tip.x - base.x) / distance, (tip.y - base.y) / distance)
        let (backX, backY) = (tip.x - dx * length, tip.y - dy * length)
        return [tip, (backX - dy * length / 2, backY + dx * length / 2), (backX + dy * length / 2, backY - dx * length / 2)]
    }

    /// The scale bar, under the panel's bottom-left corner: a bar of `scaleBarMeters` with end ticks and its length.
    private static func drawScaleBar(for panel: Panel, on canvas: inout SVGCanvas) {
        let meters = panel.scaleBarMeters
        let (left, y) = (panel.x + 4, panel.y + panel.height + 24)
        let right = left + meters * panel.scale
        canvas.line(left, y, right, y, stroke: SVGCanvas.ink, width: 2)
        canvas.line(left, y - 5, left, y + 5, stroke: SVGCanvas.ink, width: 1.5)
        canvas.line(right, y - 5, right, y + 5, stroke: SVGCanvas.ink, width: 1.5)
        canvas.text(lengthLabel(meters), right + 8, y + 4, size: 12)
    }

    /// A north arrow: a filled arrowhead pointing up over its shaft, `N` beside it, the top at `y`.
    private static func drawNorthArrow(x: Double, y: Double, on canvas: inout SVGCanvas) {
        canvas.line(x, y + 10, x, y + 30, stroke: SVGCanvas.ink, width: 2)
        canvas.path([(x, y), (x - 6, y + 12), (x + 6, y + 12)], stroke: nil, fill: SVGCanvas.ink)
        canvas.text("N", x - 12, y + 26, size: 12, anchor: "end", weight: "bold")
    }

    /// The legend: the truth, each filter, and the kinds of fix and marks the map holds.
    private static func legend(for run: PlottedRun, hasInset: Bool) -> ChartLegend {
        var legend = ChartLegend()
        legend.add(.line(colour: SVGCanvas.ink, width: 3, dash: nil), hasInset ? "true path (arrow: direction of travel)" : "true path")
        for (index, series) in run.series.enumerated() {
            let style = PlottedRun.style(at: index)
            legend.add(.line(colour: style.colour, width: 2, dash: style.dash), series.label + (series.points.isEmpty ? " (no estimates)" : ""))
        }
        legend.add(.dot(colour: fixColour, radius: 2), "delivered fix")
        if run.fixes.contains(where: { $0.kind == .stale }) {
            legend.add(.ring(colour: SVGCanvas.ink, radius: 3), "stale fix (a cached fix re-delivered)")
        }
        if run.fixes.contains(where: { $0.kind == .invalid }) {
            legend.add(.cross(colour: SVGCanvas.ink), "invalid fix (negative accuracy)")
        }
        if hasInset {
            // A route without times has no "where the runner was then" to mark.
            if !run.truthSeconds.isEmpty {
                legend.add(.moment(colour: SVGCanvas.ink), "inset: truth and estimates at one moment, every \(NumberFormat.compact(momentSeconds)) s")
            }
            legend.add(.outline(colour: SVGCanvas.ink), "area of the worst stretch")
        }
        return legend
    }
}
