import Foundation

/// The part of a `swift symbolgraph-extract` output file the public API listing reads: each symbol's kind, path and
/// declaration as the compiler prints it, and which protocols each type conforms to.
struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
        struct Kind: Decodable { var identifier: String }
        struct Identifier: Decodable { var precise: String }
        struct Fragment: Decodable { var spelling: String }
        var kind: Kind
        var identifier: Identifier
        var pathComponents: [String]
        var declarationFragments: [Fragment]
    }

    struct Relationship: Decodable {
        var kind: String
        var source: String
        var target: String
        var targetFallback: String?
    }

    var symbols: [Symbol]
    var relationships: [Relationship]

    /// Protocols every type conforms to without saying so: listing them would only add noise.
    static let implicitProtocols: Set = ["Copyable", "Escapable", "BitwiseCopyable", "SendableMetatype"]

    /// Each symbol's dotted path (`FilterRegistry.adding(_:)`) by its unique identifier, over several graphs.
    static func paths(in graphs: [SymbolGraph]) -> [String: String] {
        let pairs = graphs.flatMap { graph in graph.symbols.map { ($0.identifier.precise, $0.pathComponents.joined(separator: ".")) } }
        return Dictionary(pairs) { first, _ in first }
    }

    /// One line per symbol, `module | kind | path | declaration`, and one per conformance this graph adds to a type
    /// declared elsewhere (`module | extension | path | extension Type: Protocol`).
    ///
    /// `paths` names the symbols of every graph listed, so a conformance to a protocol of another module reads by name.
    func lines(module: String, paths: [String: String]) -> [String] {
        var conformances: [String: Set<String>] = [:]
        for relation in relationships where relation.kind == "conformsTo" {
            let name = paths[relation.target] ?? relation.targetFallback.map { String($0.split(separator: ".").last ?? "") } ?? relation.target
            guard !Self.implicitProtocols.contains(name) else { continue }
            conformances[relation.source, default: []].insert(name)
        }
        var lines = symbols.map { symbol in
            let kind = symbol.kind.identifier.hasPrefix("swift.") ? String(symbol.kind.identifier.dropFirst("swift.".count)) : symbol.kind.identifier
            var declaration = symbol.declarationFragments.map(\.spelling).joined()
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            // A protocol's declaration already names the protocols it refines.
            if kind != "protocol", let protocols = conformances[symbol.identifier.precise] {
                declaration += ": " + protocols.sorted().joined(separator: ", ")
            }
            return "\(module) | \(kind) | \(symbol.pathComponents.joined(separator: ".")) | \(declaration)"
        }
        let declared = Set(symbols.map(\.identifier.precise))
        for (type, protocols) in conformances where !declared.contains(type) {
            let path = paths[type] ?? type
            lines.append("\(module) | extension | \(path) | extension \(path): \(protocols.sorted().joined(separator: ", "))")
        }
        return lines
    }
}
