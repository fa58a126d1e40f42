/// A chart's legend: one row per entry, a sample of the mark beside its meaning, laid out in a column.
///
/// The path map and the error timeline draw it beside their plots, the comparison chart above its rows, never
/// over them. Rows are 18 pixels apart; text is 11 pixels, and the column's width is
/// estimated from the longest text (`SVGCanvas.estimatedWidth`), so a chart
/// can widen itself to fit a long filter label.
struct ChartLegend {
    /// What a row shows beside its text.
    enum Mark {
        /// A line sample: colour, stroke width and dash pattern (nil = solid).
        case line(colour: String, width: Double, dash: String?)
        /// A filled dot.
        case dot(colour: String, radius: Double)
        /// A ring (an unfilled circle).
        case ring(colour: String, radius: Double)
        /// A filled square, 9 pixels a side.
        case square(colour: String)
        /// A cross (x).
        case cross(colour: String)
        /// A filled swatch, for a shaded band.
        case swatch(fill: String)
        /// An outlined rectangle, for a marked area.
        case outline(colour: String)
        /// A white ring joined by a thin line to a dot: where the truth and an estimate were at one moment.
        case moment(colour: String)
        /// A bracket over a span of a time axis.
        case bracket(colour: String)
        /// No mark: a heading for the rows below it.
        case heading
    }

    /// The rows, top to bottom.
    var entries: [(mark: Mark, text: String)] = []

    static let rowHeight = 18.0
    static let fontSize = 11.0
    /// Where the text starts, from the column's left edge: after a 28-pixel sample and a gap.
    static let textOffset = 36.0

    /// Adds a row.
    mutating func add(_ mark: Mark, _ text: String) {
        entries.append((mark, text))
    }

    /// The column's height, in pixels.
    var height: Double { Self.rowHeight * Double(entries.count) }

    /// The column's estimated width, in pixels.
    var width: Double {
        Self.textOffset + (entries.map { SVGCanvas.estimatedWidth(of: $0.text, size: Self.fontSize) }.max() ?? 0)
    }

    /// Draws the column with its top-left corner at (x, y).
    func draw(on canvas: inout SVGCanvas, x: Double, y: Double) {
        for (row, entry) in entries.enumerated() {
            let middle = y + Self.rowHeight * (Double(row) + 0.5)
            let baseline = middle + 4
            switch entry.mark {
            case let .line(colour, width, dash):
                canvas.line(x, middle, x + 28, middle, stroke: colour, width: width, dash: dash)
            case let .dot(colour, radius):
                canvas.dots([(x + 14, middle)], radius: radius, fill: colour)
            case let .ring(colour, radius):
                canvas.circle(x + 14, middle, radius: radius, fill: "none", stroke: colour)
            case let .square(colour):
                canvas.rectangle(x + 9.5, middle - 4.5, 9, 9, fill: colour)
            case let .cross(colour):
                canvas.cross(x + 14, middle, size: 3, stroke: colour)
            case let .swatch(fill):
                canvas.rectangle(x, middle - 6, 28, 12, fill: fill)
            case let .outline(colour):
                canvas.rectangle(x + 2, middle - 6, 24, 12, fill: "none", stroke: colour, strokeWidth: 1.5)
            case let .moment(colour):
                canvas.line(x + 4, middle + 4, x + 24, middle - 4, stroke: colour, width: 1)
                canvas.circle(x + 24, middle - 4, radius: 2.5, fill: colour)
                canvas.circle(x + 4, middle + 4, radius: 3, fill: "#ffffff", stroke: SVGCanvas.ink)
            case let .bracket(colour):
                canvas.line(x, middle, x + 28, middle, stroke: colour, width: 1.5)
                canvas.line(x, middle - 4, x, middle + 4, stroke: colour, width: 1.5)
                canvas.line(x + 28, middle - 4, x + 28, middle + 4, stroke: colour, width: 1.5)
            case .heading:
                canvas.text(entry.text, x, baseline, size: Self.fontSize, weight: "bold")
                continue
            }
            canvas.text(entry.text, x + Self.textOffset, baseline, size: Self.fontSize)
        }
    }
}
