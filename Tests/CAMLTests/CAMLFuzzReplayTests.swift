import Foundation
import Testing
import QuartzCore
@testable import CAML

/// Every input that once crashed or hung the CAML document fuzz target (`Fuzz/regressions/
/// FuzzCAMLDocument`, in git), and the grown corpus where a developer's machine has one
/// (`Fuzz/corpus/FuzzCAMLDocument`, not in git; at most 2,000 files), go through the fuzz
/// target's steps in the normal suite: read, described, states applied, a transition, rendered
/// small at two times. A new file dropped into the folder is tested without a new test.
@Suite("CAML fuzz replay")
struct CAMLFuzzReplayTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz").standardized

    static func inputs(_ folder: String, limit: Int) -> [URL] {
        let dir = fuzz.appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
        return names.prefix(limit).map { dir.appendingPathComponent($0) }
    }

    /// The fuzz target's steps (Fuzz/Sources/FuzzCAMLDocument), on a file's bytes.
    static func replay(_ bytes: Data) {
        guard let scene = try? CAMLScene.load(camlData: bytes, file: "fuzz.caml",
                                              baseURL: URL(fileURLWithPath: "/nonexistent-fuzz-base")) else { return }
        _ = scene.describe()
        CAMediaClockContext.$current.withValue(CAManualMediaClock(start: 0)) {
            for name in scene.stateNames.prefix(3) { scene.apply(state: name) }
            if let first = scene.stateNames.first, let last = scene.stateNames.last {
                scene.transition(from: first, to: last, at: 0)
            }
        }
        let side = max(scene.size.width, scene.size.height, 1)
        guard let renderer = CAOffscreenRenderer(rootLayer: scene.rootLayer, size: scene.size,
                                                 scale: min(1, 48 / side), flipped: scene.isFlipped) else { return }
        _ = renderer.image(at: 0)
        _ = renderer.image(at: 0.75)
    }

    @Test func theRegressionsAndTheCorpusRunThrough() throws {
        let regressions = Self.inputs("regressions/FuzzCAMLDocument", limit: 10_000)
        #expect(regressions.count >= 10, "Fuzz/regressions/FuzzCAMLDocument holds the inputs that once crashed")
        for file in regressions + Self.inputs("corpus/FuzzCAMLDocument", limit: 2_000) {
            Self.replay(try Data(contentsOf: file))
        }
    }
}
