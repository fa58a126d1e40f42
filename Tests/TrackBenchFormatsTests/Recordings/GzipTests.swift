import Foundation
import Testing
@testable import TrackBenchFormats
import TrackBenchTestSupport

/// Gzipped recordings read as they come (the WHU and IPIN logs ship as `.gz`). The compressed vectors were written by
/// Python's `gzip` module (mtime 0), so the decoder is checked against another implementation, block type by block type.
struct GzipTests {
    /// 40 GGA sentences, one a second, northbound.
    static let nmea = (0..<40).map { second in
        Fixtures.nmeaSentence(
            "GPGGA,1200\(String(format: "%02d", second)).00,4807.\(String(format: "%03d", second))0,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,"
        )
    }.joined(separator: "\n") + "\n"
    /// `nmea` at level 9, named `track.nmea` in the header: one dynamic-Huffman block.
    static let dynamic = "H4sICAAAAAAC/3RyYWNrLm5tZWEAndItbgNRFENh3nUEVVej5+s3fzCqqkGJsv/VNFXJobWZyUHf7Xpd173U471ljJrH2JffU88akvV3vks1jhrLWetcl1m"
        + "Pmtv7PKo+t6+PGzJCRnmmkek8Y2ScZyYyM8+syKx5ZkNmyzM7MnueOZA58syJzBlnBMXKFQuKlSsWFCtXLChWrlhQrFyxoFi5YkGxcsWCYuWKBcXKFQuKlStu"
        + "KO5ccUNx54obijtX3FDcueKG4s4VNxR3rrihuHPFDcWdK24o7lxxQ3Hnig3FzhUbip0rNhQ7V2wodq7YUOxcsaHYuWJDsXPFhmLnig3FzhUbiv1PxT/KycF0"
        + "GAsAAA=="
    /// `hello hello hello hello\n`: one fixed-Huffman block.
    static let fixed = "H4sIAAAAAAAC/8tIzcnJV8hAJ7kAAIhZCxgAAAA="
    /// `stored block\n` at level 0: one stored block.
    static let stored = "H4sIAAAAAAAA/wENAPL/c3RvcmVkIGJsb2NrCm11iMUNAAAA"
    /// `first\n` and `second\n`, each its own member.
    static let twoMembers = "H4sIAAAAAAAC/0vLLCou4QIAKrNKxwYAAAAfiwgAAAAAAAL/K05Nzs9L4QIAfsAPBgcAAAA="

    private func bytes(_ base64: String) -> Data { Data(base64Encoded: base64)! }

    private func failure(_ data: Data, limit: Int = 1 << 20) -> String? {
        do {
            _ = try Gzip.decompress(data, limit: limit)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func everyBlockTypeAndEveryMemberDecompressesAsPythonWroteIt() throws {
        #expect(try Gzip.decompress(bytes(Self.dynamic), limit: 1 << 20) == Data(Self.nmea.utf8))
        #expect(try Gzip.decompress(bytes(Self.fixed), limit: 1 << 20) == Data("hello hello hello hello\n".utf8))
        #expect(try Gzip.decompress(bytes(Self.stored), limit: 1 << 20) == Data("stored block\n".utf8))
        #expect(try Gzip.decompress(bytes(Self.twoMembers), limit: 1 << 20) == Data("first\nsecond\n".utf8))
        // Zeros after the last member are padding.
        #expect(try Gzip.decompress(bytes(Self.fixed) + Data(count: 8), limit: 1 << 20) == Data("hello hello hello hello\n".utf8))
    }

    @Test func aGzippedRecordingReadsAsTheSameTextDoes() throws {
        let plain = try Recording.read(Data(Self.nmea.utf8), file: "track.nmea")
        let gzipped = try Recording.read(bytes(Self.dynamic), file: "track.nmea.gz")
        #expect(plain.fixes.count == 40)
        #expect(gzipped.fixes == plain.fixes)
        #expect(gzipped.format == .nmea)
    }

    @Test func aCorruptGzipFileIsAnErrorNamingWhatAndWhere() {
        let good = bytes(Self.dynamic)
        #expect(failure(good.prefix(good.count - 12))?.contains("ends early") == true)
        var badChecksum = good
        badChecksum[badChecksum.count - 8] ^= 0xFF
        #expect(failure(badChecksum)?.hasPrefix("the CRC-32 of member ending at byte") == true)
        #expect(failure(good + Data("xyz".utf8))?.contains("are neither a gzip member nor padding") == true)
        var reservedBlock = bytes(Self.fixed)
        reservedBlock[10] |= 0x06
        #expect(failure(reservedBlock)?.contains("reserved type 3") == true)
        var notDeflate = good
        notDeflate[2] = 7
        #expect(failure(notDeflate)?.contains("is not deflate") == true)
        #expect(failure(good, limit: 100) == "it decompresses to more than 100 bytes")
    }

    @Test func aCorruptOrNestedGzipRecordingIsUnreadableWithTheFileNamed() throws {
        let good = bytes(Self.dynamic)
        #expect(throws: RecordingFileError.unreadable(
            file: "t.gz", reason: "a gzip file that does not decompress: the file ends early, at byte \(good.count - 40) (truncated)"
        )) {
            try Recording.read(good.prefix(good.count - 40), file: "t.gz")
        }
        // A gzip member whose content is itself gzip: `gzip` run twice.
        let stored = "H4sIAAAAAAAA/wEdAOL/H4sIAAAAAAAC/8tIzcnJV8hAJ7kAAIhZCxgAAADulPMYHQAAAA=="
        #expect(throws: RecordingFileError.unreadable(file: "t.gz", reason: "a gzip file holding another gzip file; unpack it once")) {
            try Recording.read(bytes(stored), file: "t.gz")
        }
    }
}
