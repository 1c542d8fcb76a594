import Foundation
import CoreGraphics
import QuartzCore

/// The text forms the writer uses, each chosen so that the reader (`CAMLScalars`,
/// `CAMLTransformParser`) gives back exactly the value written.
///
/// Numbers are Swift's shortest round-trip descriptions (`0.1`, `1.5707963267948966`,
/// `1e-100`), integers without `.0`, infinities as `inf`/`-inf`; `Float` properties use the
/// shortest text that reads back as the same `Float`. Transforms are a short CSS-like form
/// (`translate(…)`, `scale(…)`, `matrix(…)`) when the reader rebuilds the very same matrix from
/// it, else all 16 entries as a bare list (`m11 m12 … m44`).
enum CAMLFormat {
    /// `x` as text that `Double(_:)` (or `inf`) reads back bit for bit; nil for NaN.
    static func number(_ x: Double) -> String? {
        if x.isNaN { return nil }
        if x.isInfinite { return x > 0 ? "inf" : "-inf" }
        if x == 0 { return x.sign == .minus ? "-0" : "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return x.description
    }

    /// A `Float` as the shortest text that reads back (through `Double`, as the reader does)
    /// as the same `Float`.
    static func number(_ x: Float) -> String? {
        if x.isNaN { return nil }
        if x.isInfinite || x == x.rounded() { return number(Double(x)) }
        let short = x.description
        if let back = Double(short), Float(back) == x { return short }
        return number(Double(x))
    }

    /// Whole numbers that the reader's `integer` type keeps exactly.
    static func integer(_ x: Int64) -> String { String(x) }

    static func list(_ xs: [Double]) -> String? {
        var parts: [String] = []
        for x in xs { guard let s = number(x) else { return nil }; parts.append(s) }
        return parts.joined(separator: " ")
    }

    static func point(_ p: CGPoint) -> String? { list([Double(p.x), Double(p.y)]) }
    static func size(_ s: CGSize) -> String? { list([Double(s.width), Double(s.height)]) }
    static func rect(_ r: CGRect) -> String? {
        list([Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)])
    }
    static func bool(_ b: Bool) -> String { b ? "1" : "0" }

    /// Straight sRGB `r g b` (alpha 1) or `r g b a`, converting other spaces (gray → equal RGB).
    static func color(_ c: CGColor) -> String? {
        let rgb = rgba(c)
        guard let rgb else { return nil }
        return list(rgb.last == 1 ? Array(rgb.prefix(3)) : rgb)
    }

    /// The colour's straight sRGB components with alpha, or nil for a space the package cannot
    /// convert.
    static func rgba(_ c: CGColor) -> [Double]? {
        guard let space = c.colorSpace, let comps = c.components else { return nil }
        let linear = (space.name ?? "").lowercased().contains("linear")
        if space.model == .rgb, !linear, comps.count == 4 { return comps.map(Double.init) }
        guard let srgb = CGColorSpace(name: CGColorSpace.sRGB),
              let converted = c.converted(to: srgb)?.components, converted.count == 4 else { return nil }
        return converted.map(Double.init)
    }

    /// Whether every component of `c` is inside 0…1, which is all a CAML colour can hold.
    static func colorIsInRange(_ c: CGColor) -> Bool {
        rgba(c)?.allSatisfy { $0 >= 0 && $0 <= 1 } ?? false
    }

    /// The first of `translate(…)`, `scale(…)` or `matrix(a, b, c, d, tx, ty)` that parses back
    /// to exactly `t`, else the 16 entries row by row (`m11 m12 … m44`); nil when an entry is
    /// not finite.
    static func transform(_ t: CATransform3D) -> String? {
        let m = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                 t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init)
        guard m.allSatisfy(\.isFinite) else { return nil }
        var candidates: [String] = []
        if let tr = list([m[12], m[13], m[14]]) {
            candidates.append("translate(" + tr.replacingOccurrences(of: " ", with: ", ") + ")")
        }
        if let sc = list([m[0], m[5], m[10]]) {
            candidates.append("scale(" + sc.replacingOccurrences(of: " ", with: ", ") + ")")
        }
        if let af = list([m[0], m[1], m[4], m[5], m[12], m[13]]) {
            candidates.append("matrix(" + af.replacingOccurrences(of: " ", with: ", ") + ")")
        }
        for c in candidates where CAMLTransformParser.parse(c).map({ bits($0) == bits(t) }) == true { return c }
        // The bare 16-number form is read without arithmetic, so it is exact even for -0.
        return list(m)
    }

    /// The 16 entries' bit patterns (so -0 and 0 differ, as `==` would not tell).
    static func bits(_ t: CATransform3D) -> [UInt64] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
         t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0).bitPattern }
    }

    /// Control points `x1 y1 x2 y2` of a timing function, or the name of Apple's predefined one
    /// with exactly those points.
    static func timingFunction(_ f: CAMediaTimingFunction) -> (name: String?, points: String) {
        let p = controlPoints(f)
        let names: [CAMediaTimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
        let named = names.first { controlPoints(CAMediaTimingFunction(name: $0)) == p }
        let text = p.map { number($0) ?? "0" }.joined(separator: " ")
        return (named?.rawValue, text)
    }

    static func controlPoints(_ f: CAMediaTimingFunction) -> [Float] {
        var a: [Float] = [0, 0], b: [Float] = [0, 0]
        f.getControlPoint(at: 1, values: &a)
        f.getControlPoint(at: 2, values: &b)
        return a + b
    }
}
