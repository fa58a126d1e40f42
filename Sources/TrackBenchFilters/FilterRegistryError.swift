import Foundation

/// Why a filter type could not be registered: its name is malformed or already taken.
///
/// `FilterRegistry.init(_:)` and `adding(_:)` throw it, so a team's filter
/// named like a built-in one, or with a name a specification could not hold,
/// is reported before any command runs instead of stopping the program.
public enum FilterRegistryError: Error, LocalizedError, Equatable {
    /// The name is not lowercase letters, digits and hyphens starting with a letter; `registrant` is the type.
    case malformedName(String, registrant: String)
    /// Two registered types have the same name; each registrant is the type, `(built in)` for TrackBench's own.
    case duplicateName(String, first: String, second: String)

    public var errorDescription: String? {
        switch self {
        case let .malformedName(name, registrant):
            return "filter name '\(name)' of \(registrant) is malformed: expected lowercase letters, digits and hyphens, "
                + "starting with a letter, such as 'my-filter'"
        case let .duplicateName(name, first, second):
            return "filter name '\(name)' is registered twice: by \(first) and by \(second); give one of them another name"
        }
    }
}
