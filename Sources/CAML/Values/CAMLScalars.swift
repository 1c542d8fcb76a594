import Foundation
import CoreGraphics

/// The scalar attribute syntaxes of CAML: numbers (`inf` allowed), Booleans, `"x y"` points and
/// sizes, `"x y w h"` rects and `"r g b [a]"` colours. Lists are separated by spaces or commas.
///
/// Every parser returns nil for text it cannot read (the caller warns). NaN never comes out of a
/// parser: "nan" is unreadable. Infinity comes out only of `number` (timing fields allow `inf`);
/// geometry parsers require finite values no larger than `maximumCoordinate`.
enum CAMLScalars {
    /// The largest magnitude accepted for a coordinate or length, in points. Larger values are
    /// not meaningful on any screen and overflow the rasteriser's fixed-point arithmetic.
    static let maximumCoordinate: CGFloat = 1_000_000

    /// A number: decimal or exponent notation, or `inf`/`+inf`/`-inf`/`infinity` (any case).
    static func number(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        switch t {
        case "inf", "+inf", "infinity", "+infinity", "huge_val", "huge_valf": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        guard !t.isEmpty, !t.contains("nan"), let x = Double(t) else { return nil }
        return x
    }

    /// A finite number of at most `maximumCoordinate` in magnitude.
    static func coordinate(_ text: String) -> CGFloat? {
        guard let x = number(text), x.isFinite, abs(x) <= Double(maximumCoordinate) else { return nil }
        return CGFloat(x)
    }

    /// The numbers of a space- or comma-separated list; nil if any item is not a number.
    static func numbers(_ text: String) -> [Double]? {
        let items = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard !items.isEmpty, items.count <= 64 else { return nil }
        var out: [Double] = []
        for item in items {
            guard let x = number(String(item)) else { return nil }
            out.append(x)
        }
        return out
    }

    /// `count` finite coordinates.
    static func coordinates(_ text: String, count: Int) -> [CGFloat]? {
        guard let xs = numbers(text), xs.count == count,
              xs.allSatisfy({ $0.isFinite && abs($0) <= Double(maximumCoordinate) }) else { return nil }
        return xs.map { CGFloat($0) }
    }

    /// `0`/`1`, `true`/`false`, `yes`/`no` (any case).
    static func bool(_ text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "1", "true", "yes": true
        case "0", "false", "no": false
        default: nil
        }
    }

    static func point(_ text: String) -> CGPoint? {
        coordinates(text, count: 2).map { CGPoint(x: $0[0], y: $0[1]) }
    }

    static func size(_ text: String) -> CGSize? {
        coordinates(text, count: 2).map { CGSize(width: $0[0], height: $0[1]) }
    }

    static func rect(_ text: String) -> CGRect? {
        coordinates(text, count: 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }

    /// `"r g b"` or `"r g b a"` with components 0…1 (clamped), or `#rrggbb[aa]`; `opacity`
    /// multiplies the alpha (CAML colour elements carry it as a separate attribute). Colours are
    /// device RGB, which this package treats as sRGB.
    static func color(_ text: String, opacity: Double? = nil) -> CGColor? {
        var c: [Double]
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if t.hasPrefix("#") {
            let hex = t.dropFirst()
            guard hex.count == 6 || hex.count == 8, let v = UInt64(hex, radix: 16) else { return nil }
            let n = hex.count / 2
            c = (0..<n).map { Double((v >> UInt64(8 * (n - 1 - $0))) & 0xff) / 255 }
        } else {
            guard let xs = numbers(t), xs.count == 3 || xs.count == 4, xs.allSatisfy(\.isFinite) else { return nil }
            c = xs
        }
        if c.count == 3 { c.append(1) }
        if let opacity, opacity.isFinite { c[3] *= opacity }
        c = c.map { min(1, max(0, $0)) }
        return CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }

    /// The `@Nx` scale in a bundle name (`…-390w-844h@3x~iphone.ca` → 3), or nil.
    static func scale(inName name: String) -> CGFloat? {
        guard let at = name.lastIndex(of: "@") else { return nil }
        let digits = name[name.index(after: at)...].prefix { $0.isNumber || $0 == "." }
        guard name[name.index(after: at)...].dropFirst(digits.count).first == "x",
              let s = Double(digits), s >= 1, s <= 16 else { return nil }
        return CGFloat(s)
    }
}
