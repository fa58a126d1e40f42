/// A JSON value as `StrictJSON` parsed it from a suite file: what it holds and where it starts.
///
/// A suite file is parsed once into this tree; `JSONValueDecoder` then decodes the suite's types from it, so no
/// other parser sees the text and a number's place can be named without parsing again.
struct JSONValue: Sendable, Equatable {
    /// What a value holds.
    enum Content: Sendable, Equatable {
        /// An object's members in file order; `StrictJSON` refuses a repeated key, so each key is there once.
        case object([Member])
        case array([JSONValue])
        /// A string with its escapes decoded.
        case string(String)
        /// A number as written; `StrictJSON` checked that it is finite as a double and not too small to tell from zero.
        case number(String)
        case bool(Bool)
        case null
    }

    /// One key and its value in an object.
    struct Member: Sendable, Equatable {
        var key: String
        var value: JSONValue
    }

    /// What the value holds.
    var content: Content
    /// 1-based line where the value starts.
    var line: Int
    /// 1-based column (in bytes) where the value starts.
    var column: Int

    /// The object's keys in file order; nil when the value is not an object.
    var keys: [String]? {
        guard case let .object(members) = content else { return nil }
        return members.map(\.key)
    }
}
