/// XML names, the characters XML allows, and UTF-8 sequences.
extension XMLScanner {
    /// The end of the XML name beginning at `start`, or nil when none begins there.
    mutating func endOfName(from start: Int) throws(XMLSyntaxError) -> Int? {
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
    static func isASCIINameByte(_ byte: UInt8, first: Bool) -> Bool {
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
    static func isNameScalar(_ scalar: UInt32, first: Bool) -> Bool {
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
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The length in bytes of the character at `index`, which must be well-formed UTF-8 and a character XML allows.
    mutating func characterLength(at index: Int) throws(XMLSyntaxError) -> Int {
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
    func scalar(at index: Int) -> (value: UInt32, length: Int)? {
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
}
