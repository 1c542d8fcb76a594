import Foundation
import CAML

/// `carender info SCENE [--allow-outside-assets DIR]…`: the scene's report (`CAMLScene.describe()`),
/// with any control or bidirectional characters from the files escaped.
func infoCommand(_ args: [String]) -> Never {
    var scene: String?, allowed: [String] = []
    var i = 0
    do throws(UsageError) {
        while i < args.count {
            if args[i] == "--allow-outside-assets" {
                i += 1
                guard i < args.count else { throw UsageError(message: "--allow-outside-assets needs a value") }
                allowed.append(try Arguments.folder(args[i - 1], args[i]))
            } else if args[i].hasPrefix("-") || scene != nil {
                throw UsageError(message: "info takes one scene")
            } else {
                scene = args[i]
            }
            i += 1
        }
        guard scene != nil else { throw UsageError(message: "info takes one scene") }
    } catch { fail(error.message + "\n" + Arguments.usage, .usage) }
    let report = loadScene(scene!, allowedAssetFolders: allowed).describe()
    print(report.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }
          .joined(separator: "\n"), terminator: "")
    finishStandardOutput()   // Messages.swift: a full or closed stdout is exit 74, not 0
    exit(0)
}
