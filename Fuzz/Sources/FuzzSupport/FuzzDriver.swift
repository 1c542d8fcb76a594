import Foundation
import CFuzzer

/// Runs libFuzzer over this process's command line with `callback` as the target, and exits.
///
/// Each target's `main.swift` calls this instead of relying on libFuzzer's own `main`: SwiftPM
/// links executables against a Swift `main`, and its `--sanitize=fuzzer --sanitize=address`
/// passes the two as separate `-sanitize=` flags, of which swiftc keeps only the last (so a
/// build had either coverage or ASan, never both). `scripts/fuzz.sh` builds with
/// `-Xswiftc -sanitize=fuzzer,address` instead, and this is the entry.
public func runFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}
