// swift-tools-version: 6.0
import PackageDescription

/// The library's targets by role, in the order data flows through a run: each declares exactly the targets its
/// files import, so the compiler rejects an import that runs the wrong way and targets that do not depend on each
/// other build in parallel (Docs/architecture.md). The longest chain is five: Geodesy, Model, Formats, Engine,
/// then Reports or Calibration. Declarations other targets need, but a team's package must not, are `package`.
let libraries: [(name: String, dependencies: [String])] = [
    // Utilities: number and text formatting, files written atomically, ordered concurrency, child processes.
    ("TrackBenchSupport", []),
    // Coordinates, distances and flat local frames; the simulation's own sine and cosine.
    ("TrackBenchGeodesy", []),
    // Values: fixes, paths, scenarios and their profiles, sensor events, seeds and shards.
    ("TrackBenchModel", ["TrackBenchGeodesy"]),
    // Files a user hands TrackBench: recordings and their readers, XML, suite files, terrain tiles.
    ("TrackBenchFormats", ["TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel"]),
    // A phone simulated on a scenario: true fixes, noise, faults, pedometer, compass and barometer.
    ("TrackBenchSimulation", ["TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel"]),
    // The filters, their registry and specification language, and a filter run as another program.
    ("TrackBenchFilters", ["TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel"]),
    // Estimates measured against the truth, scores and metrics, statistics and significance, the results file.
    ("TrackBenchMetrics", ["TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel"]),
    // The run: scenarios simulated and recordings replayed through the filters, scored unit by unit.
    ("TrackBenchEngine", [
        "TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchFormats", "TrackBenchSimulation",
        "TrackBenchFilters", "TrackBenchMetrics",
    ]),
    // A signal profile fitted to recordings, and how faithfully a profile reproduces them, with their reports.
    ("TrackBenchCalibration", [
        "TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchFormats", "TrackBenchSimulation",
        "TrackBenchFilters", "TrackBenchMetrics", "TrackBenchEngine",
    ]),
    // The files a run writes: Markdown, the web page, CSV exports and the SVG charts.
    ("TrackBenchReports", [
        "TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchSimulation", "TrackBenchFilters",
        "TrackBenchMetrics", "TrackBenchEngine",
    ]),
    // The regression gate: a run's results compared with a baseline, its verdicts as Markdown and JUnit.
    ("TrackBenchGate", ["TrackBenchSupport", "TrackBenchModel", "TrackBenchMetrics"]),
]
let libraryNames = libraries.map { Target.Dependency(stringLiteral: $0.name) }

let package = Package(
    name: "TrackBench",
    products: [
        .library(name: "TrackBench", targets: ["TrackBench"]),
        .library(name: "TrackBenchCLI", targets: ["TrackBenchCLI"]),
        .executable(name: "trackbench", targets: ["trackbench"]),
    ],
    targets: libraries.map { library in
        .target(name: library.name, dependencies: library.dependencies.map { .target(name: $0) })
    } + [
        // What a team imports: every library target's public API under one name.
        .target(name: "TrackBench", dependencies: libraryNames),
        // The command line: options parsed, library calls wired together, one file per command.
        .target(name: "TrackBenchCLI", dependencies: [
            "TrackBenchSupport", "TrackBenchModel", "TrackBenchFormats", "TrackBenchFilters", "TrackBenchMetrics",
            "TrackBenchEngine", "TrackBenchCalibration", "TrackBenchReports", "TrackBenchGate",
        ]),
        // The allocator setting the command-line tool starts with (Sources/CAllocatorTuning/include/AllocatorTuning.h).
        .target(name: "CAllocatorTuning"),
        .executableTarget(name: "trackbench", dependencies: ["TrackBenchCLI", "CAllocatorTuning"]),
        // Tests: one target per library target, each depending only on what it tests (a test that checks several
        // targets at once sits with the highest of them), and the package's own (public API, docs) apart.
        // Fixtures the tests share: small paths, the shipped suites and hand-made scores; then the default suite's scores.
        .target(name: "TrackBenchTestSupport", dependencies: [
            "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchFormats", "TrackBenchSimulation", "TrackBenchMetrics",
        ], path: "Tests/TrackBenchTestSupport"),
        .target(name: "TrackBenchRunFixtures", dependencies: [
            "TrackBenchTestSupport", "TrackBenchModel", "TrackBenchFilters", "TrackBenchMetrics", "TrackBenchEngine",
        ], path: "Tests/TrackBenchRunFixtures"),
        .testTarget(name: "TrackBenchSupportTests", dependencies: ["TrackBenchSupport"]),
        .testTarget(name: "TrackBenchGeodesyTests", dependencies: ["TrackBenchGeodesy"]),
        .testTarget(name: "TrackBenchModelTests", dependencies: ["TrackBenchGeodesy", "TrackBenchModel", "TrackBenchTestSupport"]),
        .testTarget(name: "TrackBenchFormatsTests", dependencies: [
            "TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchFormats", "TrackBenchTestSupport",
        ]),
        .testTarget(name: "TrackBenchSimulationTests", dependencies: [
            "TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchFormats", "TrackBenchSimulation",
            "TrackBenchTestSupport",
        ]),
        .testTarget(name: "TrackBenchFiltersTests", dependencies: [
            "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchFormats", "TrackBenchSimulation", "TrackBenchFilters",
            "TrackBenchTestSupport",
        ]),
        .testTarget(name: "TrackBenchMetricsTests", dependencies: [
            "TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchFormats", "TrackBenchSimulation",
            "TrackBenchFilters", "TrackBenchMetrics", "TrackBenchTestSupport",
        ]),
        .testTarget(name: "TrackBenchEngineTests", dependencies: [
            "TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchFormats", "TrackBenchSimulation",
            "TrackBenchFilters", "TrackBenchMetrics", "TrackBenchEngine", "TrackBenchRunFixtures",
            "TrackBenchTestSupport",
        ]),
        .testTarget(name: "TrackBenchCalibrationTests", dependencies: [
            "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchSimulation", "TrackBenchMetrics",
            "TrackBenchCalibration", "TrackBenchTestSupport",
        ]),
        .testTarget(name: "TrackBenchReportsTests", dependencies: [
            "TrackBenchSupport", "TrackBenchGeodesy", "TrackBenchModel", "TrackBenchFormats", "TrackBenchSimulation",
            "TrackBenchFilters", "TrackBenchMetrics", "TrackBenchEngine", "TrackBenchCalibration",
            "TrackBenchReports", "TrackBenchTestSupport", "TrackBenchRunFixtures",
        ]),
        .testTarget(name: "TrackBenchGateTests", dependencies: [
            "TrackBenchSupport", "TrackBenchModel", "TrackBenchFormats", "TrackBenchSimulation", "TrackBenchFilters", "TrackBenchMetrics",
            "TrackBenchEngine", "TrackBenchReports", "TrackBenchGate", "TrackBenchRunFixtures",
            "TrackBenchTestSupport",
        ]),
        .testTarget(name: "TrackBenchDocsTests", dependencies: [
            "TrackBenchSupport", "TrackBenchModel", "TrackBenchFormats", "TrackBenchFilters", "TrackBenchMetrics",
            "TrackBenchEngine", "TrackBenchReports", "TrackBenchTestSupport",
        ]),
        .testTarget(name: "TrackBenchCLITests", dependencies: ["TrackBenchCLI", "trackbench"]),
    ]
)
