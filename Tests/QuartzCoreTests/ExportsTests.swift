import Testing
import QuartzCore

@Suite("QuartzCore module")
struct ExportsTests {
    /// `import QuartzCore` alone must bring CoreGraphics and Foundation's CG geometry, as on Apple.
    @Test func reexportsCoreGraphics() {
        let p = CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 1, y: 1))
        #expect(p == CGPoint(x: 2, y: 3))
        #expect(CGColor.white.alpha == 1)
    }
}
