extension Unicode.Scalar {
    /// Whether this is a control character (category Cc: C0 and C1 controls, DEL), such as a line break or
    /// the escape that starts a terminal sequence: text from users must not carry one into a file, table or terminal.
    package var isControl: Bool {
        properties.generalCategory == .control
    }
}
