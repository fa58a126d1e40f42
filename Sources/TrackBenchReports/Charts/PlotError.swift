import Foundation

/// Why a run cannot be drawn.
package enum PlotError: Error, LocalizedError, Equatable {
    /// A recording whose truth is only a known distance: there is no position to measure or draw errors against.
    case noPositions(recording: String)

    package var errorDescription: String? {
        switch self {
        case let .noPositions(recording):
            return "recording '\(recording)' has only a distance as its truth; plot needs a reference with positions (a track with times, or a route)"
        }
    }
}
