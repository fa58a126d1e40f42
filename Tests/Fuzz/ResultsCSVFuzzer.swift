// libFuzzer harness for results CSVs: ResultsCSV.parse (Reports/ResultsCSV+Parsing.swift).
// Compiled into one module with the library's layers by .ci/fuzz; run `.ci/fuzz ResultsCSV`.
// A thrown ResultsFileError is the expected outcome for bad input; only traps, crashes and ASan reports are findings.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Invalid UTF-8 becomes U+FFFD: still a string a valid UTF-8 file could hold.
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ResultsCSV.parse(text, file: "fuzz.csv")
    return 0
}
