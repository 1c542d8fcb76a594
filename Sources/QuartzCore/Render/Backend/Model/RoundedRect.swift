import CoreGraphics

/// The radius of each corner of a rectangle, in the units of the space the rectangle is in.
///
/// Corners are named as Apple's `CACornerMask` (`kCALayerMinXMinYCorner`…): by the rectangle's
/// minimum or maximum x and y, so the names do not depend on whether y points up or down.
/// Corners are circular. When adjacent radii add up to more than a side, all radii are scaled
/// down by one factor until they fit (as CSS does), so shapes stay well formed.
package struct CornerRadii: Hashable, Sendable {
    package var minXMinY, maxXMinY, maxXMaxY, minXMaxY: Double
    /// Continuous-curvature corners (`CALayerCornerCurve.continuous`) rather than circular arcs;
    /// see `ContinuousCorner`.
    package var isContinuous: Bool

    package init(minXMinY: Double, maxXMinY: Double, maxXMaxY: Double, minXMaxY: Double,
                 continuous: Bool = false) {
        self.minXMinY = minXMinY; self.maxXMinY = maxXMinY
        self.maxXMaxY = maxXMaxY; self.minXMaxY = minXMaxY
        isContinuous = continuous
    }

    /// The same radius at every corner.
    package init(uniform r: Double) { self.init(minXMinY: r, maxXMinY: r, maxXMaxY: r, minXMaxY: r) }

    package static let zero = CornerRadii(uniform: 0)

    package var isZero: Bool { minXMinY <= 0 && maxXMinY <= 0 && maxXMaxY <= 0 && minXMaxY <= 0 }

    /// Each radius reduced by `d`, never below 0: the inner corners of a border of width `d`.
    package func inset(by d: Double) -> CornerRadii {
        CornerRadii(minXMinY: max(0, minXMinY - d), maxXMinY: max(0, maxXMinY - d),
                    maxXMaxY: max(0, maxXMaxY - d), minXMaxY: max(0, minXMaxY - d), continuous: isContinuous)
    }

    /// Every radius multiplied by `k` (the same corners in a space `k` times larger).
    package func scaled(by k: Double) -> CornerRadii {
        CornerRadii(minXMinY: minXMinY * k, maxXMinY: maxXMinY * k, maxXMaxY: maxXMaxY * k,
                    minXMaxY: minXMaxY * k, continuous: isContinuous)
    }

    /// The same corners seen upside down (minY and maxY exchanged).
    package var flippedVertically: CornerRadii {
        CornerRadii(minXMinY: minXMaxY, maxXMinY: maxXMaxY, maxXMaxY: maxXMinY, minXMaxY: minXMinY,
                    continuous: isContinuous)
    }

    /// Radii clamped to 0…1e300 (NaN reads as 0) and scaled so that they fit a `width` ×
    /// `height` rectangle. A continuous corner spans `ContinuousCorner.extent` × its radius of
    /// each side, so continuous radii are scaled until those spans fit. The upper clamp keeps
    /// the sums finite: an infinite radius acts as the limit of ever larger ones (it takes its
    /// share of the sides, finite neighbours shrink to nothing) instead of becoming NaN.
    package func fitted(width: Double, height: Double) -> CornerRadii {
        func clamped(_ v: Double) -> Double { min(max(0, v), 1e300) }
        let r = CornerRadii(minXMinY: clamped(minXMinY), maxXMinY: clamped(maxXMinY),
                            maxXMaxY: clamped(maxXMaxY), minXMaxY: clamped(minXMaxY), continuous: isContinuous)
        let span = isContinuous ? ContinuousCorner.extent : 1
        var f = 1.0
        for (sum, side) in [(r.minXMinY + r.maxXMinY, width), (r.minXMaxY + r.maxXMaxY, width),
                            (r.minXMinY + r.minXMaxY, height), (r.maxXMinY + r.maxXMaxY, height)]
        where sum * span > side { f = min(f, side / (sum * span)) }
        guard f < 1 else { return r }
        return r.scaled(by: f)
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
