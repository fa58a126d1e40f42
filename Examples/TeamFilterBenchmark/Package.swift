// swift-tools-version: 6.0
// A team's own package benchmarking its filter with TrackBench (Docs/embedding.md): a library target holding the
// team's filters, used by both its benchmark executable and its tests.
import Foundation
import PackageDescription

// Inside the TrackBench checkout this example depends on it by path, and SwiftPM names a path dependency after its
// folder, which is whatever the checkout is called. Your package depends on it by URL and writes
// `package: "TrackBench"` (or, for `.package(path: "../TrackBench")`, that folder's name).
let trackBenchFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

let package = Package(
    name: "TeamFilterBenchmark",
    dependencies: [.package(path: trackBenchFolder.path)],
    targets: [
        .target(name: "TeamFilters", dependencies: [
            .product(name: "TrackBench", package: trackBenchFolder.lastPathComponent),
        ]),
        .executableTarget(name: "team-filter-benchmark", dependencies: [
            "TeamFilters",
            .product(name: "TrackBench", package: trackBenchFolder.lastPathComponent),
            .product(name: "TrackBenchCLI", package: trackBenchFolder.lastPathComponent),
        ]),
        .testTarget(name: "TeamFiltersTests", dependencies: [
            "TeamFilters",
            .product(name: "TrackBench", package: trackBenchFolder.lastPathComponent),
        ]),
    ]
)
