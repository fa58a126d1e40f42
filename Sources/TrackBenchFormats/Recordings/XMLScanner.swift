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
    private enum Phase {
        /// Before the root element: the XML declaration, comments, processing instructions, a DOCTYPE.
        case prolog
        /// Inside the root element.
        case content
        /// After the root element closed: comments and processing instructions only.
        case epilog
    }

    /// An open element: where its name lies and where its tag began.
    private struct OpenElement {
        var name: Range<Int>
        var line: Int
        var column: Int
    }

    private let bytes: UnsafeRawBufferPointer
    /// The length of a leading byte order mark (3 or 0): positions count from after it.
    private let byteOrderMarkLength: Int
    /// The next byte to read.
    private var offset: Int
    private var phase = Phase.prolog
    /// Whether anything but white space came before: the XML declaration may only come first.
    private var sawMarkup = false
    private var sawDoctype = false
    /// The root element's name once it closed, for messages about what follows it.
    private var rootName = ""
    private var open: [OpenElement] = []
    /// The name of an empty element whose `end` is due.
    private var pendingEnd: String?
    /// The encoding the XML declaration names, for the message on bytes that are not UTF-8.
    private var declaredEncoding: String?
    /// The last position computed, from which the next is counted on (positions are asked for in document order).
    private var located = (offset: 0, line: 1, column: 1)

    private init(bytes: UnsafeRawBufferPointer) {
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

    private mutating func startTag() throws(XMLSyntaxError) -> Event {
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
    private mutating func attributeValue(_ index: inout Int, attribute: String, element: String) throws(XMLSyntaxError) -> String {
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

    private mutating func endTag() throws(XMLSyntaxError) -> Event {
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

    private mutating func closeRoot(_ name: String) {
        phase = .epilog
        rootName = name
    }

    // MARK: Text

    /// A run of character data from `offset` to the next `<` or the end of the file, checked.
    private mutating func characterData() throws(XMLSyntaxError) -> Text {
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
    private mutating func cdataSection() throws(XMLSyntaxError) -> Text {
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
    private mutating func whitespaceOutsideRoot() throws(XMLSyntaxError) {
        var index = offset
        skipWhitespace(&index)
        guard index > offset else {
            throw phase == .prolog
                ? unexpected("'<' to begin the root element", at: offset)
                : fault(at: offset, "only comments may follow the root element '</\(excerpt(rootName))>', found \(describe(at: offset))")
        }
        offset = index
    }

    // MARK: Comments, processing instructions, DOCTYPE

    /// The index after the comment beginning at `start` (`<!--`), checked: `--` may only end it.
    private mutating func commentEnd(from start: Int) throws(XMLSyntaxError) -> Int {
        var index = start + 4
        while true {
            guard index < bytes.count else {
                throw unexpectedEnd(in: "the comment", openedAt: start)
            }
            if bytes[index] == Byte.hyphen, byte(at: index + 1) == Byte.hyphen {
                guard index + 2 < bytes.count else {
                    throw unexpectedEnd(in: "the comment", openedAt: start)
                }
                guard bytes[index + 2] == Byte.greaterThan else {
                    throw fault(at: index, "'--' is not allowed inside a comment, only in the '-->' that ends it")
                }
                return index + 3
            }
            index += try characterLength(at: index)
        }
    }

    /// Checks and passes over the processing instruction at `offset`, or reads the XML declaration.
    private mutating func processingInstruction() throws(XMLSyntaxError) {
        let start = offset
        guard let targetEnd = try endOfName(from: start + 2) else {
            throw unexpected("a target name after '<?' (such as '<?xml')", at: start + 2)
        }
        let target = string(start + 2..<targetEnd)
        if target.lowercased() == "xml" {
            guard phase == .prolog, !sawMarkup else {
                throw fault(at: start, "the XML declaration '<?\(target) ...?>' may only begin the file")
            }
            try xmlDeclaration(from: targetEnd)
        } else {
            offset = try processingInstructionEnd(from: start, targetEnd: targetEnd)
        }
        sawMarkup = true
    }

    /// The index after the processing instruction beginning at `start`, whose target ends at `targetEnd`.
    private mutating func processingInstructionEnd(from start: Int, targetEnd: Int) throws(XMLSyntaxError) -> Int {
        var index = targetEnd
        if !matches("?>", at: index), !skipWhitespace(&index) {
            if isCut("?>", at: index) { throw truncated(expected: "'?>'") }
            throw unexpected("a space or '?>' after the processing instruction's target '\(excerpt(string(start + 2..<targetEnd)))'", at: index)
        }
        while !matches("?>", at: index) {
            guard index < bytes.count else {
                throw unexpectedEnd(in: "the processing instruction", openedAt: start)
            }
            index += try characterLength(at: index)
        }
        return index + 2
    }

    /// Reads the XML declaration's pseudo-attributes (`version`, `encoding`, `standalone`) from after `<?xml`.
    private mutating func xmlDeclaration(from targetEnd: Int) throws(XMLSyntaxError) {
        var index = targetEnd
        while true {
            let spaced = skipWhitespace(&index)
            if matches("?>", at: index) { break }
            guard spaced, let nameEnd = try endOfName(from: index) else {
                if isCut("?>", at: index) { throw truncated(expected: "'?>' to end the XML declaration") }
                throw unexpected(spaced ? "'?>' to end the XML declaration" : "a space or '?>' in the XML declaration", at: index)
            }
            let name = string(index..<nameEnd)
            index = nameEnd
            skipWhitespace(&index)
            guard byte(at: index) == Byte.equals else {
                throw unexpected("'=' after '\(excerpt(name))' in the XML declaration", at: index)
            }
            index += 1
            skipWhitespace(&index)
            let quote = byte(at: index)
            guard quote == Byte.quote || quote == Byte.apostrophe else {
                throw unexpected("a value in quotes for '\(excerpt(name))' in the XML declaration", at: index)
            }
            let valueStart = index + 1
            index = valueStart
            while byte(at: index) != quote {
                guard index < bytes.count, bytes[index] != Byte.lessThan else {
                    throw unexpected("the closing quote of '\(excerpt(name))' in the XML declaration", at: index)
                }
                index += try characterLength(at: index)
            }
            if name == "encoding" { declaredEncoding = string(valueStart..<index) }
            index += 1
        }
        offset = index + 2
    }

    /// Checks and passes over the DOCTYPE at `offset`: its name, an external identifier (never fetched) and an
    /// internal subset, which may not declare entities.
    private mutating func doctype() throws(XMLSyntaxError) {
        let start = offset
        guard phase == .prolog, !sawDoctype else {
            throw fault(at: start, sawDoctype ? "a second DOCTYPE; a document has at most one" : "a DOCTYPE is only allowed before the root element")
        }
        sawDoctype = true
        sawMarkup = true
        var index = start + 9
        guard skipWhitespace(&index), let nameEnd = try endOfName(from: index) else {
            throw unexpected("a space and the root element's name after '<!DOCTYPE'", at: index)
        }
        index = nameEnd
        while true {
            skipWhitespace(&index)
            switch byte(at: index) {
            case Byte.greaterThan:
                offset = index + 1
                return
            case Byte.quote, Byte.apostrophe:
                index = try literalEnd(from: index, in: "the DOCTYPE")
            case Byte.openingBracket:
                index = try internalSubsetEnd(from: index + 1)
            default:
                // SYSTEM or PUBLIC, then literals: named, never fetched.
                guard let keywordEnd = try endOfName(from: index) else {
                    throw unexpected("'>' to close the DOCTYPE", at: index)
                }
                index = keywordEnd
            }
        }
    }

    /// The index after the `]` that closes the DOCTYPE's internal subset beginning at `start`.
    private mutating func internalSubsetEnd(from start: Int) throws(XMLSyntaxError) -> Int {
        var index = start
        while true {
            skipWhitespace(&index)
            if byte(at: index) == Byte.closingBracket { return index + 1 }
            if matches("<!--", at: index) {
                index = try commentEnd(from: index)
            } else if matches("<?", at: index) {
                guard let targetEnd = try endOfName(from: index + 2) else {
                    throw unexpected("a target name after '<?'", at: index + 2)
                }
                index = try processingInstructionEnd(from: index, targetEnd: targetEnd)
            } else if matches("<!ENTITY", at: index) {
                throw fault(
                    at: index,
                    "the DOCTYPE declares an entity ('<!ENTITY'); entity declarations are refused, "
                        + "so a file can neither read other files (XXE) nor expand without bound"
                )
            } else if matches("<!", at: index) {
                index = try declarationEnd(from: index)
            } else if byte(at: index) == Byte.percent {
                throw fault(at: index, "a parameter-entity reference ('%') in the DOCTYPE; entities are not expanded")
            } else {
                throw unexpected("a declaration such as '<!ELEMENT' or ']' to close the DOCTYPE's internal subset", at: index)
            }
        }
    }

    /// The index after a markup declaration (`<!ELEMENT ...>`, `<!ATTLIST ...>`, `<!NOTATION ...>`) beginning at `start`.
    private mutating func declarationEnd(from start: Int) throws(XMLSyntaxError) -> Int {
        var index = start + 2
        while true {
            guard index < bytes.count else {
                throw unexpectedEnd(in: "the declaration", openedAt: start)
            }
            switch bytes[index] {
            case Byte.greaterThan:
                return index + 1
            case Byte.quote, Byte.apostrophe:
                index = try literalEnd(from: index, in: "the declaration")
            default:
                index += try characterLength(at: index)
            }
        }
    }

    /// The index after the quoted literal whose opening quote is at `start`, its characters checked.
    private mutating func literalEnd(from start: Int, in context: String) throws(XMLSyntaxError) -> Int {
        let quote = bytes[start]
        var index = start + 1
        while byte(at: index) != quote {
            guard index < bytes.count else {
                throw unexpectedEnd(in: "a quoted literal of \(context)", openedAt: start)
            }
            index += try characterLength(at: index)
        }
        return index + 1
    }

    // MARK: References

    /// What a reference (`&amp;`, `&#233;`, `&#xE9;`) at an `&` stands for.
    private enum Reference {
        /// The character it stands for, and the index after its `;`.
        case character(UInt32, end: Int)
        /// It breaks off: what was expected at `index`.
        case incomplete(expected: String, at: Int)
        /// It is complete but names nothing XML allows here: why.
        case refused(String)
    }

    /// The index after the reference at `index`, checked.
    private mutating func referenceEnd(at index: Int) throws(XMLSyntaxError) -> Int {
        switch reference(at: index) {
        case let .character(_, end): return end
        case let .incomplete(expectation, position): throw unexpected(expectation, at: position)
        case let .refused(problem): throw fault(at: index, problem)
        }
    }

    /// The reference at the `&` at `start`.
    private func reference(at start: Int) -> Reference {
        var index = start + 1
        if byte(at: index) == Byte.hash {
            index += 1
            let isHex = byte(at: index) == UInt8(ascii: "x")
            if isHex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < bytes.count, let digit = Self.digitValue(bytes[index], hex: isHex) {
                // Past U+10FFFF it stays past it; capping keeps the arithmetic from overflowing on long runs of digits.
                value = min(value, 0x11_0000) * (isHex ? 16 : 10) + digit
                index += 1
            }
            guard index > digitsStart else {
                return .incomplete(expected: "\(isHex ? "hexadecimal " : "")digits after '&#\(isHex ? "x" : "")' in a character reference", at: index)
            }
            guard byte(at: index) == Byte.semicolon else {
                return .incomplete(expected: "';' to end the character reference '\(excerpt(string(start..<index)))'", at: index)
            }
            guard Self.isXMLCharacter(value) else {
                return .refused("the character reference '\(excerpt(string(start..<index + 1)))' names no character XML allows")
            }
            return .character(value, end: index + 1)
        }
        // Entity names are matched as bytes: only the five predefined ones exist.
        while index < bytes.count, bytes[index] >= 0x80 || Self.isASCIINameByte(bytes[index], first: index == start + 1) {
            index += 1
        }
        guard index > start + 1 else {
            return .incomplete(expected: "an entity name or '#' after '&' (write '&amp;' for a literal '&')", at: index)
        }
        guard byte(at: index) == Byte.semicolon else {
            return .incomplete(expected: "';' to end the reference '\(excerpt(string(start..<index)))'", at: index)
        }
        let character: UInt32? = switch string(start + 1..<index) {
        case "lt": 0x3C
        case "gt": 0x3E
        case "amp": 0x26
        case "apos": 0x27
        case "quot": 0x22
        default: nil
        }
        guard let character else {
            return .refused(
                "undefined entity '\(excerpt(string(start..<index + 1)))': only &lt; &gt; &amp; &apos; &quot; and character references "
                    + "such as &#233; are defined (entities are never declared or expanded)"
            )
        }
        return .character(character, end: index + 1)
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The text of checked bytes: references replaced (unless in CDATA); line breaks made LF, or, in an
    /// attribute value, each tab or line break (CRLF counting as one) made a space.
    private func decode(_ range: Range<Int>, references: Bool, attribute: Bool, needsDecoding: Bool) -> String {
        guard needsDecoding else { return string(range) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            index += 1
            switch byte {
            case Byte.carriageReturn:
                if index < range.upperBound, bytes[index] == Byte.lineFeed { index += 1 }
                decoded.append(attribute ? Byte.space : Byte.lineFeed)
            case Byte.lineFeed where attribute, Byte.tab where attribute:
                decoded.append(Byte.space)
            case Byte.ampersand where references:
                guard case let .character(value, end) = reference(at: index - 1), let scalar = Unicode.Scalar(value) else {
                    decoded.append(byte)  // Not reached: the scanner checked every reference before handing out the range.
                    continue
                }
                UTF8.encode(scalar) { decoded.append($0) }
                index = end
            default:
                decoded.append(byte)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    // MARK: Names and characters

    /// The end of the XML name beginning at `start`, or nil when none begins there.
    private mutating func endOfName(from start: Int) throws(XMLSyntaxError) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard Self.isASCIINameByte(byte, first: index == start) else { break }
                index += 1
            } else {
                guard let (value, length) = scalar(at: index) else { throw malformedUTF8(at: index) }
                guard Self.isNameScalar(value, first: index == start) else { break }
                index += length
            }
        }
        return index > start ? index : nil
    }

    /// Letters, `_` and `:` begin a name; digits, `-` and `.` may follow (XML 1.0, production 4).
    private static func isASCIINameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"):
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return !first
        default:
            return false
        }
    }

    /// XML 1.0 (fifth edition) productions 4 and 4a for characters beyond ASCII.
    private static func isNameScalar(_ scalar: UInt32, first: Bool) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F,
             0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        case 0xB7, 0x300...0x36F, 0x203F...0x2040:
            return !first
        default:
            return false
        }
    }

    /// XML 1.0 production 2: tab, line feed, carriage return, and U+0020 onwards without surrogates, U+FFFE and U+FFFF.
    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The length in bytes of the character at `index`, which must be well-formed UTF-8 and a character XML allows.
    private mutating func characterLength(at index: Int) throws(XMLSyntaxError) -> Int {
        let byte = bytes[index]
        if byte >= 0x20, byte < 0x80 { return 1 }
        guard let (value, length) = scalar(at: index) else { throw malformedUTF8(at: index) }
        guard Self.isXMLCharacter(value) else {
            throw fault(at: index, "the character \(Self.codePoint(value)) is not allowed in XML")
        }
        return length
    }

    /// The Unicode scalar at `index` and its length in bytes, or nil if the bytes there are not well-formed UTF-8
    /// (overlong forms, surrogates and values past U+10FFFF included).
    private func scalar(at index: Int) -> (value: UInt32, length: Int)? {
        let lead = bytes[index]
        var value: UInt32
        let length: Int
        // The allowed range of the second byte, narrower after some leads (Unicode, table 3-7).
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return (UInt32(lead), 1)
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0: length = 3; value = 0; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xED: length = 3; value = 0xD; secondRange = 0x80...0x9F
        case 0xF0: length = 4; value = 0; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
        case 0xF4: length = 4; value = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for position in 1..<length {
            let byte = bytes[index + position]
            guard (position == 1 ? secondRange : 0x80...0xBF).contains(byte) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    // MARK: Positions and messages

    /// The line and column of the byte at `target`, counted on from the last position asked for.
    ///
    /// LF, CRLF and CR each end a line; columns count Unicode scalars, so a UTF-8 continuation byte adds none.
    private mutating func position(at target: Int) -> (line: Int, column: Int) {
        if target < located.offset { located = (byteOrderMarkLength, 1, 1) }
        var (index, line, column) = located
        while index < target {
            switch bytes[index] {
            case Byte.lineFeed:
                line += 1
                column = 1
            case Byte.carriageReturn:
                // A CR before an LF is part of one line break, which the LF counts.
                if index + 1 >= bytes.count || bytes[index + 1] != Byte.lineFeed {
                    line += 1
                    column = 1
                }
            case let byte where byte & 0xC0 != 0x80:
                column += 1
            default:
                break
            }
            index += 1
        }
        located = (target, line, column)
        return (line, column)
    }

    private mutating func fault(at index: Int, _ problem: String) -> XMLSyntaxError {
        let (line, column) = position(at: index)
        return XMLSyntaxError(line: line, column: column, problem: problem)
    }

    /// "expected X, found Y" at `index`; at the end of the file, which element is left open.
    private mutating func unexpected(_ expectation: String, at index: Int) -> XMLSyntaxError {
        guard index >= bytes.count else {
            return fault(at: index, "expected \(expectation), found \(describe(at: index))")
        }
        return truncated(expected: expectation)
    }

    /// The end of the file where `expectation` (if any) or the end tag of the innermost open element was due.
    private mutating func truncated(expected expectation: String?) -> XMLSyntaxError {
        let expected = expectation.map { " (expected \($0))" } ?? ""
        guard let innermost = open.last else {
            return fault(at: bytes.count, "unexpected end of file\(expected); the file may be truncated")
        }
        let name = excerpt(string(innermost.name))
        return fault(
            at: bytes.count,
            "unexpected end of file\(expected): the element '<\(name)>' opened at line \(innermost.line), column \(innermost.column) "
                + "is never closed; the file may be truncated"
        )
    }

    /// The end of the file inside a construct that began at `start`.
    private mutating func unexpectedEnd(in construct: String, openedAt start: Int) -> XMLSyntaxError {
        let (line, column) = position(at: start)
        return fault(at: bytes.count, "unexpected end of file in \(construct) opened at line \(line), column \(column); the file may be truncated")
    }

    private mutating func malformedUTF8(at index: Int) -> XMLSyntaxError {
        let byte = "0x" + String(bytes[index], radix: 16, uppercase: true)
        let encoding = declaredEncoding.map { encoding -> String in
            let declared = excerpt(encoding)
            return ["utf-8", "utf8"].contains(encoding.lowercased())
                ? ""
                : "; the file declares encoding '\(declared)', but only UTF-8 is read: save it as UTF-8"
        } ?? ""
        return fault(at: index, "malformed UTF-8: the byte \(byte) does not begin a valid UTF-8 sequence\(encoding)")
    }

    /// The character at `index` as a message shows it: quoted if printable, named or as U+XXXX otherwise.
    private func describe(at index: Int) -> String {
        guard index < bytes.count else { return "the end of the file" }
        switch bytes[index] {
        case Byte.lineFeed, Byte.carriageReturn: return "a line break"
        case Byte.tab: return "a tab"
        case Byte.space: return "a space"
        case let byte where byte > 0x20 && byte < 0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            guard let (value, _) = scalar(at: index), let character = Unicode.Scalar(value) else {
                return "the byte 0x\(String(bytes[index], radix: 16, uppercase: true)), which is not UTF-8"
            }
            return character.properties.generalCategory == .control || !Self.isXMLCharacter(value)
                ? Self.codePoint(value) : "'\(Character(character))' (\(Self.codePoint(value)))"
        }
    }

    private static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// At most 40 Unicode scalars of `text` for a message, so a huge name or value is never echoed whole (counting
    /// characters would let one letter with a million combining marks through).
    private func excerpt(_ text: String) -> String {
        let scalars = text.unicodeScalars
        return scalars.dropFirst(40).isEmpty ? text : String(scalars.prefix(40)) + "..."
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The byte at `index`, or 0 (which no XML character is) past the end.
    private func byte(at index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// Whether the file ends inside `literal` begun at `index`: what follows `index` is a part of it.
    private func isCut(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index <= bytes.count, index + count > bytes.count else { return false }
        for position in 0..<(bytes.count - index) where bytes[index + position] != literal.utf8Start[position] {
            return false
        }
        return true
    }

    private func matches(_ literal: StaticString, at index: Int) -> Bool {
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
    private func skipWhitespace(_ index: inout Int) -> Bool {
        let start = index
        while index < bytes.count, Byte.isWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    /// The ASCII bytes of XML's syntax.
    private enum Byte {
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
