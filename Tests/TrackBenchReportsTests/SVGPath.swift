import Foundation
import Testing

/// Reads back the lines a chart drew, for the chart tests.
enum SVGPath {
    /// The points of the `d` attribute of the first path whose attributes contain `fragment`.
    static func points(in svg: String, with fragment: String) throws -> [(x: Double, y: Double)] {
        let element = try #require(svg.components(separatedBy: "<path ").dropFirst().first { $0.prefix { $0 != ">" }.contains(fragment) })
        let data = element.dropFirst("d=\"".count).prefix { $0 != "\"" }
        return try data.split(separator: " ").chunks(ofCount: 2).map { pair in
            let numbers = try pair.map { try #require(Double($0.trimmingCharacters(in: CharacterSet(charactersIn: "ML")))) }
            return (numbers[0], numbers[1])
        }
    }
}

extension Array {
    /// Consecutive slices of `count` elements (the last may be shorter).
    func chunks(ofCount count: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: self.count, by: count).map { self[$0..<Swift.min($0 + count, self.count)] }
    }
}
