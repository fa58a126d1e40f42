import Foundation

/// The lines of a text file read a block at a time, as `TextLines.split` gives them from the whole text: LF, CRLF
/// and CR end a line, a leading byte order mark is dropped, and a final terminator does not start an empty line.
///
/// For files too large to hold (a results file of many seeds): memory holds one block (`blockSize`) and the line
/// being read. The file is opened as `FileContents.read` opens one (regular files only, never blocking) and read
/// with `read(2)`, never memory-mapped.
package final class FileLines {
    /// How many bytes are read at a time.
    static let blockSize = 1 << 20

    private let descriptor: Int32
    private var block: [UInt8] = []
    private var position = 0
    private var isAtEnd = false
    private var isFirstLine = true
    /// Whether the last line ended with CR, so an LF starting the next block belongs to it.
    private var endedWithCarriageReturn = false

    /// Opens `url`.
    /// - Throws: `FileContents.Unreadable` with the reason, as `FileContents.read` gives it.
    package init(_ url: URL) throws(FileContents.Unreadable) {
        descriptor = try FileContents.openRegular(url).descriptor
    }

    deinit { close(descriptor) }

    /// The next line's bytes without its terminator; nil after the last line.
    /// - Throws: `FileContents.Unreadable` when the file cannot be read further.
    package func next() throws(FileContents.Unreadable) -> [UInt8]? {
        var line: [UInt8] = []
        var hasContent = false
        while true {
            if position == block.count {
                guard try refill() else { return hasContent ? finish(line) : nil }
            }
            if endedWithCarriageReturn {
                endedWithCarriageReturn = false
                if block[position] == UInt8(ascii: "\n") {
                    position += 1
                    continue
                }
            }
            hasContent = true
            let rest = block[position...]
            guard let end = rest.firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
                line.append(contentsOf: rest)
                position = block.count
                continue
            }
            line.append(contentsOf: block[position..<end])
            endedWithCarriageReturn = block[end] == UInt8(ascii: "\r")
            position = end + 1
            return finish(line)
        }
    }

    /// The line without a byte order mark if it is the first.
    private func finish(_ line: [UInt8]) -> [UInt8] {
        defer { isFirstLine = false }
        guard isFirstLine, line.starts(with: [0xEF, 0xBB, 0xBF]) else { return line }
        return Array(line.dropFirst(3))
    }

    /// Reads the next block; false at the end of the file.
    private func refill() throws(FileContents.Unreadable) -> Bool {
        guard !isAtEnd else { return false }
        block = [UInt8](repeating: 0, count: Self.blockSize)
        while true {
            let count = block.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw FileContents.Unreadable(reason: FileContents.notReadable) }
            block.removeSubrange(count...)
            position = 0
            isAtEnd = count == 0
            return count > 0
        }
    }
}
