import CoreText
import Foundation

/// A white-on-transparent test bitmap (premultiplied BGRA, cairo's own layout) with pixel probes
/// in y-up user space.
struct TextCanvas {
    let context: CGContext
    let width: Int, height: Int

    init(_ width: Int, _ height: Int) {
        self.width = width; self.height = height
        context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little))!
    }

    /// Premultiplied (r, g, b, a) of the pixel whose bottom-left corner is (x, y), y up.
    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let p = context.data!.assumingMemoryBound(to: UInt8.self) + (height - 1 - y) * context.bytesPerRow + 4 * x
        return (Int(p[2]), Int(p[1]), Int(p[0]), Int(p[3]))
    }

    /// The pixel box (y up, in whole pixels) of everything with alpha above `threshold`, or nil.
    func inkBox(threshold: Int = 0, in columns: Range<Int>? = nil) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<height {
            for x in columns ?? 0..<width where pixel(x, y).a > threshold {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }

    /// Sum of alpha over the whole bitmap (ink amount).
    var totalInk: Int {
        var sum = 0
        for y in 0..<height { for x in 0..<width { sum += pixel(x, y).a } }
        return sum
    }
}

/// An attributed string with one font and colour.
func attributed(_ string: String, font: CTFont, color: CGColor = .black,
                extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
    var attributes: [NSAttributedString.Key: Any] = [kCTFontAttributeName: font, kCTForegroundColorAttributeName: color]
    attributes.merge(extra) { $1 }
    return NSAttributedString(string: string, attributes: attributes)
}

/// Values read straight from a TrueType file's tables (head, hhea, OS/2), independently of
/// FreeType, to check the metrics CoreGraphics reports.
struct SFNTTables {
    let data: [UInt8]
    init?(path: String) {
        guard let d = FileManager.default.contents(atPath: path) else { return nil }
        data = [UInt8](d)
    }
    func u16(_ at: Int) -> Int { Int(data[at]) << 8 | Int(data[at + 1]) }
    func i16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(at)))) }
    func table(_ tag: String) -> Int? {
        let count = u16(4)
        for i in 0..<count {
            let entry = 12 + 16 * i
            if String(decoding: data[entry..<entry + 4], as: UTF8.self) == tag {
                return Int(data[entry + 8]) << 24 | Int(data[entry + 9]) << 16 | Int(data[entry + 10]) << 8 | Int(data[entry + 11])
            }
        }
        return nil
    }
    var unitsPerEm: Int { u16(table("head")! + 18) }
    var ascender: Int { i16(table("hhea")! + 4) }
    var descender: Int { i16(table("hhea")! + 6) }
    var lineGap: Int { i16(table("hhea")! + 8) }
    var capHeight: Int { i16(table("OS/2")! + 88) }
}

let liberationSans = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"
