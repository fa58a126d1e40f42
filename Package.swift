// swift-tools-version: 6.0
import PackageDescription

/// The library's layers, bottom to top. Each target imports only the targets below it, so the compiler
/// rejects an import that runs the wrong way (Docs/architecture.md). Declarations the layers above need,
/// but a team's package must not, are `package`.
let layers: [(name: String, dependencies: [String])] = [
    ("TrackBenchSupport", []),
    ("TrackBenchGeodesy", ["TrackBenchSupport"]),
    ("TrackBenchModel", ["TrackBenchGeodesy"]),
    ("TrackBenchElevation", ["TrackBenchModel"]),
    ("TrackBenchRecordings", ["TrackBenchElevation"]),
    ("TrackBenchSuite", ["TrackBenchRecordings"]),
    ("TrackBenchSimulation", ["TrackBenchSuite"]),
    ("TrackBenchFilters", ["TrackBenchSimulation"]),
    ("TrackBenchScoring", ["TrackBenchFilters"]),
    ("TrackBenchResults", ["TrackBenchScoring"]),
    ("TrackBenchReports", ["TrackBenchResults"]),
    ("TrackBenchCharts", ["TrackBenchReports"]),
    ("TrackBenchBaseline", ["TrackBenchCharts"]),
]
let layerNames = layers.map { Target.Dependency(stringLiteral: $0.name) }

let package = Package(
    name: "TrackBench",
    products: [
        .library(name: "TrackBench", targets: ["TrackBench"]),
        .library(name: "TrackBenchCLI", targets: ["TrackBenchCLI"]),
        .executable(name: "trackbench", targets: ["trackbench"]),
    ],
    targets: layers.map { layer in
        .target(name: layer.name, dependencies: layer.dependencies.map { .target(name: $0) })
    } + [
        // What a team imports: every layer's public API under one name.
        .target(name: "TrackBench", dependencies: layerNames),
        .target(name: "TrackBenchCLI", dependencies: ["TrackBench"]),
        // The allocator setting the command-line tool starts with (Sources/CAllocatorTuning/include/AllocatorTuning.h).
        .target(name: "CAllocatorTuning"),
        .executableTarget(name: "trackbench", dependencies: ["TrackBenchCLI", "CAllocatorTuning"]),
        .testTarget(name: "TrackBenchTests", dependencies: layerNames),
        .testTarget(name: "TrackBenchCLITests", dependencies: ["TrackBenchCLI", "trackbench"]),
    ]
)
