/// A positional argument a command takes: its name in usage and errors, and one line of help.
struct Argument: Sendable {
    /// The name without brackets: `scenario`.
    var name: String
    /// One line of help.
    var help: String

    /// The name as usage lines and errors show it: `<scenario>`.
    var spelling: String { "<\(name)>" }
}
