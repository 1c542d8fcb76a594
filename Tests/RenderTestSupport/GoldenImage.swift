import Testing
import Foundation
import QuartzCore

/// Golden-image comparison: `buffer` against `<directory>/<name>.png` (golden images live beside
/// the tests that use them; pass `#filePath`'s folder + "Golden").
///
/// Tolerance: every channel within 2/255, except in a 1-pixel antialiasing band (pixels whose
/// 3 × 3 neighbourhood in the golden image is not uniform), where edges may move by rounding.
/// On a mismatch the actual frame and a diff image (mismatches in red) are written to the
/// temporary folder and named in the failure. Set RECORD_GOLDEN=1 to (re)write goldens.
package func expectGolden(_ buffer: PixelBuffer, _ name: String, directory dir: URL,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    let url = dir.appendingPathComponent(name + ".png")
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
        try? buffer.makeCGImage()?.write(pngTo: url)
        return
    }
    guard let golden = try? CGImage.decode(contentsOf: url), let expected = golden.straightRGBA8Pixels() else {
        Issue.record("missing golden \(url.path); run with RECORD_GOLDEN=1", sourceLocation: sourceLocation)
        return
    }
    guard golden.width == buffer.width, golden.height == buffer.height else {
        Issue.record("golden \(name) is \(golden.width)×\(golden.height), frame is \(buffer.width)×\(buffer.height)",
                     sourceLocation: sourceLocation)
        return
    }
    let w = buffer.width, h = buffer.height
    func g(_ x: Int, _ y: Int) -> [Int] { let o = 4 * (y * w + x); return (0..<4).map { Int(expected[o + $0]) } }
    var bad = 0
    var diff = [UInt32](repeating: 0, count: w * h)
    for y in 0..<h {
        for x in 0..<w {
            let p = buffer.pixel(x: x, y: y)
            // Compare straight colour (the golden PNG stores straight alpha).
            let a = Int(p.a)
            func un(_ c: UInt8) -> Int { a == 0 ? 0 : min(255, (Int(c) * 255 + a / 2) / a) }
            let actual = [un(p.r), un(p.g), un(p.b), a]
            let e = g(x, y)
            let close = a <= 2 && e[3] <= 2 || zip(actual, e).allSatisfy { abs($0 - $1) <= 2 }
                || (abs(a - e[3]) <= 2 && a < 16)   // colour of nearly clear pixels is noise
            if close { continue }
            var band = false
            for dy in -1...1 { for dx in -1...1 {
                let nx = x + dx, ny = y + dy
                if nx >= 0, ny >= 0, nx < w, ny < h, g(nx, ny) != e { band = true }
            } }
            if band { continue }
            bad += 1
            diff[y * w + x] = 0xFFFF_0000
        }
    }
    if bad > 0 {
        let tmp = FileManager.default.temporaryDirectory
        try? buffer.makeCGImage()?.write(pngTo: tmp.appendingPathComponent(name + "-actual.png"))
        var d = PixelBuffer(width: w, height: h)!
        d.words = diff
        try? d.makeCGImage()?.write(pngTo: tmp.appendingPathComponent(name + "-diff.png"))
        Issue.record("\(bad) pixels differ from golden \(name); see \(tmp.path)/\(name)-actual.png and -diff.png",
                     sourceLocation: sourceLocation)
    }
}

extension CGImage {
    /// Straight RGBA8 bytes, row 0 at the top.
    package func straightRGBA8Pixels() -> [UInt8]? {
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.draw(self, in: CGRect(x: 0, y: 0, width: width, height: height))
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let a = Int(p[4 * i + 3])
            for c in 0..<3 { out[4 * i + c] = a == 0 ? 0 : UInt8(min(255, (Int(p[4 * i + c]) * 255 + a / 2) / a)) }
            out[4 * i + 3] = UInt8(a)
        }
        return out
    }
}
