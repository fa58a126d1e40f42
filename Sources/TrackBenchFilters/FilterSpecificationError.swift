import Foundation

/// Why a filter specification such as `kalman:q=2.5` could not be used.
public enum FilterSpecificationError: Error, LocalizedError, Equatable {
    /// The text is not of the form `name[:key=value,...][+name...]`.
    case malformed(specification: String, reason: String)
    /// No registered filter has this name.
    case unknownFilter(name: String, suggestion: String?, known: [String])
    /// The filter has no parameter of this name.
    case unknownParameter(filter: String, parameter: String, known: [String])
    /// The value is not a number, or outside the parameter's range.
    case invalidValue(filter: String, parameter: String, value: String, expected: String)
    /// A filter process (`exec:COMMAND`) where none may run: a command that does not start processes (the command line
    /// names those that do).
    case processNotAllowed(specification: String)

    public var errorDescription: String? {
        switch self {
        case let .malformed(specification, reason):
            return "malformed filter '\(specification)': \(reason); expected NAME or NAME:KEY=VALUE[,KEY=VALUE] joined by '+'"
        case let .unknownFilter(name, suggestion, known):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "unknown filter '\(name)'.\(hint) Known filters: \(known.joined(separator: ", "))."
        case let .unknownParameter(filter, parameter, known):
            let options = known.isEmpty ? "it takes no parameters" : "it takes: \(known.joined(separator: ", "))"
            return "filter '\(filter)' has no parameter '\(parameter)'; \(options)"
        case let .invalidValue(filter, parameter, value, expected):
            return "filter '\(filter)': parameter '\(parameter)' got '\(value)', expected \(expected)"
        case let .processNotAllowed(specification):
            return "filter '\(specification)' is a filter process, which cannot run here"
        }
    }
}
