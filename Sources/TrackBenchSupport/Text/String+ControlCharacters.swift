extension String {
    /// This text with its control characters (`Unicode.Scalar.isControl`) shown as U+FFFD, but for those in
    /// `kept`: how text from users' files reaches a table, a message or a terminal without a line break or
    /// terminal escape of theirs.
    package func replacingControlCharacters(keeping kept: Set<Unicode.Scalar> = []) -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0.isControl && !kept.contains($0) ? "\u{FFFD}" : $0 }))
    }
}
