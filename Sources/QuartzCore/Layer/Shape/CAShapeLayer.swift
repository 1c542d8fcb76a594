import Foundation
import CoreGraphics

/// A layer that draws a path in its bounds space: Apple's `CAShapeLayer`
/// (https://developer.apple.com/documentation/quartzcore/cashapelayer).
///
/// The path (points, the layer's bounds space, y down unless the layer is flipped as any
/// content) is filled, then stroked, above the layer's background and contents and below its
/// sublayers and border. It is drawn from the vector path at device resolution every frame, so
/// it stays sharp under scale transforms, and it is not clipped to the bounds unless
/// `masksToBounds` is set. As a `mask`, its painted alpha masks the parent; it casts a shadow of
/// what it paints (unless `shadowPath` is set), and `render(in:)` draws it as vector paths.
///
/// **Storage.** The properties are typed fields of the layer state (`ShapeLayerState`, one row
/// each in the property table under Apple's keys), so KVC, explicit animations, the commit and
/// `presentation()` treat them as CALayer's own. `path` has no implicit animation (Apple: no
/// CGPath property has one); animate it with a `CABasicAnimation(keyPath: "path")`, which blends
/// the points of two paths with the same elements and otherwise switches half way.
///
/// **Bad input** never crashes: NaN or infinite points are left out of a path when it is built
/// (CoreGraphics); a path reaching past ±4,194,304 points (2²², where the rasteriser's fixed
/// point ends) draws nothing and is reported when set or animated to (`FarPathCheck`); a
/// `lineWidth` of 0 or less draws no stroke; a dash pattern that is empty, sums to zero or holds
/// a negative length strokes a solid line; `strokeStart`/`strokeEnd` are clamped to 0…1.
open class CAShapeLayer: CALayer {
    override class var propertyTable: PropertyTable { .shapeLayer }

    /// The shape drawn, in the layer's bounds space (points). Default nil. Animatable (explicitly only).
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/path)
    open var path: CGPath? {
        get { state.shape.path }
        set {
            let p = ValueNormalizer.path(newValue)
            FarPathCheck.report(p, key: "path")
            set(.shapePath, \.shape.path, p)
        }
    }

    /// The colour filling the path; nil fills nothing. Default opaque black. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/fillcolor)
    open var fillColor: CGColor? {
        get { state.shape.fillColor }
        set { set(.shapeFillColor, \.shape.fillColor, newValue) }
    }

    /// The fill rule. Default `.nonZero`.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/fillrule)
    open var fillRule: CAShapeLayerFillRule {
        get { state.shape.fillRule }
        set { set(.shapeFillRule, \.shape.fillRule, newValue) }
    }

    /// The colour stroking the path; nil strokes nothing. Default nil. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/strokecolor)
    open var strokeColor: CGColor? {
        get { state.shape.strokeColor }
        set { set(.shapeStrokeColor, \.shape.strokeColor, newValue) }
    }

    /// Where the stroke starts, as a fraction 0…1 of the path's arc length. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/strokestart)
    open var strokeStart: CGFloat {
        get { state.shape.strokeStart }
        set { setFinite(.shapeStrokeStart, \.shape.strokeStart, newValue) }
    }

    /// Where the stroke ends, as a fraction 0…1 of the path's arc length. Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/strokeend)
    open var strokeEnd: CGFloat {
        get { state.shape.strokeEnd }
        set { setFinite(.shapeStrokeEnd, \.shape.strokeEnd, newValue) }
    }

    /// The stroke's width, points. Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/linewidth)
    open var lineWidth: CGFloat {
        get { state.shape.lineWidth }
        set { setFinite(.shapeLineWidth, \.shape.lineWidth, newValue) }
    }

    /// The miter limit (ratio of miter length to line width) past which miter joins are bevelled.
    /// Default 10. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/miterlimit)
    open var miterLimit: CGFloat {
        get { state.shape.miterLimit }
        set { setFinite(.shapeMiterLimit, \.shape.miterLimit, newValue) }
    }

    /// The cap of open subpaths' ends. Default `.butt`.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/linecap)
    open var lineCap: CAShapeLayerLineCap {
        get { state.shape.lineCap }
        set { set(.shapeLineCap, \.shape.lineCap, newValue) }
    }

    /// The join between segments. Default `.miter`.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/linejoin)
    open var lineJoin: CAShapeLayerLineJoin {
        get { state.shape.lineJoin }
        set { set(.shapeLineJoin, \.shape.lineJoin, newValue) }
    }

    /// How far into the dash pattern the stroke starts, points. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/linedashphase)
    open var lineDashPhase: CGFloat {
        get { state.shape.lineDashPhase }
        set { setFinite(.shapeLineDashPhase, \.shape.lineDashPhase, newValue) }
    }

    /// Lengths (points) of painted and unpainted segments, alternating; nil for a solid line. Default nil.
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/linedashpattern)
    open var lineDashPattern: [NSNumber]? {
        get { state.shape.lineDashPattern }
        set { set(.shapeLineDashPattern, \.shape.lineDashPattern, newValue) }
    }
}
