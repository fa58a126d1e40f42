import Foundation
import TrackBenchSupport

/// Decodes a suite file strictly: valid JSON without duplicate keys, every key known, errors that name the key.
///
/// Scenario files and recording suites share it, so both reject the same
/// mistakes with the same messages. The text is parsed once, by `StrictJSON`,
/// and the value decoded from the tree by `JSONValueDecoder`.
package enum StrictJSONDecoder {
    /// Decodes `type` from a file's bytes, after dropping a byte order mark and parsing the JSON.
    /// - Returns: The value and the file's fingerprint: FNV-1a 64 of its text with line endings made LF, 16 hex digits.
    /// - Throws: `ScenarioFileError` naming the file, the key and what was expected.
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, file: String
    ) throws(ScenarioFileError) -> (value: T, fingerprint: String) {
        let bytes = withoutByteOrderMark(data)
        return (try decode(type, from: try parse(bytes, file: file), file: file), fingerprint(of: bytes))
    }

    /// The bytes of `data` without a leading UTF-8 byte order mark.
    static func withoutByteOrderMark(_ data: Data) -> [UInt8] {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
        }
        return bytes
    }

    /// Parses `bytes` (without a byte order mark) into a tree.
    /// - Throws: `ScenarioFileError.malformedJSON` naming the line, the column and the problem.
    static func parse(_ bytes: [UInt8], file: String) throws(ScenarioFileError) -> JSONValue {
        do {
            return try StrictJSON.parse(bytes)
        } catch {
            throw .malformedJSON(file: file, detail: error.description)
        }
    }

    /// Decodes `type` from a parsed tree.
    /// - Throws: `ScenarioFileError` naming the file, the key and what was expected.
    static func decode<T: Decodable>(_ type: T.Type, from tree: JSONValue, file: String) throws(ScenarioFileError) -> T {
        do {
            return try JSONValueDecoder(tree).decode(T.self)
        } catch let number as JSONValueDecoder.NotWholeNumber {
            throw .malformedJSON(
                file: file,
                detail: "line \(number.line), column \(number.column): \(number.key.map { "key '\(sanitized($0))' holds " } ?? "")"
                    + "\(number.text), which is not a whole number \(number.range); this key takes a whole number"
            )
        } catch let error as DecodingError {
            throw fileError(for: error, file: file)
        } catch {
            throw .malformedJSON(file: file, detail: "\(error)")
        }
    }

    /// FNV-1a 64 of the text with line endings made LF, as 16 hex digits.
    static func fingerprint(of bytes: [UInt8]) -> String {
        let text = TextLines.normalized(String(decoding: bytes, as: UTF8.self))
        return FNV1a.hex(FNV1a.hash64(text.utf8))
    }

    private static func fileError(for error: DecodingError, file: String) -> ScenarioFileError {
        switch error {
        case let .keyNotFound(key, context):
            return .invalidKey(file: file, key: keyPath(context.codingPath + [key]), problem: "missing; every key is required")
        case let .typeMismatch(type, context):
            return .invalidKey(file: file, key: keyPath(context.codingPath), problem: "expected \(describe(type))")
        case let .valueNotFound(type, context):
            return .invalidKey(file: file, key: keyPath(context.codingPath), problem: "expected \(describe(type)), got null")
        case let .dataCorrupted(context):
            return .invalidKey(file: file, key: keyPath(context.codingPath), problem: context.debugDescription)
        @unknown default:
            return .malformedJSON(file: file, detail: "\(error)")
        }
    }

    private static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                let name = sanitized(key.stringValue)
                text += text.isEmpty ? name : "." + name
            }
        }
        return text
    }

    /// A key from the file as a message may quote it: control characters (a terminal escape) replaced by U+FFFD
    /// and at most `StrictJSON.maximumQuotedLength` characters.
    static func sanitized(_ key: String) -> String {
        StrictJSON.quoted(key.replacingControlCharacters())
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is [Any].Type: return "an array"
        default: return "an object"
        }
    }
}

/// A coding key for reading whatever keys an object has.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Throws on the first key of the object being decoded that is not in `allowed`.
func rejectUnknownKeys<Key: CodingKey>(in decoder: any Decoder, allowed: [Key]) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    let known = Set(allowed.map(\.stringValue))
    for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
        let suggestion = Suggestion.closest(to: key.stringValue, among: Array(known)).map { " (did you mean '\($0)'?)" } ?? ""
        throw DecodingError.dataCorruptedError(
            forKey: key,
            in: container,
            debugDescription: "unknown key\(suggestion); expected only \(allowed.map(\.stringValue).joined(separator: ", "))"
        )
    }
}

/// Throws a data-corrupted error at `key` with `message` unless `condition` holds.
func require<Key: CodingKey>(
    _ condition: Bool,
    _ key: Key,
    in container: KeyedDecodingContainer<Key>,
    _ message: @autoclosure () -> String
) throws {
    if !condition {
        throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message())
    }
}

/// Throws unless `values` is non-empty and has no repeats.
func requireUniqueNonEmpty<Key: CodingKey>(_ values: [String], _ key: Key, in container: KeyedDecodingContainer<Key>) throws {
    try require(!values.isEmpty, key, in: container, "expected at least one value")
    var seen: Set<String> = []
    for value in values {
        try require(seen.insert(value).inserted, key, in: container, "'\(value)' appears twice")
    }
}
