extension Data {
    /// `withUnsafeBytes` for a body that throws a typed error (the standard one only rethrows
    /// `any Error`). The pointer is valid only inside `body`.
    func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        var result: Result<R, E>?
        withUnsafeBytes { raw in result = Result { () throws(E) -> R in try body(raw) } }
        return try result!.get()
    }

    /// `withUnsafeMutableBytes` for a body that throws a typed error.
    mutating func withMutableBytes<R, E: Error>(_ body: (UnsafeMutableRawBufferPointer) throws(E) -> R) throws(E) -> R {
        var result: Result<R, E>?
        withUnsafeMutableBytes { raw in result = Result { () throws(E) -> R in try body(raw) } }
        return try result!.get()
    }
}
