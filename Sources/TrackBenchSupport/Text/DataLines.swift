import Foundation

/// The lines of UTF-8 text held as bytes, each decoded as it is reached, as `TextLines.split` gives them from the
/// decoded text: LF, CRLF and CR end a line, a leading byte order mark is dropped, and a final terminator does not
/// start an empty line.
///
/// For a large file already in memory (a recording of up to 2 GiB): the text is never held a second time, neither
/// as one `String` nor as an array of lines, so memory is the bytes plus one line. Iterating again starts over.
package struct DataLines: Sequence {
    /// How many bytes are checked for UTF-8 at a time, each block decoded into a string that is then dropped.
    static let blockSize = 1 << 20

    private let data: Data

    /// The lines of `data`, or nil when it is not UTF-8 (checked a block at a time, never copied whole).
    package init?(_ data: Data) {
        guard Self.isUTF8(data) else { return nil }
        self.data = data
    }

    package func makeIterator() -> Iterator {
        Iterator(data: data)
    }

    /// Gives the lines in order.
    package struct Iterator: IteratorProtocol {
        private let data: Data
        /// The offset of the next line's first byte.
        private var position: Int

        init(data: Data) {
            self.data = data
            position = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// The next line without its terminator; nil after the last line.
        package mutating func next() -> Substring? {
            data.withUnsafeBytes { raw -> Substring? in
                let bytes = raw.bindMemory(to: UInt8.self)
                guard position < bytes.count else { return nil }
                let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
                var end = position
                while end < bytes.count, bytes[end] != newline, bytes[end] != carriageReturn { end += 1 }
                let line = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self))
                position = end + 1
                if end < bytes.count, bytes[end] == carriageReturn, position < bytes.count, bytes[position] == newline { position += 1 }
                return line
            }
        }
    }

    /// Whether `data` is UTF-8, checked a block at a time: each block ends before a byte that starts a character (a
    /// continuation byte, `10xxxxxx`, never does), so no character is cut in two; after three continuation bytes a
    /// fourth is invalid wherever the cut falls.
    static func isUTF8(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var end = Swift.min(start + blockSize, bytes.count)
                var moved = 0
                while end < bytes.count, moved < 3, bytes[end] & 0xC0 == 0x80 {
                    end += 1
                    moved += 1
                }
                guard String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) != nil else { return false }
                start = end
            }
            return true
        }
    }
}
