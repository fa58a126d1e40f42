import Foundation

/// Decompresses gzip files (RFC 1952, DEFLATE of RFC 1951) with Foundation alone, so recordings read as published.
///
/// Public phone datasets ship their logs gzipped (the WHU drives' `.nmea.gz` and GNSS/INS tables, the IPIN walks'
/// `.txt.gz`); asking users to unpack each file first would be a conversion. Every member of a multi-member file is
/// read and its CRC-32 and length checked; bytes after the last member must be zeros (padding some tools write).
/// A corrupt or truncated file is an error naming the byte where it went wrong, never a trap, and the output stops
/// at `limit` bytes so a small file cannot expand without bound. Huffman codes are decoded a bit at a time (the
/// approach of zlib's reference decoder, puff): tens of megabytes a second, ample for logs.
enum Gzip {
    /// Why a gzip file could not be decompressed.
    struct Failure: Error, Equatable {
        /// What is wrong, with the byte offset in the compressed file where it was found.
        var reason: String
    }

    /// Whether `data` starts with the gzip magic bytes 1f 8b.
    static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// The decompressed bytes of every member of the gzip file `data`.
    /// - Throws: `Failure` for a header, block, code or checksum that is wrong, a file that ends early, or output past `limit` bytes.
    static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
        var input = BitReader(bytes: [UInt8](data))
        var output: [UInt8] = []
        repeat {
            let start = output.count
            try readHeader(&input)
            try Inflater(limit: limit).inflate(&input, into: &output)
            input.alignToByte()
            let crc = try input.littleEndian32()
            let size = try input.littleEndian32()
            guard CRC32.checksum(output[start...]) == crc else {
                throw Failure(reason: "the CRC-32 of member ending at byte \(input.byteOffset) does not match its data (a corrupt file)")
            }
            guard UInt32(truncatingIfNeeded: output.count - start) == size else {
                throw Failure(reason: "the length recorded at byte \(input.byteOffset - 4) does not match the data (a corrupt file)")
            }
        } while input.remainingBytes >= 2 && input.peekByte(0) == 0x1F && input.peekByte(1) == 0x8B
        guard input.remainingBytesAreZero else {
            throw Failure(reason: "bytes after the gzip data, from byte \(input.byteOffset), are neither a gzip member nor padding")
        }
        return Data(output)
    }

    /// Reads a member's header (RFC 1952, 2.3): magic, method 8 (deflate), flags, and the optional fields they name.
    private static func readHeader(_ input: inout BitReader) throws(Failure) {
        let offset = input.byteOffset
        guard try input.byte() == 0x1F, try input.byte() == 0x8B else {
            throw Failure(reason: "no gzip header at byte \(offset)")
        }
        guard try input.byte() == 8 else { throw Failure(reason: "compression method at byte \(offset + 2) is not deflate (8)") }
        let flags = try input.byte()
        guard flags & 0xE0 == 0 else { throw Failure(reason: "reserved header flags set at byte \(offset + 3)") }
        try input.skipBytes(6)  // modification time, extra flags, operating system
        if flags & 0x04 != 0 { try input.skipBytes(Int(try input.byte()) | Int(try input.byte()) << 8) }  // FEXTRA
        if flags & 0x08 != 0 { while try input.byte() != 0 {} }  // FNAME
        if flags & 0x10 != 0 { while try input.byte() != 0 {} }  // FCOMMENT
        if flags & 0x02 != 0 { try input.skipBytes(2) }  // FHCRC
    }

    /// Reads bits least significant first, as DEFLATE packs them, and whole bytes between blocks.
    struct BitReader {
        let bytes: [UInt8]
        private var index = 0
        private var bitBuffer: UInt32 = 0
        private var bitCount = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// The offset of the next whole byte, for messages.
        var byteOffset: Int { index }
        var remainingBytes: Int { bytes.count - index }
        var remainingBytesAreZero: Bool { bytes[index...].allSatisfy { $0 == 0 } }

        func peekByte(_ ahead: Int) -> UInt8 { bytes[index + ahead] }

        /// The failure of a read past the last byte.
        private var truncated: Failure { Failure(reason: "the file ends early, at byte \(bytes.count) (truncated)") }

        mutating func bits(_ count: Int) throws(Failure) -> Int {
            while bitCount < count {
                guard index < bytes.count else { throw truncated }
                bitBuffer |= UInt32(bytes[index]) << UInt32(bitCount)
                index += 1
                bitCount += 8
            }
            let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
            bitBuffer >>= UInt32(count)
            bitCount -= count
            return value
        }

        /// Drops the bits left of the current byte.
        mutating func alignToByte() {
            bitBuffer = 0
            bitCount = 0
        }

        mutating func byte() throws(Failure) -> UInt8 {
            alignToByte()
            guard index < bytes.count else { throw truncated }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func skipBytes(_ count: Int) throws(Failure) {
            alignToByte()
            guard count <= bytes.count - index else { throw truncated }
            index += count
        }

        mutating func littleEndian32() throws(Failure) -> UInt32 {
            var value: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(try byte()) << UInt32(shift) }
            return value
        }

        /// Copies `count` whole bytes to `output` (a stored block).
        mutating func copyBytes(_ count: Int, to output: inout [UInt8]) throws(Failure) {
            guard count <= bytes.count - index else { throw truncated }
            output.append(contentsOf: bytes[index..<(index + count)])
            index += count
        }
    }
}
