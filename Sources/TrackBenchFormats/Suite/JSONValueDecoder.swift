/// A `Decoder` over a `JSONValue` tree: the suite's types decode from the tree `StrictJSON` parsed, not from text.
///
/// It throws the `DecodingError`s Foundation's `JSONDecoder` throws, with the same coding paths and types, so
/// every message `StrictJSONDecoder` makes of them reads as before. It differs where Foundation says too little:
/// a whole-number key holding 15.5 or 20 digits throws `NotWholeNumber`, which names the key, the line and the
/// column. A whole number may be written with a fraction or an exponent that leaves it whole (`20.0`, `2e1`),
/// as Foundation accepts; one written as digits alone must be within the type's range.
struct JSONValueDecoder: Decoder {
    /// A number a whole-number key holds that is not a whole number within the type's range, and where it is.
    struct NotWholeNumber: Error, Equatable {
        /// The key holding it (the innermost object's key above it); nil in an array at the top level.
        var key: String?
        /// The number as written, shortened to `StrictJSON.maximumQuotedLength`.
        var text: String
        /// The smallest and largest whole numbers the key takes.
        var range: String
        /// Where the number starts.
        var line: Int
        var column: Int
    }

    /// The value being decoded.
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A decoder of the whole tree, at the top level.
    init(_ value: JSONValue) {
        self.init(value, codingPath: [])
    }

    private init(_ value: JSONValue, codingPath: [any CodingKey]) {
        self.value = value
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = value.content else {
            throw mismatch([String: Any].self, context: "keyed decoding container")
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(elements) = value.content else {
            throw mismatch([Any].self, context: "unkeyed decoding container")
        }
        return UnkeyedContainer(array: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    /// The error for a value that is not a `type`: not found for null, a mismatch otherwise.
    private func mismatch(_ type: Any.Type, context: String) -> DecodingError {
        if value.content == .null {
            return .valueNotFound(
                type, DecodingError.Context(codingPath: codingPath, debugDescription: "Cannot get \(context) -- found null value instead")
            )
        }
        return .typeMismatch(
            type, DecodingError.Context(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(kind) instead.")
        )
    }

    /// What the value is, in Foundation's words for a type mismatch.
    private var kind: String {
        switch value.content {
        case .object: return "a dictionary"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "number"
        case .bool: return "bool"
        case .null: return "null"
        }
    }

    /// The value's decoder at `key` below this one.
    fileprivate func child(_ value: JSONValue, at key: any CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(value, codingPath: codingPath + [key])
    }

    /// The number's text, or a mismatch with `type`.
    private func numberText(_ type: Any.Type) throws -> String {
        guard case let .number(text) = value.content else { throw mismatch(type, context: "value of type \(type)") }
        return text
    }

    /// The innermost object key on the coding path, which a message names a number by.
    private var enclosingKey: String? {
        codingPath.last { $0.intValue == nil }?.stringValue
    }

    /// Decodes a primitive `type` directly, anything else through its `init(from:)`.
    fileprivate func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type: if let decoded = try decode(String.self) as? T { return decoded }
        case is Double.Type: if let decoded = try decode(Double.self) as? T { return decoded }
        case is Int.Type: if let decoded = try decode(Int.self) as? T { return decoded }
        case is Bool.Type: if let decoded = try decode(Bool.self) as? T { return decoded }
        default: break
        }
        return try T(from: self)
    }

    /// A whole number of `type`: written as one within the type's range, or as a number with a fraction or an
    /// exponent whose double is exactly one.
    private func wholeNumber<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let text = try numberText(type)
        let isInteger = !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        if let number = isInteger ? T(text) : Double(text).flatMap({ T(exactly: $0) }) {
            return number
        }
        throw NotWholeNumber(
            key: enclosingKey, text: StrictJSON.quoted(text), range: "from \(T.min) to \(T.max)", line: value.line, column: value.column
        )
    }
}

extension JSONValueDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool {
        value.content == .null
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case let .bool(flag) = value.content else { throw mismatch(type, context: "value of type \(type)") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case let .string(text) = value.content else { throw mismatch(type, context: "value of type \(type)") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        let text = try numberText(type)
        // `StrictJSON` let through only numbers a double holds.
        guard let number = Double(text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "\(text) is not a double"))
        }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float {
        Float(try decode(Double.self))
    }

    func decode(_ type: Int.Type) throws -> Int { try wholeNumber(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try wholeNumber(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try wholeNumber(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try wholeNumber(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try wholeNumber(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try wholeNumber(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try wholeNumber(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try wholeNumber(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try wholeNumber(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try wholeNumber(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type)
    }
}

/// An array element's place on a coding path: `[3]` in a message.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

/// An object's members, by key.
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder of the object.
    private let object: JSONValueDecoder
    /// The members in file order.
    private let members: [JSONValue.Member]
    /// Each key's value.
    private let values: [String: JSONValue]

    init(object: JSONValueDecoder, members: [JSONValue.Member]) {
        self.object = object
        self.members = members
        values = Dictionary(members.map { ($0.key, $0.value) }) { first, _ in first }
    }

    var codingPath: [any CodingKey] { object.codingPath }

    /// The keys `Key` can name, in file order.
    var allKeys: [Key] {
        members.compactMap { Key(stringValue: $0.key) }
    }

    func contains(_ key: Key) -> Bool {
        values[key.stringValue] != nil
    }

    /// The decoder of the value at `key`, or the error Foundation throws for a key the object lacks.
    private func decoder(_ key: Key) throws -> JSONValueDecoder {
        guard let value = values[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue).")
            )
        }
        return object.child(value, at: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try decoder(key).decodeNil()
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder(key).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    /// The object itself: a suite file has no superclass's keys to set apart.
    func superDecoder() throws -> any Decoder {
        object
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder(key)
    }
}

/// An array's elements, in order.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    /// The decoder of the array.
    private let array: JSONValueDecoder
    private let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(array: JSONValueDecoder, elements: [JSONValue]) {
        self.array = array
        self.elements = elements
    }

    var codingPath: [any CodingKey] { array.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The decoder of the next element, or the error Foundation throws past the end; moves past the element.
    private mutating func next(_ type: Any.Type) throws -> JSONValueDecoder {
        guard !isAtEnd else {
            let place = codingPath + [IndexKey(intValue: currentIndex)]
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: place, debugDescription: "Unkeyed container is at end."))
        }
        defer { currentIndex += 1 }
        return array.child(elements[currentIndex], at: IndexKey(intValue: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].content == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type).decodeValue(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: Any].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(Any.self)
    }
}
