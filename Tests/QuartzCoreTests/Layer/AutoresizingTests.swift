import Testing
import CoreGraphics
@testable import QuartzCore

// Autoresizing (macOS API): CAAutoresizingMask
// (https://developer.apple.com/documentation/quartzcore/caautoresizingmask), applied when the
// superlayer's bounds size changes (resizeSublayers(withOldSize:) →
// resize(withOldSuperlayerSize:)); the change is shared evenly among the flexible parts, as
// NSView documents (https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.property).
@Suite("Autoresizing")
struct AutoresizingTests {
    // Superlayer 100 × 100 grows to 160 × 130. Child frame x 10, width 30 (right margin 60);
    // y 20, height 40. Expected (origin, size) per axis for each subset of {min, size, max}.
    static let xCases: [(CAAutoresizingMask, CGFloat, CGFloat)] = [
        ([], 10, 30), (.layerMinXMargin, 70, 30), (.layerWidthSizable, 10, 90), (.layerMaxXMargin, 10, 30),
        ([.layerMinXMargin, .layerWidthSizable], 40, 60), ([.layerMinXMargin, .layerMaxXMargin], 40, 30),
        ([.layerWidthSizable, .layerMaxXMargin], 10, 60), ([.layerMinXMargin, .layerWidthSizable, .layerMaxXMargin], 30, 50),
    ]
    static let yCases: [(CAAutoresizingMask, CGFloat, CGFloat)] = [
        ([], 20, 40), (.layerMinYMargin, 50, 40), (.layerHeightSizable, 20, 70), (.layerMaxYMargin, 20, 40),
        ([.layerMinYMargin, .layerHeightSizable], 35, 55), ([.layerMinYMargin, .layerMaxYMargin], 35, 40),
        ([.layerHeightSizable, .layerMaxYMargin], 20, 55), ([.layerMinYMargin, .layerHeightSizable, .layerMaxYMargin], 30, 50),
    ]

    @Test func everyMaskCombination() {
        var checked = 0
        for (xMask, x, w) in Self.xCases {
            for (yMask, y, h) in Self.yCases {
                let parent = layer(0, 0, 100, 100)
                let child = layer(10, 20, 30, 40)
                parent.addSublayer(child)
                child.autoresizingMask = xMask.union(yMask)
                parent.bounds.size = CGSize(width: 160, height: 130)
                #expect(child.frame == CGRect(x: x, y: y, width: w, height: h), "mask \(xMask.union(yMask).rawValue)")
                checked += 1
            }
        }
        #expect(checked == 64)
    }

    @Test func shrinkingAndOriginOnlyChanges() {
        let parent = layer(0, 0, 100, 100)
        let child = layer(10, 10, 80, 80)
        child.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        parent.addSublayer(child)
        parent.bounds.origin = CGPoint(x: 5, y: 5) // no size change: nothing
        #expect(child.frame == CGRect(x: 10, y: 10, width: 80, height: 80))
        parent.bounds.size = CGSize(width: 50, height: 60)
        #expect(child.frame == CGRect(x: 10, y: 10, width: 30, height: 40))
    }

    @Test func overridableHooksAreCalled() {
        final class Watching: CALayer {
            var oldSizes: [CGSize] = []
            override func resizeSublayers(withOldSize size: CGSize) {
                oldSizes.append(size)
                super.resizeSublayers(withOldSize: size)
            }
        }
        let parent = Watching()
        parent.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        parent.bounds.size = CGSize(width: 20, height: 10)
        #expect(parent.oldSizes == [.zero, CGSize(width: 10, height: 10)])
    }
}
