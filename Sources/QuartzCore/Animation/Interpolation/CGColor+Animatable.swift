extension CGColor: AnimatableValue {
    /// Straight (not premultiplied) sRGB components and alpha interpolate linearly, so red →
    /// clear at ½ is (1, 0, 0, 0.5) when clear is (0, 0, 0, 0) in RGB — which gives the darkened
    /// midpoint Core Animation shows for that pair.
    public static func interpolate(_ a: CGColor, _ b: CGColor, _ t: Double) -> CGColor {
        let p = a.rgba, q = b.rgba
        return CGColor(srgbRed: lerp(p.r, q.r, t), green: lerp(p.g, q.g, t),
                       blue: lerp(p.b, q.b, t), alpha: lerp(p.a, q.a, t))
    }
    public static func adding(_ a: CGColor, _ b: CGColor) -> CGColor {
        let p = a.rgba, q = b.rgba
        return CGColor(srgbRed: p.r + q.r, green: p.g + q.g, blue: p.b + q.b, alpha: p.a + q.a)
    }
    public static func subtracting(_ a: CGColor, _ b: CGColor) -> CGColor {
        let p = a.rgba, q = b.rgba
        return CGColor(srgbRed: p.r - q.r, green: p.g - q.g, blue: p.b - q.b, alpha: p.a - q.a)
    }
    public static func distance(_ a: CGColor, _ b: CGColor) -> Double {
        let p = a.rgba, q = b.rgba
        let d = [p.r - q.r, p.g - q.g, p.b - q.b, p.a - q.a].map { Double($0 * $0) }.reduce(0, +)
        return d.squareRoot()
    }
}
