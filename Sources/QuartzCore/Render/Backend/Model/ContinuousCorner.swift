/// The outline of one continuous-curvature corner (`CALayerCornerCurve.continuous`, Apple's
/// smooth corners since iOS 13; https://developer.apple.com/documentation/quartzcore/calayercornercurve).
///
/// Apple does not publish the curve. This is the widely described reconstruction of it: three
/// cubic Béziers per corner that leave each side `extent` × radius from the corner (Apple's
/// `cornerCurveExpansionFactor(.continuous)`, about 1.528), ease into a middle section that
/// follows the circle of the corner radius, and ease out again, so curvature grows from 0
/// instead of jumping as it does where a circular arc meets a straight side. The corner cuts
/// off about 0.2253 r² (a circular corner: 1 − π/4 ≈ 0.2146 r²).
///
/// Points are in units of the radius in a corner frame: the corner at (0, 0), `u` along the
/// side the outline arrives by (pointing away from the corner), `v` along the side it leaves by.
package enum ContinuousCorner {
    /// How far along each side the curve reaches, in radii.
    package static let extent = 1.52866483

    /// The curve from (extent, 0) to (0, extent): (control 1, control 2, end) per cubic, as
    /// (u, v) pairs.
    package static let segments: [(c1: (Double, Double), c2: (Double, Double), end: (Double, Double))] = [
        ((1.08849323, 0), (0.86840689, 0), (0.63149399, 0.07491100)),
        ((0.37282392, 0.16906013), (0.16906013, 0.37282392), (0.07491100, 0.63149399)),
        ((0, 0.86840689), (0, 1.08849323), (0, extent)),
    ]
}
