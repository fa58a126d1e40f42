// libFuzzer harness for sweep values: SweepValues(parsing:) (Reports/SweepValues.swift).
// Compiled into one module with the library's layers by .ci/fuzz; run `.ci/fuzz SweepValues`.
// A thrown SweepValuesError is the expected outcome for bad input; only traps, crashes and ASan reports are findings.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? SweepValues(parsing: text)
    return 0
}
