// What a team imports to benchmark its own filter: every library target's public API
// under one name, so `import TrackBench` stays the whole interface while the
// targets stay separate modules the compiler keeps in order (Package.swift).
@_exported import TrackBenchSupport
@_exported import TrackBenchGeodesy
@_exported import TrackBenchModel
@_exported import TrackBenchFormats
@_exported import TrackBenchSimulation
@_exported import TrackBenchFilters
@_exported import TrackBenchMetrics
@_exported import TrackBenchEngine
@_exported import TrackBenchCalibration
@_exported import TrackBenchReports
@_exported import TrackBenchGate
