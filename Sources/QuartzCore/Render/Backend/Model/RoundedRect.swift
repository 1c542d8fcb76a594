import CoreGraphics

/// The radius of each corner of a rectangle, in the units of the space the rectangle is in.
///
/// Corners are named as Apple's `CACornerMask` (`kCALayerMinXMinYCorner`…): by the rectangle's
/// minimum or maximum x and y, so the names do not depend on whether y points up or down.
/// Corners are circular. When adjacent radii add up to more than a side, all radii are scaled
/// down by one factor until they fit (as CSS does), so shapes stay well formed.
package struct CornerRadii: Hashable, Sendable {
    package var minXMinY, maxXMinY, maxXMaxY, minXMaxY: Double

    package init(minXMinY: Double, maxXMinY: Double, maxXMaxY: Double, minXMaxY: Double) {
        self.minXMinY = minXMinY; self.maxXMinY = maxXMinY
        self.maxXMaxY = maxXMaxY; self.minXMaxY = minXMaxY
    }

    /// The same radius at every corner.
    package init(uniform r: Double) { self.init(minXMinY: r, maxXMinY: r, maxXMaxY: r, minXMaxY: r) }

    package static let zero = CornerRadii(uniform: 0)

    package var isZero: Bool { minXMinY <= 0 && maxXMinY <= 0 && maxXMaxY <= 0 && minXMaxY <= 0 }

    /// Each radius reduced by `d`, never below 0: the inner corners of a border of width `d`.
    package func inset(by d: Double) -> CornerRadii {
        CornerRadii(minXMinY: max(0, minXMinY - d), maxXMinY: max(0, maxXMinY - d),
                    maxXMaxY: max(0, maxXMaxY - d), minXMaxY: max(0, minXMaxY - d))
    }

    /// Radii clamped to ≥ 0 and scaled so that they fit a `width` × `height` rectangle.
    func fitted(width: Double, height: Double) -> CornerRadii {
        let r = CornerRadii(minXMinY: max(0, minXMinY), maxXMinY: max(0, maxXMinY),
                            maxXMaxY: max(0, maxXMaxY), minXMaxY: max(0, minXMaxY))
        var f = 1.0
        for (sum, side) in [(r.minXMinY + r.maxXMinY, width), (r.minXMaxY + r.maxXMaxY, width),
                            (r.minXMinY + r.minXMaxY, height), (r.maxXMinY + r.maxXMaxY, height)]
        where sum > side { f = min(f, side / sum) }
        guard f < 1 else { return r }
        return CornerRadii(minXMinY: r.minXMinY * f, maxXMinY: r.maxXMinY * f,
                           maxXMaxY: r.maxXMaxY * f, minXMaxY: r.minXMaxY * f)
    }
}

/// A rectangle with rounded corners (Chromium's `RRectF`): a background with `cornerRadius`,
/// or the clip of `masksToBounds` with rounded corners.
package struct RoundedRect: Hashable, Sendable {
    package var rect: CGRect
    package var radii: CornerRadii

    package init(rect: CGRect, radii: CornerRadii = .zero) {
        self.rect = rect; self.radii = radii
    }

    /// The same shape moved by (dx, dy).
    package func offsetBy(dx: Double, dy: Double) -> RoundedRect {
        RoundedRect(rect: rect.offsetBy(dx: CGFloat(dx), dy: CGFloat(dy)), radii: radii)
    }
}
