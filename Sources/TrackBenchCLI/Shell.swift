import Foundation

/// Quoting for the commands TrackBench prints, so a user can paste them into a POSIX shell verbatim.
enum Shell {
    /// `text` as is when it holds only characters no shell treats specially, otherwise in single quotes
    /// (a single quote inside becomes `'\''`).
    static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_./=:+,@%^".unicodeScalars.contains(scalar))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
