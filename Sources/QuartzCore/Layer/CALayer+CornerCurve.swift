// Corner curve sizing.

extension CALayer {
    /// How much larger a rounded rect's corner must be drawn for `curve` to look like a
    /// circular corner of the same radius: 1 for `.circular`, about 1.528665 for `.continuous`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/cornercurveexpansionfactor(_:))
    public static func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }
}
