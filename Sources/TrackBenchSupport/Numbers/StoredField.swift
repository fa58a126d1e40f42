/// A stored property of plain data, read and written at its offset in the value holding it.
///
/// A key path subscript looks up runtime metadata on every access (about
/// 80 ns on the CI machine), and results files, reports and the gate read
/// dozens of fields of every score: for 30 seeds of the default suite that
/// was a tenth of a second. `MemoryLayout.offset(of:)` gives a stored
/// property's place once, from its key path; reading it there is a load.
/// Only plain data (`BitwiseCopyable`: numbers and their optionals) is read
/// this way, so no reference count is skipped.
package struct StoredField<Root, Value: BitwiseCopyable>: Sendable {
    /// The property's offset in bytes from the start of `Root`.
    private let offset: Int

    /// The stored property `keyPath` names.
    ///
    /// - Precondition: `keyPath` names a stored property held inline (not a computed one): a
    ///   programming error in a declaration, which the tests that read every column catch.
    package init(_ keyPath: WritableKeyPath<Root, Value>) {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else {
            preconditionFailure("\(keyPath) is not a stored property")
        }
        self.offset = offset
    }

    /// The stored property `field` of the stored property `part`.
    package init<Part>(_ field: StoredField<Part, Value>, in part: WritableKeyPath<Root, Part>) {
        guard let offset = MemoryLayout<Root>.offset(of: part) else {
            preconditionFailure("\(part) is not a stored property")
        }
        self.offset = offset + field.offset
    }

    /// The property's value in `root`.
    @inline(__always)
    package func value(in root: Root) -> Value {
        withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Value.self) }
    }

    /// Sets the property of `root` to `value`.
    @inline(__always)
    package func set(_ value: Value, in root: inout Root) {
        withUnsafeMutableBytes(of: &root) { $0.storeBytes(of: value, toByteOffset: offset, as: Value.self) }
    }
}
