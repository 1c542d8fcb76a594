import Testing
import Foundation
@testable import QuartzCore

/// A pixel as (r, g, b, a), premultiplied, 0…255.
struct RGBA: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int, a: Int
    init(_ r: Int, _ g: Int, _ b: Int, _ a: Int) { self.r = r; self.g = g; self.b = b; self.a = a }
    var description: String { "(\(r), \(g), \(b), \(a))" }
    func near(_ o: RGBA, _ tol: Int = 2) -> Bool {
        abs(r - o.r) <= tol && abs(g - o.g) <= tol && abs(b - o.b) <= tol && abs(a - o.a) <= tol
    }
    static let clear = RGBA(0, 0, 0, 0)
    static let red = RGBA(255, 0, 0, 255)
    static let green = RGBA(0, 255, 0, 255)
    static let blue = RGBA(0, 0, 255, 255)
    static let white = RGBA(255, 255, 255, 255)
    static let black = RGBA(0, 0, 0, 255)
}

extension PixelBuffer {
    /// Pixel at column x, row y from the top.
    func rgba(_ x: Int, _ y: Int) -> RGBA {
        let p = pixel(x: x, y: y)
        return RGBA(Int(p.r), Int(p.g), Int(p.b), Int(p.a))
    }
    func count(where predicate: (RGBA) -> Bool) -> Int {
        var n = 0
        for y in 0..<height { for x in 0..<width where predicate(rgba(x, y)) { n += 1 } }
        return n
    }
}

func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
    CGColor(srgbRed: r, green: g, blue: b, alpha: a)
}

/// A root layer filling a host of `w`×`h` points, its origin at the host's origin.
func makeRoot(_ w: CGFloat, _ h: CGFloat) -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
    root.anchorPoint = .zero
    root.position = .zero
    return root
}

/// A layer with `frame` and a background colour.
func box(_ frame: CGRect, _ c: CGColor?) -> CALayer {
    let l = CALayer()
    l.frame = frame
    l.backgroundColor = c
    return l
}

/// Writes `buffer` as a PNG into the test output folder when RENDER_TEST_OUTPUT is set (for
/// looking at what a test drew).
func dump(_ buffer: PixelBuffer, _ name: String) {
    guard let dir = ProcessInfo.processInfo.environment["RENDER_TEST_OUTPUT"],
          let image = buffer.makeCGImage() else { return }
    try? image.write(pngTo: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
}
