import Foundation

/// Why `PublicAPITests` could not list the public API: it fails the test with what to do, never passes silently.
struct PublicAPIListingError: LocalizedError {
    var reason: String

    var errorDescription: String? { reason }
}
