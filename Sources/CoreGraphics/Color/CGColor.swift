/// An immutable colour: components in a colour space plus alpha.
///
/// Components are straight (not premultiplied) values, normally 0…1; extended spaces may go
/// outside. Immutable and Sendable, compared by colour space and components (Apple's CFEqual).
/// Follows Apple's `CGColor` (https://developer.apple.com/documentation/coregraphics/cgcolor).
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour space; always set here (Apple's is optional for pattern colours).
    public let colorSpace: CGColorSpace?
    /// Colour components followed by alpha: `[r, g, b, a]` or `[gray, a]`.
    public let components: [CGFloat]?
    private let space: CGColorSpace
    private let values: [CGFloat]

    private init(space: CGColorSpace, values: [CGFloat]) {
        self.space = space; self.values = values
        self.colorSpace = space; self.components = values
    }

    /// A colour in the sRGB colour space. Apple's `init(red:green:blue:alpha:)` uses generic
    /// RGB; on Linux both draw identically in sRGB.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .shared_sRGB, values: [red, green, blue, alpha])
    }

    /// A colour in the sRGB colour space (Apple's `init(srgbRed:green:blue:alpha:)`).
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .shared_sRGB, values: [red, green, blue, alpha])
    }

    /// A colour in the generic gray (gamma 2.2) space.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .sharedGenericGray, values: [gray, alpha])
    }

    /// Apple's `init(genericGrayGamma2_2Gray:alpha:)`.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// A colour from `numberOfComponents + 1` values (colour components, then alpha) in `space`;
    /// nil when the count does not match or the space is not RGB or gray.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model == .rgb || space.model == .monochrome else { return nil }
        let n = space.numberOfComponents + 1
        self.init(space: space, values: Array(UnsafeBufferPointer(start: components, count: n)))
    }

    /// Array form of `init?(colorSpace:components:)`; nil on a count mismatch.
    public convenience init?(colorSpace space: CGColorSpace, components: [CGFloat]) {
        guard space.model == .rgb || space.model == .monochrome,
              components.count == space.numberOfComponents + 1 else { return nil }
        self.init(space: space, values: components)
    }

    /// The number of components including alpha (4 for RGB, 2 for gray).
    public var numberOfComponents: Int { values.count }
    /// The alpha component, 0…1.
    public var alpha: CGFloat { values[values.count - 1] }

    /// The same colour with a new alpha (Apple's `copy(alpha:)`).
    public func copy(alpha: CGFloat) -> CGColor? {
        var v = values; v[v.count - 1] = alpha
        return CGColor(space: space, values: v)
    }

    /// The colour converted to `space`: gray ↔ RGB by Rec. 709 luma (gray → equal RGB), and
    /// the sRGB transfer function between gamma-encoded and linear spaces. Alpha is kept.
    /// nil for unsupported spaces. `intent` and `options` are accepted and ignored.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent = .defaultIntent,
                          options: [String: Any]? = nil) -> CGColor? {
        guard space.model == .rgb || space.model == .monochrome else { return nil }
        if space == self.space { return self }
        // Gray → RGB copies the value; RGB → gray takes Rec. 709 luma in linear light. Transfer
        // functions are applied only where the two spaces differ in linearity, so values that
        // need no conversion come through exactly.
        var rgb: [CGFloat]
        if self.space.model == .monochrome { rgb = [values[0], values[0], values[0]] }
        else { rgb = Array(values[0..<3]) }
        let toGray = space.model == .monochrome && self.space.model == .rgb
        let linearWork = toGray || self.space.isLinear != space.isLinear
        if linearWork && !self.space.isLinear { rgb = rgb.map(CGColor.srgbToLinear) }
        var out: [CGFloat]
        if space.model == .monochrome {
            out = toGray ? [0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]] : [rgb[0]]
        } else { out = rgb }
        if linearWork && !space.isLinear { out = out.map(CGColor.linearToSRGB) }
        return CGColor(space: space, values: out + [alpha])
    }

    /// Straight sRGB components `(r, g, b, a)`, for drawing (cairo works in sRGB).
    package var rgba: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        if space.model == .rgb && !space.isLinear { return (values[0], values[1], values[2], alpha) }
        let c = converted(to: .shared_sRGB)!.values
        return (c[0], c[1], c[2], c[3])
    }

    static func srgbToLinear(_ v: CGFloat) -> CGFloat {
        let m = Swift.abs(v), s: CGFloat = v < 0 ? -1 : 1
        return s * (m <= 0.04045 ? m / 12.92 : pow((m + 0.055) / 1.055, 2.4))
    }
    static func linearToSRGB(_ v: CGFloat) -> CGFloat {
        let m = Swift.abs(v), s: CGFloat = v < 0 ? -1 : 1
        return s * (m <= 0.0031308 ? m * 12.92 : 1.055 * pow(m, 1 / 2.4) - 0.055)
    }

    // MARK: Constants (Apple's `CGColor.black`, `.white`, `.clear`: generic gray)
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (l: CGColor, r: CGColor) -> Bool { l.space == r.space && l.values == r.values }
    public func hash(into h: inout Hasher) { h.combine(space); h.combine(values) }
    public var description: String { "<CGColor \(space.name ?? "") \(values)>" }
}
