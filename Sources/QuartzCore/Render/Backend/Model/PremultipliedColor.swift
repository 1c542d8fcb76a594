/// A colour with alpha already multiplied into its components, each in 0…1, in the target's
/// colour space (sRGB-encoded values; compositing is done on those values, as Core Animation does).
package struct PremultipliedColor: Hashable, Sendable {
    package var red, green, blue, alpha: Double

    /// Components already premultiplied (`red ≤ alpha` and so on; larger values are clamped when drawn).
    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Premultiplies straight (unassociated) components, as `CGColor` gives them.
    package init(straightRed r: Double, green g: Double, blue b: Double, alpha a: Double) {
        self.init(red: r * a, green: g * a, blue: b * a, alpha: a)
    }

    package static let clear = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Straight components clamped to 0…1, as `cairo_set_source_rgba` wants them.
    var straight: (r: Double, g: Double, b: Double, a: Double) {
        let a = min(max(alpha, 0), 1)
        guard a > 0 else { return (0, 0, 0, 0) }
        func c(_ v: Double) -> Double { min(max(v / a, 0), 1) }
        return (c(red), c(green), c(blue), a)
    }

    var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }
}
