/// Compositing operations (Apple's `CGBlendMode`, https://developer.apple.com/documentation/coregraphics/cgblendmode).
/// Raw values are Apple's. See CGContext+Blend.swift for which ones cairo expresses.
public enum CGBlendMode: Int32, Sendable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight,
         hardLight, difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn,
         destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

/// How much care to take when scaling images (Apple's `CGInterpolationQuality`).
/// `.none` samples the nearest pixel; `.low` and `.default` bilinear; `.medium` and `.high`
/// cairo's "good"/"best" filters (which average when minifying).
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none, low, high, medium
}

/// How paths are drawn by `drawPath(using:)` (Apple's `CGPathDrawingMode`).
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0, eoFill, stroke, fillStroke, eoFillStroke
}
