import Foundation
import CAML
import QuartzCore

/// `carender info SCENE [--allow-outside-assets DIR]…`: the scene's report (`CAMLScene.describe()`),
/// with any control or bidirectional characters from the files escaped.
func infoCommand(_ args: [String]) -> Never {
    // `--state NAME`: the layers' values in that state (as `render --state` draws it).
    var args = args, state: String?
    if let i = args.firstIndex(of: "--state") {
        guard i + 1 < args.count, !args[i + 1].hasPrefix("-") else { usageFailure("--state needs a value", help: "info") }
        state = args[i + 1]
        args.removeSubrange(i...i + 1)
    }
    let (path, allowed) = infoArguments(args, what: "scene")
    let scene = loadScene(path, allowedAssetFolders: allowed)
    if let state {
        guard scene.stateNames.contains(state) else {
            let known = scene.stateNames.isEmpty ? "it has no states" : "its states: \(scene.stateNames.joined(separator: ", "))"
            fail(printable("scene has no state '\(state)' (\(known))"), .usage)
        }
        CAMediaClockContext.$current.withValue(CAManualMediaClock(start: 0)) {
            scene.apply(state: state)
            CATransaction.flush()
        }
    }
    let report = scene.describe()
    print(report.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }
          .joined(separator: "\n"), terminator: "")
    finishStandardOutput()   // Messages.swift: a full or closed stdout is exit 74, not 0
    exit(0)
}

/// `info`'s arguments, for scenes and Lottie files alike: one input (`what` names it in the
/// error) and the folders given with `--allow-outside-assets`.
func infoArguments(_ args: [String], what: String) -> (input: String, allowed: [String]) {
    var input: String?, allowed: [String] = []
    var i = 0
    do throws(UsageError) {
        while i < args.count {
            if args[i] == "--allow-outside-assets" {
                i += 1
                guard i < args.count else { throw UsageError(message: "--allow-outside-assets needs a value") }
                allowed.append(try Arguments.folder(args[i - 1], args[i]))
            } else if args[i] == "--state", what == "animation" {
                throw UsageError(message: "unknown option --state: a Lottie animation has no states (its markers are listed)")
            } else if args[i].hasPrefix("-") {
                throw UsageError(message: "unknown option \(printable(args[i]))")
            } else if input != nil {
                throw UsageError(message: "info takes one \(what)")
            } else {
                input = args[i]
            }
            i += 1
        }
        guard let input else { throw UsageError(message: "info takes one \(what)") }
        return (input, allowed)
    } catch { usageFailure(error.message, help: "info") }
}
