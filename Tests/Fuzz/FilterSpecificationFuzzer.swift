// libFuzzer harness for filter specifications: FilterRegistry.configuration(parsing:) (Filters/FilterRegistry.swift).
// Compiled into one module with the library's layers by .ci/fuzz; run `.ci/fuzz FilterSpecification`.
// A thrown FilterSpecificationError is the expected outcome for bad input; only traps, crashes and ASan reports are findings.

/// Five fixes 1 s apart, about 10 m apart, one of them invalid (negative accuracy) and one inaccurate.
private let path = Path([
    LocationFix(latitude: 37.38610, longitude: -122.08390, horizontalAccuracyMeters: 5, timestampSeconds: 0),
    LocationFix(latitude: 37.38619, longitude: -122.08390, horizontalAccuracyMeters: 6, timestampSeconds: 1),
    LocationFix(latitude: 37.38628, longitude: -122.08391, horizontalAccuracyMeters: -1, timestampSeconds: 2),
    LocationFix(latitude: 37.38637, longitude: -122.08392, horizontalAccuracyMeters: 80, timestampSeconds: 3),
    LocationFix(latitude: 37.38646, longitude: -122.08392, horizontalAccuracyMeters: 5, timestampSeconds: 4),
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let configuration = try? FilterRegistry.builtIn.configuration(parsing: text) else { return 0 }
    _ = configuration.specification
    _ = configuration.label
    _ = configuration.makeFilter().estimatedPath(for: path)
    return 0
}
