import CQuartzCairo

/// A colour ramp: colours at locations from 0 (the gradient's start) to 1 (its end).
///
/// Colours are converted to sRGB when the gradient is made and interpolated in sRGB (cairo's
/// space), whatever `space` is given; Apple interpolates in the gradient's colour space, which
/// only differs for linear or gray spaces. Immutable and Sendable.
/// Follows Apple's `CGGradient` (https://developer.apple.com/documentation/coregraphics/cggradient).
public final class CGGradient: Sendable {
    /// One colour stop: location 0…1 and straight sRGB components.
    struct Stop: Sendable, Equatable {
        var location: Double, r: Double, g: Double, b: Double, a: Double
    }
    /// Stops in increasing location order.
    let stops: [Stop]

    /// A gradient from `colors` at `locations` (`colors.count` values, each clamped to 0…1;
    /// Apple's exact parameter type, so array literals and arrays pass straight in). nil
    /// `locations`: the first colour at 0, the last at 1 and the others evenly between. Returns
    /// nil when `colors` is empty or a location is not finite. `space` is accepted for source
    /// compatibility (see the type's note on interpolation). Apple takes `colors` as a CFArray;
    /// here it is `[CGColor]`.
    /// (https://developer.apple.com/documentation/coregraphics/cggradient/init(colorsspace:colors:locations:))
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?) {
        guard !colors.isEmpty else { return nil }
        let locs: [Double]
        if let locations {
            let given = UnsafeBufferPointer(start: locations, count: colors.count)
            guard given.allSatisfy({ $0.isFinite }) else { return nil }
            locs = given.map { min(1, max(0, Double($0))) }
        } else {
            locs = colors.count == 1 ? [0] : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
        }
        var stops: [Stop] = []
        for (c, l) in zip(colors, locs) {
            let v = c.rgba
            stops.append(Stop(location: l, r: Double(v.r), g: Double(v.g), b: Double(v.b), a: Double(v.a)))
        }
        // A stable sort keeps stops at equal locations in the caller's order (a hard edge).
        self.stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// A gradient from `count` colours given as consecutive component tuples in `space`
    /// (`space.numberOfComponents` colour components then alpha per colour) and `count`
    /// locations (nil: evenly spaced). Returns nil for `count` < 1 or a space other than RGB or gray.
    /// (https://developer.apple.com/documentation/coregraphics/cggradient/init(colorspace:colorcomponents:locations:count:))
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count >= 1, count <= 1 << 16 else { return nil }
        let n = space.numberOfComponents + 1
        var colors: [CGColor] = []
        for i in 0..<count {
            guard let c = CGColor(colorSpace: space, components: components + i * n) else { return nil }
            colors.append(c)
        }
        self.init(colorsSpace: space, colors: colors, locations: locations)
    }

    /// Adds the stops to a cairo gradient pattern (linear or radial), with every alpha
    /// multiplied by `alpha`. Shared by linear and radial gradient drawing.
    func addStops(to pattern: OpaquePointer, alpha: Double = 1) {
        for s in stops {
            cairo_pattern_add_color_stop_rgba(pattern, s.location, s.r, s.g, s.b, s.a * alpha)
        }
    }

    /// A cairo linear gradient pattern from `start` to `end` (user space), extended with
    /// `extend`. The caller owns (destroys) it.
    func makeLinearPattern(start: CGPoint, end: CGPoint, extend: cairo_extend_t) -> OpaquePointer {
        let p = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))!
        addStops(to: p)
        cairo_pattern_set_extend(p, extend)
        return p
    }
}

/// When a gradient also paints beyond its start or end (Apple's `CGGradientDrawingOptions`,
/// https://developer.apple.com/documentation/coregraphics/cggradientdrawingoptions): the first or
/// last colour is extended outwards.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Extends the start colour before the start point (or inside the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Extends the end colour past the end point (or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}
