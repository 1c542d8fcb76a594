import Testing
import CoreGraphics

@Test func testingAndCoreGraphicsTogether() {
    let p = CGPoint(x: 1, y: 1).applying(CGAffineTransform(scaleX: 2, y: 3))
    #expect(p == CGPoint(x: 2, y: 3))
}
