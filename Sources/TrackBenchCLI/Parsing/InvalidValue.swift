/// Why an option's value was refused: what a valid one looks like ("a whole number >= 1").
struct InvalidValue: Error, Equatable {
    /// The words that follow "expected" in the message.
    var expected: String
}
