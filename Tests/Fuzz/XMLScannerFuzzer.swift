// libFuzzer harness for XMLScanner (Recordings/), the XML reader under GPX and TCX, fed bytes directly so every input
// reaches it (the Recording harness reaches it only through files that start with '<' and name a GPX or TCX root).
// Compiled into one module with the library's layers by .ci/fuzz; run `.ci/fuzz XMLScanner`.
// A thrown XMLSyntaxError is the expected outcome for bad input; only traps, crashes, leaks and ASan reports are
// findings, and so is a broken promise: a document that scans to the end has as many end events as start events,
// each closing the innermost open element, and its positions lie within the document.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let lineBreaks = bytes.reduce(0) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
    do {
        try XMLScanner.scan(bytes) { (scanner: inout XMLScanner) throws(XMLSyntaxError) in
            var open: [String] = []
            while let event = try scanner.next() {
                switch event {
                case let .start(element):
                    precondition(
                        element.line >= 1 && element.line <= lineBreaks + 1 && element.column >= 1, "position \(element.line):\(element.column)")
                    open.append(element.name)
                case let .text(text):
                    _ = scanner.string(text)
                case let .end(name):
                    precondition(open.popLast() == name, "end tag '\(name)' does not close the innermost element")
                }
            }
            precondition(open.isEmpty, "the scan ended with \(open) open")
        }
    } catch {
        precondition(error.line >= 1 && error.line <= lineBreaks + 1 && error.column >= 1, "error position \(error.line):\(error.column)")
        precondition(!error.problem.isEmpty && error.problem.count < 1000, "problem of \(error.problem.count) characters")
    }
    return 0
}
