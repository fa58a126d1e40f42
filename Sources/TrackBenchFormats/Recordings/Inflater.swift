/// Decodes one DEFLATE stream (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks, up to the final block.
///
/// Every table read from the stream is checked before use (over-subscribed or incomplete code lengths, symbols
/// outside the alphabet, distances before the start of the output), so a hostile file gets a `Gzip.Failure`, never
/// an out-of-range index.
struct Inflater {
    /// The most output bytes, over all members.
    let limit: Int

    /// A canonical Huffman code: how many codes of each length (1...15), and the symbols in code order.
    private struct Code {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        /// The code of `lengths` (0: the symbol is unused), or nil when the lengths over-subscribe the code space, or
        /// leave it incomplete where `mayBeIncomplete` is false.
        init?(lengths: [Int], mayBeIncomplete: Bool) {
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1...15 {
                left = left * 2 - counts[length]
                if left < 0 { return nil }
            }
            let used = lengths.count - counts[0]
            if left > 0, !(mayBeIncomplete || used <= 1) { return nil }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: used)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        /// The next symbol, read a bit at a time.
        func decode(_ input: inout Gzip.BitReader) throws(Gzip.Failure) -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1...15 {
                code |= try input.bits(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Gzip.Failure(reason: "a Huffman code at byte \(input.byteOffset) is not in the block's table (a corrupt file)")
        }
    }

    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289,
        16385, 24577,
    ]
    private static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order code-length code lengths come in (RFC 1951, 3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let fixedLiterals = Code(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8),
        mayBeIncomplete: false
    )!
    private static let fixedDistances = Code(lengths: [Int](repeating: 5, count: 30), mayBeIncomplete: true)!

    /// Appends the stream's bytes to `output`.
    func inflate(_ input: inout Gzip.BitReader, into output: inout [UInt8]) throws(Gzip.Failure) {
        var isFinal = false
        while !isFinal {
            isFinal = try input.bits(1) == 1
            switch try input.bits(2) {
            case 0:
                input.alignToByte()
                let length = Int(try input.byte()) | Int(try input.byte()) << 8
                let complement = Int(try input.byte()) | Int(try input.byte()) << 8
                guard length == ~complement & 0xFFFF else {
                    throw Gzip.Failure(reason: "a stored block's length at byte \(input.byteOffset - 4) does not match its complement")
                }
                guard length <= limit - output.count else { throw tooLarge() }
                try input.copyBytes(length, to: &output)
            case 1:
                try inflateBlock(&input, literals: Self.fixedLiterals, distances: Self.fixedDistances, into: &output)
            case 2:
                let (literals, distances) = try readDynamicCodes(&input)
                try inflateBlock(&input, literals: literals, distances: distances, into: &output)
            default:
                throw Gzip.Failure(reason: "a block of the reserved type 3 at byte \(input.byteOffset) (a corrupt file)")
            }
        }
    }

    private func tooLarge() -> Gzip.Failure {
        Gzip.Failure(reason: "it decompresses to more than \(limit) bytes")
    }

    /// A dynamic block's literal/length and distance codes (RFC 1951, 3.2.7).
    private func readDynamicCodes(_ input: inout Gzip.BitReader) throws(Gzip.Failure) -> (Code, Code) {
        let literalCount = try input.bits(5) + 257
        let distanceCount = try input.bits(5) + 1
        let codeLengthCount = try input.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw Gzip.Failure(reason: "a block at byte \(input.byteOffset) names more codes than DEFLATE has (a corrupt file)")
        }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[Self.codeLengthOrder[index]] = try input.bits(3) }
        guard let codeLengths = Code(lengths: codeLengthLengths, mayBeIncomplete: false) else {
            throw Gzip.Failure(reason: "a block's code-length code at byte \(input.byteOffset) is not a valid Huffman code")
        }
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengths.decode(&input)
            switch symbol {
            case 0...15:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else {
                    throw Gzip.Failure(reason: "a block at byte \(input.byteOffset) repeats a code length before the first")
                }
                lengths += [Int](repeating: previous, count: 3 + (try input.bits(2)))
            case 17:
                lengths += [Int](repeating: 0, count: 3 + (try input.bits(3)))
            default:
                lengths += [Int](repeating: 0, count: 11 + (try input.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount, lengths[256] > 0 else {
            throw Gzip.Failure(reason: "a block's code lengths at byte \(input.byteOffset) overrun their count or leave out end-of-block")
        }
        guard let literals = Code(lengths: Array(lengths[..<literalCount]), mayBeIncomplete: false),
              let distances = Code(lengths: Array(lengths[literalCount...]), mayBeIncomplete: false) else {
            throw Gzip.Failure(reason: "a block's Huffman codes at byte \(input.byteOffset) are not valid (over-subscribed or incomplete)")
        }
        return (literals, distances)
    }

    /// Decodes a Huffman block's literals and back-references up to its end-of-block symbol.
    private func inflateBlock(_ input: inout Gzip.BitReader, literals: Code, distances: Code, into output: inout [UInt8]) throws(Gzip.Failure) {
        while true {
            let symbol = try literals.decode(&input)
            if symbol < 256 {
                guard output.count < limit else { throw tooLarge() }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < Self.lengthBases.count else {
                throw Gzip.Failure(reason: "an invalid length symbol \(symbol) at byte \(input.byteOffset) (a corrupt file)")
            }
            let length = Self.lengthBases[lengthIndex] + (try input.bits(Self.lengthExtraBits[lengthIndex]))
            let distanceSymbol = try distances.decode(&input)
            guard distanceSymbol < Self.distanceBases.count else {
                throw Gzip.Failure(reason: "an invalid distance symbol \(distanceSymbol) at byte \(input.byteOffset) (a corrupt file)")
            }
            let distance = Self.distanceBases[distanceSymbol] + (try input.bits(Self.distanceExtraBits[distanceSymbol]))
            guard distance <= output.count else {
                throw Gzip.Failure(reason: "a back-reference at byte \(input.byteOffset) reaches before the start of the data (a corrupt file)")
            }
            guard length <= limit - output.count else { throw tooLarge() }
            let start = output.count - distance
            for offset in 0..<length { output.append(output[start + offset]) }
        }
    }
}
