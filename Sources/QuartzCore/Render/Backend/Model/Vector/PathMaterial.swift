import Foundation
import CoreGraphics

/// A vector path drawn by the backend at device resolution (DESIGN.md §4's path material):
/// filled, stroked, or both (fill first, then stroke, as `CAShapeLayer` and a `CGContext`'s
/// `.fillStroke` draw). Geometry is in the quad's local space; the quad's `rect` bounds what
/// may be painted (see `paintBounds`), and nothing outside it is drawn.
///
/// `path` is compared by identity: paths in layer state are immutable copies
/// (`ValueNormalizer.path`), so the same object means the same geometry, and damage and the
/// backend's rasterisation cache compare one pointer, not the element list.
package struct PathMaterial: Sendable {
    package var path: CGPath
    package var fill: Fill?
    package var stroke: Stroke?
    /// The part of the stroke drawn, as fractions of the path's total arc length over all
    /// subpaths (`CAShapeLayer.strokeStart`/`strokeEnd`), clamped to 0…1; the fill is never
    /// trimmed. An empty range draws no stroke.
    package var trimStart: Double = 0
    package var trimEnd: Double = 1

    package struct Fill: Hashable, Sendable {
        package var color: PremultipliedColor
        package var rule: CGPathFillRule
        package init(color: PremultipliedColor, rule: CGPathFillRule = .winding) {
            self.color = color; self.rule = rule
        }
    }

    /// Stroke parameters in local units, as `CGContext`'s line state
    /// (https://developer.apple.com/documentation/quartzcore/cashapelayer/linewidth).
    package struct Stroke: Hashable, Sendable {
        package var color: PremultipliedColor
        package var width: Double
        package var cap: CGLineCap = .butt
        package var join: CGLineJoin = .miter
        package var miterLimit: Double = 10
        /// On, off, on… lengths in local units; empty for a solid line. Restarts at the trim start.
        package var dashPattern: [Double] = []
        /// How far into the pattern the stroke starts.
        package var dashPhase: Double = 0
        /// The pattern to draw with, or nil for a solid line: when it is empty, has a negative
        /// or non-finite length, sums to zero, or would cut a path of `length` into more than a
        /// million dashes (as `CGPath.copy(dashingWithPhase:lengths:)`, so no input costs
        /// without bound).
        package func dashes(alongLength length: Double) -> [Double]? {
            let d = dashPattern
            let period = d.reduce(0, +) * (d.count % 2 == 1 ? 2 : 1)
            guard !d.isEmpty, d.allSatisfy({ $0.isFinite && $0 >= 0 }), period > 0,
                  length / period * Double(d.count) <= 1_000_000 else { return nil }
            return d
        }

        package init(color: PremultipliedColor, width: Double, cap: CGLineCap = .butt, join: CGLineJoin = .miter,
                     miterLimit: Double = 10, dashPattern: [Double] = [], dashPhase: Double = 0) {
            self.color = color; self.width = width; self.cap = cap; self.join = join
            self.miterLimit = miterLimit; self.dashPattern = dashPattern; self.dashPhase = dashPhase
        }
    }

    package init(path: CGPath, fill: Fill? = nil, stroke: Stroke? = nil, trimStart: Double = 0, trimEnd: Double = 1) {
        self.path = path; self.fill = fill; self.stroke = stroke
        self.trimStart = trimStart; self.trimEnd = trimEnd
    }

    /// Everything but the path's identity (what the cache and damage compare by value).
    package var style: Style { Style(fill: fill, stroke: stroke, trimStart: trimStart, trimEnd: trimEnd) }

    package struct Style: Hashable, Sendable {
        var fill: Fill?
        var stroke: Stroke?
        var trimStart: Double
        var trimEnd: Double
    }

    /// Draws the same pixels as `other`: the same path object and the same style.
    package func drawsSame(as other: PathMaterial) -> Bool {
        path === other.path && style == other.style
    }

    /// The local-space box the material can paint: the path's bounds, grown by the stroke's
    /// reach (half the width; the miter limit times that for miter joins; √2 times that for
    /// square caps). Null for an empty path.
    package var paintBounds: CGRect {
        let box = path.boundingBoxOfPath
        guard !box.isNull, let s = stroke, s.width > 0, s.width.isFinite else { return box }
        var reach = s.width / 2
        if s.join == .miter { reach *= max(1, s.miterLimit.isFinite ? s.miterLimit : 1) }
        if s.cap == .square { reach = max(reach, s.width / 2 * 2.squareRoot()) }
        return box.insetBy(dx: -CGFloat(reach), dy: -CGFloat(reach))
    }

    /// A quad drawing `material` within its `paintBounds` (nil when the path is empty).
    package static func quad(_ material: PathMaterial, state: SharedQuadState = SharedQuadState()) -> DrawQuad? {
        let box = material.paintBounds
        guard !box.isNull, box.isFiniteValue else { return nil }
        return DrawQuad(rect: box, material: .path(material), state: state)
    }
}

extension PathMaterial {
    /// Whether every point of `path` is finite, and the length of its control polygon (an
    /// upper bound of its arc length: a Bézier curve is no longer than its control polygon).
    /// Backends check both before drawing.
    package static func controlPolygon(_ path: CGPath) -> (finite: Bool, length: Double) {
        var finite = true, length = 0.0, last = CGPoint.zero, start = CGPoint.zero
        path.applyWithBlock { e in
            let n: Int
            switch e.pointee.type {
            case .moveToPoint:
                last = e.pointee.points[0]; start = last
                finite = finite && last.x.isFinite && last.y.isFinite
                return
            case .addLineToPoint: n = 1
            case .addQuadCurveToPoint: n = 2
            case .addCurveToPoint: n = 3
            case .closeSubpath:
                length += Double(hypot(start.x - last.x, start.y - last.y)); last = start
                return
            }
            for i in 0..<n {
                let p = e.pointee.points[i]
                finite = finite && p.x.isFinite && p.y.isFinite
                length += Double(hypot(p.x - last.x, p.y - last.y)); last = p
            }
        }
        return (finite && length.isFinite, length)
    }
}
