import Testing
import Foundation
import CoreGraphics
import CoreText
@testable import QuartzCore

/// Shared probes for text layer frames: a text layer filling a host, and where its ink is.
enum TextProbe {
    /// A `w`×`h` root holding one text layer over its bounds, black text unless changed.
    static func scene(_ string: Any, w: Int = 200, h: Int = 100, _ configure: (CATextLayer) -> Void = { _ in })
        -> (root: CALayer, text: CATextLayer) {
        let root = makeRoot(CGFloat(w), CGFloat(h))
        let l = CATextLayer()
        l.frame = root.bounds
        l.string = string
        l.foregroundColor = color(0, 0, 0)
        configure(l)
        root.addSublayer(l)
        return (root, l)
    }

    static func frame(_ root: CALayer, at t: Double = 0, flipped: Bool = true) throws -> PixelBuffer {
        CATransaction.flush()
        let b = root.bounds
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: b.size, flipped: flipped))
        return try #require(host.frame(at: t))
    }

    /// The box of pixels whose alpha exceeds `threshold`; nil when there is none.
    static func ink(_ f: PixelBuffer, threshold: Int = 0, in area: CGRect? = nil) -> CGRect? {
        var box = CGRect.null
        let r = area ?? CGRect(x: 0, y: 0, width: f.width, height: f.height)
        for y in Int(r.minY)..<Int(r.maxY) {
            for x in Int(r.minX)..<Int(r.maxX) where f.rgba(x, y).a > threshold {
                box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box.isNull ? nil : box
    }

    /// Runs of rows holding ink (alpha > 64), top to bottom: one per line of text.
    static func inkBands(_ f: PixelBuffer) -> [ClosedRange<Int>] {
        var bands: [ClosedRange<Int>] = [], start: Int?
        for y in 0..<f.height {
            let inked = (0..<f.width).contains { f.rgba($0, y).a > 64 }
            if inked, start == nil { start = y }
            if !inked, let s = start { bands.append(s...(y - 1)); start = nil }
        }
        if let s = start { bands.append(s...(f.height - 1)) }
        return bands
    }

    /// Helvetica (Liberation Sans) at `size`, as the layer draws a plain string by default.
    static func helvetica(_ size: CGFloat) -> CTFont { CTFontCreateWithName("Helvetica", size, nil) }
}
