import Foundation
import TrackBenchSupport

extension Recording {
    /// Reads a recording, telling its format from its content.
    /// - Parameters:
    ///   - url: The file: NMEA, GPX, TCX, GnssLogger, CSV, a GNSS/INS table, a GetSensorData log or checkpoints (see `RecordingFormat`).
    ///   - options: Choices the file cannot make, such as the GnssLogger provider.
    /// - Throws: `RecordingFileError` naming the file and the line; `.unreadable` for a file of more than
    ///   `byteLimit` bytes, before any is read; `.tooManyPoints` for one of more than `pointLimit` points.
    package static func load(from url: URL, options: RecordingReadOptions = RecordingReadOptions()) throws(RecordingFileError) -> Recording {
        try loadKeepingBytes(from: url, options: options).recording
    }

    /// Reads a recording as `load(from:options:)` does, and returns the file's bytes too, for suites that
    /// fingerprint the files they name.
    package static func loadKeepingBytes(
        from url: URL, options: RecordingReadOptions
    ) throws(RecordingFileError) -> (recording: Recording, bytes: Data) {
        let data: Data
        do {
            data = try FileContents.read(url, limit: byteLimit)
        } catch {
            let isTooLarge = error.reason == FileContents.tooLarge(byteLimit)
            throw .unreadable(file: url.path, reason: error.reason + (isTooLarge ? " (2 GiB); split it into several recordings" : ""))
        }
        return (try read(data, file: url.path, options: options), data)
    }

    /// Reads a recording from a file's bytes: any line endings (LF, CRLF, CR), with or without a byte order mark, and
    /// gzipped or not (as public datasets ship logs: `.nmea.gz`, `.txt.gz`), told by the gzip magic bytes.
    ///
    /// The bytes are the only copy of the text: a text format's lines are decoded one at a time as its reader
    /// reaches them, and reading stops at the first point past `options.pointLimit`. A gzip file is decompressed
    /// whole first, to at most `byteLimit` bytes.
    /// - Throws: `RecordingFileError` naming `file` and the line.
    package static func read(
        _ data: Data, file: String, options: RecordingReadOptions = RecordingReadOptions()
    ) throws(RecordingFileError) -> Recording {
        if Gzip.isGzip(data) {
            let text: Data
            do {
                text = try Gzip.decompress(data, limit: byteLimit)
            } catch {
                throw .unreadable(file: file, reason: "a gzip file that does not decompress: \(error.reason)")
            }
            guard !Gzip.isGzip(text) else { throw .unreadable(file: file, reason: "a gzip file holding another gzip file; unpack it once") }
            return try read(text, file: file, options: options)
        }
        // XML is read from the bytes as they are, so a GPX of any size is neither copied into a string nor split into lines.
        if RecordingFormat.isXML(data) {
            return try XMLTrackReader.read(data, file: file, options: options)
        }
        guard let lines = DataLines(data) else {
            throw .unreadable(file: file, reason: "not UTF-8 text (a binary file?)")
        }
        guard lines.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            throw .noFixes(file: file, detail: "the file is empty")
        }
        switch RecordingFormat.detect(in: lines) {
        case .nmea:
            return try NMEAReader.read(lines, file: file, options: options)
        case .gnssTable:
            return try GNSSTableReader.read(lines, file: file, options: options)
        case .getSensorData:
            return try GetSensorDataReader.read(lines, file: file, options: options)
        case .checkpoints:
            return try CheckpointCSVReader.read(lines, file: file, options: options)
        case let format:
            return try CSVRecordingReader.read(lines, format: format, file: file, options: options)
        }
    }
}
