// What a team imports to benchmark its own filter: every layer's public API
// under one name, so `import TrackBench` stays the whole interface while the
// layers stay separate modules the compiler keeps in order (Package.swift).
@_exported import TrackBenchBaseline
@_exported import TrackBenchCharts
@_exported import TrackBenchElevation
@_exported import TrackBenchFilters
@_exported import TrackBenchGeodesy
@_exported import TrackBenchModel
@_exported import TrackBenchRecordings
@_exported import TrackBenchReports
@_exported import TrackBenchResults
@_exported import TrackBenchScoring
@_exported import TrackBenchSimulation
@_exported import TrackBenchSuite
@_exported import TrackBenchSupport
