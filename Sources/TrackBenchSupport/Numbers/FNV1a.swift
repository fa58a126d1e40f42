/// The 64-bit FNV-1a hash (Fowler, Noll and Vo): stable names for random streams and fingerprints of files.
///
/// Not cryptographic: it tells an edited file from an unchanged one and
/// spreads names over seeds, which is all TrackBench asks of it.
package enum FNV1a {
    /// The hash of no bytes; passing another hash as the basis continues it over more bytes.
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of `bytes`.
    package static func hash64<Bytes: Sequence<UInt8>>(_ bytes: Bytes, startingFrom basis: UInt64 = offsetBasis) -> UInt64 {
        // Contiguous bytes (a file's Data, a String's UTF-8) are read from memory, not through the sequence's iterator.
        bytes.withContiguousStorageIfAvailable { fold($0, from: basis) } ?? fold(bytes, from: basis)
    }

    /// FNV-1a's step over every byte of `bytes`, from `basis`.
    private static func fold<Bytes: Sequence<UInt8>>(_ bytes: Bytes, from basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// A hash as fingerprints write it: 16 lowercase hex digits, zero-padded.
    package static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
