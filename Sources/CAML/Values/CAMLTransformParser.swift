import Foundation
import CoreGraphics
import QuartzCore

/// CAML's CSS-like transform lists: `rotate(45deg)`, `rotate(0deg, 0, 1, 0)`, `scale(x[, y[, z]])`,
/// `translate(x, y[, z])`, `rotateX/Y/Z(a)`, `scaleX/Y/Z(s)`, `translateX/Y/Z(t)`,
/// `matrix(a, b, c, d, tx, ty)` (2-D affine, CSS order), `matrix3d(m11 … m44)` and
/// `perspective(d)`; or a bare list of 16 numbers (`m11 m12 … m44`, row by row as in
/// `CATransform3D`).
///
/// Functions compose as in CSS: the rightmost applies to the layer first. Each one is applied to
/// the running matrix as `CATransform3DRotate/Scale/Translate` do (which prepend), so
/// `translate(10, 0) rotate(90deg)` rotates then translates. Angles take `deg`, `rad`, `grad` or
/// `turn`; a bare number is degrees, the unit CAML writers use. `scale(s)` scales x and y by s
/// (CSS) and z by 1. Returns nil on any unreadable function, argument count or non-finite number.
enum CAMLTransformParser {
    static func parse(_ text: String) -> CATransform3D? {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if t.isEmpty { return CATransform3DIdentity }
        if !t.contains("("), let xs = CAMLScalars.numbers(t), xs.count == 16, xs.allSatisfy(\.isFinite) {
            return matrix3d(xs.map { CGFloat($0) })
        }
        var m = CATransform3DIdentity
        var rest = Substring(t)
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }
            if rest.isEmpty { break }
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmingCharacters(in: .whitespaces)
            let args = rest[rest.index(after: open)..<close]
                .split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            guard args.count <= 16, let f = function(name, args) else { return nil }
            m = CATransform3DConcat(f, m)
            rest = rest[rest.index(after: close)...]
        }
        return m
    }

    /// One function's matrix.
    private static func function(_ name: String, _ args: [String]) -> CATransform3D? {
        func lengths() -> [CGFloat]? {
            var out: [CGFloat] = []
            for a in args {
                var s = a.lowercased()
                if s.hasSuffix("px") || s.hasSuffix("pt") { s.removeLast(2) }
                guard let x = CAMLScalars.coordinate(s) else { return nil }
                out.append(x)
            }
            return out
        }
        func numbers() -> [CGFloat]? {
            var out: [CGFloat] = []
            for a in args {
                guard let x = CAMLScalars.number(a), x.isFinite else { return nil }
                out.append(CGFloat(x))
            }
            return out
        }
        switch name.lowercased() {
        case "rotate", "rotatez", "rotatex", "rotatey":
            guard let first = args.first, let a = angle(first) else { return nil }
            var axis: (CGFloat, CGFloat, CGFloat) = (0, 0, 1)
            if name.lowercased() == "rotatex" { axis = (1, 0, 0) }
            if name.lowercased() == "rotatey" { axis = (0, 1, 0) }
            if args.count == 4 {
                let xs = Array(args.dropFirst()).compactMap { CAMLScalars.number($0) }
                guard xs.count == 3, xs.allSatisfy(\.isFinite) else { return nil }
                axis = (CGFloat(xs[0]), CGFloat(xs[1]), CGFloat(xs[2]))
            } else if args.count != 1 {
                return nil
            }
            guard axis.0 != 0 || axis.1 != 0 || axis.2 != 0 else { return CATransform3DIdentity }
            return CATransform3DMakeRotation(a, axis.0, axis.1, axis.2)
        case "scale", "scale3d":
            guard let s = numbers(), (1...3).contains(s.count) else { return nil }
            return CATransform3DMakeScale(s[0], s.count > 1 ? s[1] : s[0], s.count > 2 ? s[2] : 1)
        case "scalex": return numbers().flatMap { $0.count == 1 ? CATransform3DMakeScale($0[0], 1, 1) : nil }
        case "scaley": return numbers().flatMap { $0.count == 1 ? CATransform3DMakeScale(1, $0[0], 1) : nil }
        case "scalez": return numbers().flatMap { $0.count == 1 ? CATransform3DMakeScale(1, 1, $0[0]) : nil }
        case "translate", "translate3d":
            guard let t = lengths(), (1...3).contains(t.count) else { return nil }
            return CATransform3DMakeTranslation(t[0], t.count > 1 ? t[1] : 0, t.count > 2 ? t[2] : 0)
        case "translatex": return lengths().flatMap { $0.count == 1 ? CATransform3DMakeTranslation($0[0], 0, 0) : nil }
        case "translatey": return lengths().flatMap { $0.count == 1 ? CATransform3DMakeTranslation(0, $0[0], 0) : nil }
        case "translatez": return lengths().flatMap { $0.count == 1 ? CATransform3DMakeTranslation(0, 0, $0[0]) : nil }
        case "matrix":
            guard let v = numbers() else { return nil }
            if v.count == 16 { return matrix3d(v) }
            guard v.count == 6 else { return nil }
            return CATransform3DMakeAffineTransform(CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
        case "matrix3d":
            guard let v = numbers(), v.count == 16 else { return nil }
            return matrix3d(v)
        case "perspective":
            guard let d = lengths(), d.count == 1, d[0] != 0 else { return nil }
            var p = CATransform3DIdentity
            p.m34 = -1 / d[0]
            return p
        default:
            return nil
        }
    }

    /// An angle in radians from `45deg`, `0.5rad`, `50grad`, `0.25turn` or a bare number (degrees).
    static func angle(_ text: String) -> CGFloat? {
        let s = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("deg", .pi / 180), ("grad", .pi / 200), ("rad", 1), ("turn", 2 * .pi)]
        for (unit, factor) in units where s.hasSuffix(unit) {
            guard let x = CAMLScalars.number(String(s.dropLast(unit.count))), x.isFinite else { return nil }
            return CGFloat(x * factor)
        }
        guard let x = CAMLScalars.number(s), x.isFinite else { return nil }
        return CGFloat(x * .pi / 180)
    }

    private static func matrix3d(_ v: [CGFloat]) -> CATransform3D {
        CATransform3D(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                      m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }
}
