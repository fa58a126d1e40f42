import Foundation
import TrackBenchSupport

/// A small SVG writer: shapes and text in user units (pixels), written with fixed decimals so equal input gives
/// equal bytes on every platform.
///
/// Charts draw with it instead of a dependency. Text is escaped for XML; the
/// document names a font stack and sizes in pixels, so it renders alike in
/// browsers and on repository pages (which show linked SVG as images).
struct SVGCanvas {
    /// The drawing's width, in pixels.
    private(set) var width: Double
    /// The drawing's height, in pixels.
    private(set) var height: Double
    private var elements: [String] = []
    /// Clip paths written so far, which number the next one's id.
    private var clipCount = 0

    /// The Okabe-Ito palette: distinguishable with every common colour-vision deficiency.
    static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"]
    /// Text and axes.
    static let ink = "#222222"
    /// Gridlines and secondary text.
    static let faint = "#8a8a8a"

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Makes the drawing at least `minimum` pixels wide, for content laid out after the size was chosen.
    mutating func widen(to minimum: Double) {
        width = max(width, minimum)
    }

    /// Makes the drawing at least `minimum` pixels high, for content laid out after the size was chosen.
    mutating func lengthen(to minimum: Double) {
        height = max(height, minimum)
    }

    /// A number as the document writes it: two decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        var text = NumberFormat.fixed(value, decimals: 2)
        guard text.utf8.contains(UInt8(ascii: ".")) else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// About how wide `text` is at `size` pixels, in pixels: 0.6 of the size per character, a little more than an
    /// average Helvetica character (bold included), so text laid out with it does not collide.
    static func estimatedWidth(of text: String, size: Double) -> Double {
        0.6 * size * Double(text.count)
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String = ink, width: Double = 1, dash: String? = nil) {
        let dashing = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        elements.append(
            "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" "
                + "stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\"\(dashing)/>"
        )
    }

    mutating func circle(_ x: Double, _ y: Double, radius: Double, fill: String, stroke: String? = nil) {
        let outline = stroke.map { " stroke=\"\($0)\" stroke-width=\"1.5\"" } ?? ""
        elements.append("<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\" fill=\"\(fill)\"\(outline)/>")
    }

    /// A rectangle, filled, outlined with `stroke` when one is given, or both.
    mutating func rectangle(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String, stroke: String? = nil, strokeWidth: Double = 1
    ) {
        let outline = stroke.map { " stroke=\"\($0)\" stroke-width=\"\(Self.number(strokeWidth))\"" } ?? ""
        elements.append(
            "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
                + "fill=\"\(fill)\"\(outline)/>"
        )
    }

    /// A polyline through `points`, or a closed polygon when `fill` is given; `rounded` rounds its joins and ends,
    /// which keeps dense, jagged lines (GPS tracks) from sprouting mitre spikes.
    mutating func path(
        _ points: [(x: Double, y: Double)], stroke: String?, fill: String? = nil, width: Double = 1.5, dash: String? = nil, rounded: Bool = false
    ) {
        guard let first = points.first else { return }
        var data = "M\(Self.number(first.x)) \(Self.number(first.y))"
        for point in points.dropFirst() { data += " L\(Self.number(point.x)) \(Self.number(point.y))" }
        if fill != nil { data += " Z" }
        let outline = stroke.map { " stroke=\"\($0)\" stroke-width=\"\(Self.number(width))\"" } ?? ""
        let dashing = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        let joins = rounded ? " stroke-linejoin=\"round\" stroke-linecap=\"round\"" : ""
        elements.append("<path d=\"\(data)\" fill=\"\(fill ?? "none")\"\(outline)\(dashing)\(joins)/>")
    }

    /// Round dots of `radius` at `points`, written as one path of zero-length round-capped strokes: about 16 bytes
    /// a dot instead of a circle element's 60, for the thousands of fixes of a long run.
    mutating func dots(_ points: [(x: Double, y: Double)], radius: Double, fill: String) {
        guard !points.isEmpty else { return }
        let data = points.map { "M\(Self.number($0.x)) \(Self.number($0.y))h0" }.joined()
        elements.append("<path d=\"\(data)\" stroke=\"\(fill)\" stroke-width=\"\(Self.number(2 * radius))\" stroke-linecap=\"round\"/>")
    }

    /// An upright cross (x) centred on (x, y), `size` pixels from the centre to each arm's end.
    mutating func cross(_ x: Double, _ y: Double, size: Double, stroke: String, width: Double = 1.5) {
        line(x - size, y - size, x + size, y + size, stroke: stroke, width: width)
        line(x - size, y + size, x + size, y - size, stroke: stroke, width: width)
    }

    /// Draws what `draw` adds clipped to a rectangle: nothing it draws shows outside it.
    mutating func clipped(toX x: Double, y: Double, width: Double, height: Double, _ draw: (inout SVGCanvas) -> Void) {
        clipCount += 1
        let id = "clip\(clipCount)"
        elements.append(
            "<clipPath id=\"\(id)\"><rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" "
                + "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\"/></clipPath>"
        )
        elements.append("<g clip-path=\"url(#\(id))\">")
        draw(&self)
        elements.append("</g>")
    }

    /// The points a line over time needs when many share a pixel column: in each column `columnWidth` pixels wide,
    /// the first, the highest, the lowest and the last, in their order.
    ///
    /// A line through them covers exactly the pixels the full line covers in
    /// every column (the "M4" reduction), so no spike or dip is lost, and a
    /// long run's line holds at most four points a column. `points` must be in
    /// increasing x.
    /// - Complexity: O(n).
    static func decimated(_ points: [(x: Double, y: Double)], columnWidth: Double = 1) -> [(x: Double, y: Double)] {
        var kept: [(x: Double, y: Double)] = []
        var start = 0
        while start < points.count {
            let column = (points[start].x / columnWidth).rounded(.down)
            var end = start + 1
            while end < points.count, (points[end].x / columnWidth).rounded(.down) == column { end += 1 }
            let indices = start..<end
            let lowest = indices.min { points[$0].y < points[$1].y }!
            let highest = indices.max { points[$0].y < points[$1].y }!
            for index in Set([start, lowest, highest, end - 1]).sorted() { kept.append(points[index]) }
            start = end
        }
        return kept
    }

    /// The points a polyline needs at this resolution: each point closer than `tolerance` pixels to the last one
    /// kept is dropped, and the first and last are always kept.
    ///
    /// Every dropped point lies within `tolerance` of a kept one, so the line moves by less than that: a corner or a
    /// spike, which takes a point far from its neighbours, always stays.
    /// - Complexity: O(n).
    static func thinned(_ points: [(x: Double, y: Double)], tolerance: Double = 0.5) -> [(x: Double, y: Double)] {
        guard points.count > 2 else { return points }
        var kept = [points[0]]
        for point in points.dropFirst().dropLast() {
            let last = kept[kept.count - 1]
            let (dx, dy) = (point.x - last.x, point.y - last.y)
            if dx * dx + dy * dy >= tolerance * tolerance { kept.append(point) }
        }
        kept.append(points[points.count - 1])
        return kept
    }

    /// The most ticks `ticks(from:to:)` gives: steps of at least a fifth of the range give at most 6, so this
    /// bound only stops ranges that floating point cannot step through.
    static let maximumTickCount = 12

    /// About five round tick values (steps of 1, 2 or 5 times a power of ten) covering `low...high`, each with its
    /// label written with just the decimals the step needs.
    ///
    /// No ticks for a range that is empty, not finite, wider than a `Double` holds, or too narrow for its magnitude
    /// to step through (1e200 to 1e200 plus a few units in the last place); never more than `maximumTickCount`.
    static func ticks(from low: Double, to high: Double) -> [(value: Double, label: String)] {
        guard high > low, low.isFinite, high.isFinite else { return [] }
        let rough = (high - low) / 5
        guard rough.isFinite, rough > 0, rough.isNormal else { return [] }
        let exponent = Int((log10(rough)).rounded(.down))
        let power = pow(10, Double(exponent))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let decimals = max(0, -Int((log10(step)).rounded(.down)))
        var ticks: [(value: Double, label: String)] = []
        // Whole multiples of the step, so no error accumulates from tick to tick.
        var multiple = (low / step).rounded(.up)
        // Beyond 2^52 adding 1 may not change a Double: such a range is too narrow for its magnitude to label.
        guard abs(multiple) < 0x1p52 else { return [] }
        while multiple * step <= high + step * 1e-9 && ticks.count < maximumTickCount {
            let value = multiple * step
            ticks.append((value, NumberFormat.fixed(value, decimals: decimals)))
            multiple += 1
        }
        return ticks
    }

    /// Text anchored at (x, y) on its baseline: `start`, `middle` or `end`.
    mutating func text(
        _ content: String, _ x: Double, _ y: Double, size: Double = 12, anchor: String = "start", fill: String = ink, weight: String? = nil,
        rotated: Bool = false
    ) {
        let bold = weight.map { " font-weight=\"\($0)\"" } ?? ""
        let rotation = rotated ? " transform=\"rotate(-90 \(Self.number(x)) \(Self.number(y)))\"" : ""
        elements.append(
            "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\" text-anchor=\"\(anchor)\" "
                + "fill=\"\(fill)\"\(bold)\(rotation)>\(XMLText.escaped(content))</text>"
        )
    }

    /// The document: an SVG 1.1 file with a white background and a title for screen readers.
    func render(title: String) -> String {
        var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
        text += "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"Helvetica, Arial, sans-serif\">\n"
        text += "<title>\(XMLText.escaped(title))</title>\n"
        text += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        text += elements.joined(separator: "\n") + "\n</svg>\n"
        return text
    }
}
