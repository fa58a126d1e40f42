// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TrackBench",
    products: [
        .library(name: "TrackBench", targets: ["TrackBench"]),
        .library(name: "TrackBenchCLI", targets: ["TrackBenchCLI"]),
        .executable(name: "trackbench", targets: ["trackbench"]),
    ],
    targets: [
        .target(name: "TrackBench"),
        .target(name: "TrackBenchCLI", dependencies: ["TrackBench"]),
        // The allocator setting the command-line tool starts with (Sources/CAllocatorTuning/include/AllocatorTuning.h).
        .target(name: "CAllocatorTuning"),
        .executableTarget(name: "trackbench", dependencies: ["TrackBenchCLI", "CAllocatorTuning"]),
        // How a team benchmarks its own filter: see Docs/embedding.md.
        .executableTarget(
            name: "team-filter-benchmark",
            dependencies: ["TrackBench", "TrackBenchCLI"],
            path: "Examples/TeamFilterBenchmark"
        ),
        .testTarget(name: "TrackBenchTests", dependencies: ["TrackBench"]),
        .testTarget(name: "TrackBenchCLITests", dependencies: ["TrackBenchCLI", "trackbench", "team-filter-benchmark"]),
    ]
)
