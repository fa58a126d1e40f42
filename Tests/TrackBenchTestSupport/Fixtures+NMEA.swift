import Foundation

extension Fixtures {
    /// An NMEA sentence with its checksum appended, such as `$GPGGA,...*4F`.
    package static func nmeaSentence(_ body: String) -> String {
        "$\(body)*" + String(format: "%02X", body.utf8.reduce(UInt8(0)) { $0 ^ $1 })
    }
}
