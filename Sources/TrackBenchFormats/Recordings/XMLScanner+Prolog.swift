/// The markup XML passes over: comments, processing instructions, the XML declaration and a DOCTYPE, checked.
extension XMLScanner {
    /// The index after the comment beginning at `start` (`<!--`), checked: `--` may only end it.
    mutating func commentEnd(from start: Int) throws(XMLSyntaxError) -> Int {
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
    mutating func processingInstruction() throws(XMLSyntaxError) {
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
    mutating func processingInstructionEnd(from start: Int, targetEnd: Int) throws(XMLSyntaxError) -> Int {
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
    mutating func xmlDeclaration(from targetEnd: Int) throws(XMLSyntaxError) {
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
    mutating func doctype() throws(XMLSyntaxError) {
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
    mutating func internalSubsetEnd(from start: Int) throws(XMLSyntaxError) -> Int {
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
    mutating func declarationEnd(from start: Int) throws(XMLSyntaxError) -> Int {
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
    mutating func literalEnd(from start: Int, in context: String) throws(XMLSyntaxError) -> Int {
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
}
