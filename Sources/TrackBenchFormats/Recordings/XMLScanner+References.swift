/// Entity and character references (`&amp;`, `&#233;`), and decoding a run of text or an attribute value.
extension XMLScanner {
    /// What a reference (`&amp;`, `&#233;`, `&#xE9;`) at an `&` stands for.
    enum Reference {
        /// The character it stands for, and the index after its `;`.
        case character(UInt32, end: Int)
        /// It breaks off: what was expected at `index`.
        case incomplete(expected: String, at: Int)
        /// It is complete but names nothing XML allows here: why.
        case refused(String)
    }

    /// The index after the reference at `index`, checked.
    mutating func referenceEnd(at index: Int) throws(XMLSyntaxError) -> Int {
        switch reference(at: index) {
        case let .character(_, end): return end
        case let .incomplete(expectation, position): throw unexpected(expectation, at: position)
        case let .refused(problem): throw fault(at: index, problem)
        }
    }

    /// The reference at the `&` at `start`.
    func reference(at start: Int) -> Reference {
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

    static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The text of checked bytes: references replaced (unless in CDATA); line breaks made LF, or, in an
    /// attribute value, each tab or line break (CRLF counting as one) made a space.
    func decode(_ range: Range<Int>, references: Bool, attribute: Bool, needsDecoding: Bool) -> String {
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
}
