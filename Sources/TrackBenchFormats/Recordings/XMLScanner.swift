import Foundation

/// A streaming XML 1.0 reader over a document's UTF-8 bytes: its start tags, text and end tags, one at a time.
///
/// Written for GPX and TCX, without a dependency, so that any size reads in
/// linear time and every fault is reported at its line and column in words.
/// `next()` returns the document's events in order:
///
/// - `start`: a start tag, its name as written (`gpx:trkpt`; `localName`
///   drops the namespace prefix) and its attributes, with references
///   decoded and white space normalised as XML defines. An empty-element
///   tag (`<rtept .../>`) gives a `start` and then an `end`.
/// - `text`: a run of character data between two pieces of markup, or a
///   CDATA section; decoded on request with `string(_:)`, so runs nobody
///   reads cost no allocation.
/// - `end`: an end tag, checked to match the innermost open start tag.
///
/// Comments, processing instructions, the XML declaration and a DOCTYPE are
/// checked and passed over. Nothing is ever expanded: a DOCTYPE whose internal
/// subset declares an entity is refused, so external entities (XXE) and entity
/// bombs cannot happen, and a reference to any entity but the five XML
/// predefines (`&lt; &gt; &amp; &apos; &quot;`) is an error, as XML defines
/// for a document without declarations. Character references (`&#233;`,
/// `&#xE9;`) are decoded.
///
/// The bytes must be UTF-8: a byte order mark is dropped, malformed UTF-8 and
/// characters XML does not allow (control characters, U+FFFE, U+FFFF) are
/// errors at their position, and an encoding declaration is not used (a file
/// declaring ISO-8859-1 but holding only ASCII reads the same). LF, CRLF and
/// CR all end a line, in positions and in text (where each becomes LF).
/// Elements nest at most `maximumDepth` deep. Namespaces are not resolved:
/// names are matched by their local part, so a prefix (`<gpx:trkpt>`) needs
/// no declaration.
///
/// A scanner lives inside `scan(_:_:)`, which lends it the bytes without
/// copying them; it must not escape the closure.
///
/// - Complexity: O(n) in the document's size over the whole scan; extra memory
///   is O(depth) plus the largest attribute list, besides the text a caller decodes.
struct XMLScanner {
    /// One piece of a document, in document order.
    enum Event: Equatable {
        /// A start tag, or the start of an empty element (which an `end` follows at once).
        case start(Element)
        /// Character data or a CDATA section inside an element; one element's text may come in several runs.
        case text(Text)
        /// An end tag (or the end of an empty element), with the name as written.
        case end(name: String)
    }

    /// A start tag: its name, its attributes and where it begins.
    struct Element: Equatable {
        /// The name as written, with any namespace prefix (`gpx:trkpt`).
        var name: String
        /// The attributes in document order, values decoded (`lat="47&#46;5"` is `47.5`).
        var attributes: [Attribute]
        /// The line of the tag's `<`.
        var line: Int
        /// The column of the tag's `<`, in characters.
        var column: Int

        /// The name without its namespace prefix: `trkpt` for `gpx:trkpt`.
        var localName: Substring { XMLScanner.localName(name) }

        /// The value of the attribute named `name` exactly (prefix included), or nil.
        func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    /// One attribute of a start tag.
    struct Attribute: Equatable {
        /// The name as written.
        var name: String
        /// The value with references decoded and each tab or line break made a space.
        var value: String
    }

    /// A run of text: where its bytes lie, to be decoded by `string(_:)` if needed.
    struct Text: Equatable {
        /// The run's bytes in the document, without the `<![CDATA[` and `]]>` of a CDATA section.
        var bytes: Range<Int>
        /// Whether the run is a CDATA section (whose `&` is a plain character).
        var isCDATA: Bool
        /// Whether the run holds nothing but literal spaces, tabs and line breaks.
        var isWhitespace: Bool
        /// Whether decoding changes the bytes: the run holds a reference or a CR.
        var needsDecoding: Bool
    }

    /// The deepest nesting of elements read, as libxml2's default: GPX and TCX need about ten levels.
    static let maximumDepth = 256

    /// The name without its namespace prefix: what follows the last `:`.
    static func localName(_ name: String) -> Substring {
        // On the UTF-8 view: searching characters would cost a grapheme break check per character.
        name.utf8.lastIndex(of: UInt8(ascii: ":")).map { name[name.utf8.index(after: $0)...] } ?? name[...]
    }

    /// Lends `body` a scanner over `data`'s bytes.
    ///
    /// - Parameters:
    ///   - data: The document, UTF-8 with or without a byte order mark.
    ///   - body: Reads the events with `next()`; the scanner must not outlive it.
    /// - Returns: What `body` returns.
    static func scan<Value, Failure: Error>(_ data: Data, _ body: (inout XMLScanner) throws(Failure) -> Value) throws(Failure) -> Value {
        let outcome: Result<Value, Failure> = data.withUnsafeBytes { bytes in
            var scanner = XMLScanner(bytes: bytes)
            return Result { () throws(Failure) -> Value in try body(&scanner) }
        }
        return try outcome.get()
    }

    /// Where the scanner is in the document's structure.
    enum Phase {
        /// Before the root element: the XML declaration, comments, processing instructions, a DOCTYPE.
        case prolog
        /// Inside the root element.
        case content
        /// After the root element closed: comments and processing instructions only.
        case epilog
    }

    /// An open element: where its name lies and where its tag began.
    struct OpenElement {
        var name: Range<Int>
        var line: Int
        var column: Int
    }

    let bytes: UnsafeRawBufferPointer
    /// The length of a leading byte order mark (3 or 0): positions count from after it.
    let byteOrderMarkLength: Int
    /// The next byte to read.
    var offset: Int
    var phase = Phase.prolog
    /// Whether anything but white space came before: the XML declaration may only come first.
    var sawMarkup = false
    var sawDoctype = false
    /// The root element's name once it closed, for messages about what follows it.
    var rootName = ""
    var open: [OpenElement] = []
    /// The name of an empty element whose `end` is due.
    var pendingEnd: String?
    /// The encoding the XML declaration names, for the message on bytes that are not UTF-8.
    var declaredEncoding: String?
    /// The last position computed, from which the next is counted on (positions are asked for in document order).
    var located = (offset: 0, line: 1, column: 1)

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        byteOrderMarkLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        offset = byteOrderMarkLength
        located.offset = byteOrderMarkLength
    }

    // MARK: Events

    /// The next event, or nil once the root element has closed and only comments, processing instructions and
    /// white space followed it.
    ///
    /// - Throws: `XMLSyntaxError` at the first fault: malformed markup, a mismatched end tag, an undefined
    ///   entity, an entity declaration, malformed UTF-8, or the end of the file inside an element.
    mutating func next() throws(XMLSyntaxError) -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            if open.isEmpty { closeRoot(name) }
            return .end(name: name)
        }
        while offset < bytes.count {
            guard bytes[offset] == Byte.lessThan else {
                if phase == .content { return .text(try characterData()) }
                try whitespaceOutsideRoot()
                continue
            }
            switch byte(at: offset + 1) {
            case Byte.slash:
                return try endTag()
            case Byte.question:
                try processingInstruction()
            case Byte.exclamation:
                if matches("<!--", at: offset) {
                    offset = try commentEnd(from: offset)
                    sawMarkup = true
                } else if matches("<![CDATA[", at: offset) {
                    guard phase == .content else {
                        throw fault(at: offset, "a CDATA section '<![CDATA[' is only allowed inside an element")
                    }
                    return .text(try cdataSection())
                } else if matches("<!DOCTYPE", at: offset) {
                    try doctype()
                } else {
                    let expectation = "'<!--' (a comment), '<![CDATA[' (inside an element) or '<!DOCTYPE' (before the root element)"
                    if ["<!--", "<![CDATA[", "<!DOCTYPE"].contains(where: { isCut($0, at: offset) }) { throw truncated(expected: expectation) }
                    throw fault(at: offset, "expected \(expectation) after '<!'")
                }
            default:
                return try startTag()
            }
        }
        switch phase {
        case .epilog:
            return nil
        case .prolog:
            throw fault(at: offset, "unexpected end of file: the file has no root element (such as '<gpx>')")
        case .content:
            throw truncated(expected: nil)
        }
    }

    /// The characters of a text run: references replaced, and each CRLF or CR made LF.
    func string(_ text: Text) -> String {
        decode(text.bytes, references: !text.isCDATA, attribute: false, needsDecoding: text.needsDecoding)
    }

    // MARK: Tags

    mutating func startTag() throws(XMLSyntaxError) -> Event {
        let start = offset
        guard let nameEnd = try endOfName(from: start + 1) else {
            throw unexpected("an element name after '<' (write '&lt;' for a literal '<')", at: start + 1)
        }
        let name = string(start + 1..<nameEnd)
        if phase == .epilog {
            throw fault(
                at: start, "the element '<\(excerpt(name))>' follows the root element '</\(excerpt(rootName))>'; a document has one root element"
            )
        }
        guard open.count < Self.maximumDepth else {
            throw fault(at: start, "the element '<\(excerpt(name))>' nests deeper than \(Self.maximumDepth) elements")
        }
        let (line, column) = position(at: start)
        // Open at once, so the end of the file inside the tag names the element.
        open.append(OpenElement(name: start + 1..<nameEnd, line: line, column: column))
        var attributes: [Attribute] = []
        var seen: Set<String> = []
        var index = nameEnd
        while true {
            let spaced = skipWhitespace(&index)
            switch byte(at: index) {
            case Byte.greaterThan:
                index += 1
            case Byte.slash:
                guard byte(at: index + 1) == Byte.greaterThan else {
                    throw unexpected("'>' after '/' to end the empty element '\(excerpt(name))'", at: index + 1)
                }
                index += 2
                open.removeLast()
                pendingEnd = name
            default:
                guard let attributeEnd = try endOfName(from: index) else {
                    throw unexpected(spaced ? "an attribute name, '>' or '/>' in the start tag '\(excerpt(name))'"
                                            : "'>' to close the start tag '\(excerpt(name))'", at: index)
                }
                let attributeStart = index
                let attributeName = string(attributeStart..<attributeEnd)
                guard spaced else {
                    throw fault(at: index, "expected a space before the attribute '\(excerpt(attributeName))' in the start tag '\(excerpt(name))'")
                }
                index = attributeEnd
                let value = try attributeValue(&index, attribute: attributeName, element: name)
                // A linear search for the usual few attributes; a set once there are many, so the check stays linear.
                let isDuplicate: Bool
                if attributes.count < 8 {
                    isDuplicate = attributes.contains { $0.name == attributeName }
                } else {
                    if seen.isEmpty { seen = Set(attributes.map(\.name)) }
                    isDuplicate = !seen.insert(attributeName).inserted
                }
                guard !isDuplicate else {
                    throw fault(at: attributeStart, "the attribute '\(excerpt(attributeName))' appears twice in the start tag '\(excerpt(name))'")
                }
                attributes.append(Attribute(name: attributeName, value: value))
                continue
            }
            break
        }
        offset = index
        phase = .content
        sawMarkup = true
        return .start(Element(name: name, attributes: attributes, line: line, column: column))
    }

    /// Reads `= "value"` after an attribute's name at `index`, leaving `index` after the closing quote.
    mutating func attributeValue(_ index: inout Int, attribute: String, element: String) throws(XMLSyntaxError) -> String {
        skipWhitespace(&index)
        guard byte(at: index) == Byte.equals else {
            throw unexpected("'=' after the attribute name '\(excerpt(attribute))' in the start tag '\(excerpt(element))'", at: index)
        }
        index += 1
        skipWhitespace(&index)
        let quote = byte(at: index)
        guard quote == Byte.quote || quote == Byte.apostrophe else {
            throw unexpected("a value in quotes (\" or ') for the attribute '\(excerpt(attribute))'", at: index)
        }
        let start = index + 1
        var needsDecoding = false
        index = start
        while true {
            guard index < bytes.count else {
                throw unexpected("the closing \(quote == Byte.quote ? "\"" : "'") of the attribute '\(excerpt(attribute))'", at: index)
            }
            switch bytes[index] {
            case quote:
                let value = decode(start..<index, references: true, attribute: true, needsDecoding: needsDecoding)
                index += 1
                return value
            case Byte.lessThan:
                throw fault(
                    at: index,
                    "'<' is not allowed in the value of the attribute '\(excerpt(attribute))' (write '&lt;'), or its closing quote is missing"
                )
            case Byte.ampersand:
                index = try referenceEnd(at: index)
                needsDecoding = true
            case Byte.tab, Byte.lineFeed, Byte.carriageReturn:
                index += 1
                needsDecoding = true
            default:
                index += try characterLength(at: index)
            }
        }
    }

    mutating func endTag() throws(XMLSyntaxError) -> Event {
        let start = offset
        guard let nameEnd = try endOfName(from: start + 2) else {
            throw unexpected("an element name after '</'", at: start + 2)
        }
        let name = string(start + 2..<nameEnd)
        var index = nameEnd
        skipWhitespace(&index)
        guard byte(at: index) == Byte.greaterThan else {
            throw unexpected("'>' to close the end tag '</\(excerpt(name))>'", at: index)
        }
        guard let innermost = open.last else {
            throw fault(at: start, phase == .prolog
                ? "the end tag '</\(excerpt(name))>' comes before any start tag"
                : "the end tag '</\(excerpt(name))>' follows the root element '</\(excerpt(rootName))>', which closed every element")
        }
        guard bytes[innermost.name].elementsEqual(bytes[start + 2..<nameEnd]) else {
            throw fault(
                at: start,
                "the end tag '</\(excerpt(name))>' does not match the start tag '<\(excerpt(string(innermost.name)))>' "
                    + "opened at line \(innermost.line), column \(innermost.column)"
            )
        }
        open.removeLast()
        if open.isEmpty { closeRoot(name) }
        offset = index + 1
        return .end(name: name)
    }

    mutating func closeRoot(_ name: String) {
        phase = .epilog
        rootName = name
    }

    // MARK: Text

    /// A run of character data from `offset` to the next `<` or the end of the file, checked.
    mutating func characterData() throws(XMLSyntaxError) -> Text {
        let start = offset
        var index = start
        var isWhitespace = true
        var needsDecoding = false
        scan: while index < bytes.count {
            switch bytes[index] {
            case Byte.lessThan:
                break scan
            case Byte.space, Byte.tab, Byte.lineFeed:
                index += 1
            case Byte.carriageReturn:
                index += 1
                needsDecoding = true
            case Byte.ampersand:
                index = try referenceEnd(at: index)
                isWhitespace = false
                needsDecoding = true
            case Byte.closingBracket where matches("]]>", at: index):
                throw fault(at: index, "']]>' is not allowed in text, where it ends no CDATA section (write ']]&gt;')")
            default:
                index += try characterLength(at: index)
                isWhitespace = false
            }
        }
        offset = index
        return Text(bytes: start..<index, isCDATA: false, isWhitespace: isWhitespace, needsDecoding: needsDecoding)
    }

    /// The CDATA section at `offset` (`<![CDATA[...]]>`), checked; `offset` moves past it.
    mutating func cdataSection() throws(XMLSyntaxError) -> Text {
        let start = offset + 9
        var index = start
        var isWhitespace = true
        var needsDecoding = false
        while !matches("]]>", at: index) {
            guard index < bytes.count else {
                throw unexpectedEnd(in: "the CDATA section", openedAt: offset)
            }
            switch bytes[index] {
            case Byte.space, Byte.tab, Byte.lineFeed:
                index += 1
            case Byte.carriageReturn:
                index += 1
                needsDecoding = true
            default:
                index += try characterLength(at: index)
                isWhitespace = false
            }
        }
        offset = index + 3
        return Text(bytes: start..<index, isCDATA: true, isWhitespace: isWhitespace, needsDecoding: needsDecoding)
    }

    /// White space before or after the root element; anything else there is an error.
    mutating func whitespaceOutsideRoot() throws(XMLSyntaxError) {
        var index = offset
        skipWhitespace(&index)
        guard index > offset else {
            throw phase == .prolog
                ? unexpected("'<' to begin the root element", at: offset)
                : fault(at: offset, "only comments may follow the root element '</\(excerpt(rootName))>', found \(describe(at: offset))")
        }
        offset = index
    }

    // MARK: Bytes

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The byte at `index`, or 0 (which no XML character is) past the end.
    func byte(at index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// Whether the file ends inside `literal` begun at `index`: what follows `index` is a part of it.
    func isCut(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index <= bytes.count, index + count > bytes.count else { return false }
        for position in 0..<(bytes.count - index) where bytes[index + position] != literal.utf8Start[position] {
            return false
        }
        return true
    }

    func matches(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for position in 0..<count where bytes[index + position] != literal.utf8Start[position] {
            return false
        }
        return true
    }

    /// Moves `index` past spaces, tabs and line breaks.
    /// - Returns: Whether there were any.
    @discardableResult
    func skipWhitespace(_ index: inout Int) -> Bool {
        let start = index
        while index < bytes.count, Byte.isWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    /// The ASCII bytes of XML's syntax.
    enum Byte {
        static let tab = UInt8(ascii: "\t")
        static let lineFeed = UInt8(ascii: "\n")
        static let carriageReturn = UInt8(ascii: "\r")
        static let space = UInt8(ascii: " ")
        static let exclamation = UInt8(ascii: "!")
        static let quote = UInt8(ascii: "\"")
        static let hash = UInt8(ascii: "#")
        static let percent = UInt8(ascii: "%")
        static let ampersand = UInt8(ascii: "&")
        static let apostrophe = UInt8(ascii: "'")
        static let hyphen = UInt8(ascii: "-")
        static let slash = UInt8(ascii: "/")
        static let semicolon = UInt8(ascii: ";")
        static let lessThan = UInt8(ascii: "<")
        static let equals = UInt8(ascii: "=")
        static let greaterThan = UInt8(ascii: ">")
        static let question = UInt8(ascii: "?")
        static let openingBracket = UInt8(ascii: "[")
        static let closingBracket = UInt8(ascii: "]")

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == space || byte == tab || byte == lineFeed || byte == carriageReturn
        }
    }
}
