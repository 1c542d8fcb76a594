import Foundation
import CoreGraphics
import QuartzCore

/// A shape layer's items as layers (https://lottiefiles.github.io/lottie-docs/shapes/): each
/// group is a layer with the group's transform; each fill, stroke or gradient is a
/// `CAShapeLayer` (or a `CAGradientLayer` masked by one) over the paths listed before it in
/// its group, and also inside each group listed before it (where its layer goes beneath that
/// group's own items). Earlier items draw on top. Trim paths apply to the strokes of the paths
/// before them (`strokeStart`/`strokeEnd`); repeaters copy them (`RepeaterBuilder`).
struct ShapeGroupBuilder {
    let factory: AnimationFactory

    struct Trim { var start: VectorTrack, end: VectorTrack, offset: VectorTrack, sequential: Bool }

    func build(_ items: [LottieShapeItem], into layer: CALayer) {
        buildGroup(items, into: layer, inheritedPaints: [], inheritedTrims: [], inheritedRound: nil)
    }

    private func buildGroup(_ items: [LottieShapeItem], into layer: CALayer, inheritedPaints: [LottieShapeItem],
                            inheritedTrims: [Trim], inheritedRound: VectorTrack?) {
        var trims = inheritedTrims
        var round = inheritedRound
        for item in items {
            switch item {
            case .trim(let s, let e, let o, let seq): trims.insert(Trim(start: s, end: e, offset: o, sequential: seq), at: 0)
            case .roundCorners(let r): round = r
            default: break
            }
        }
        buildItems(items, into: layer, inheritedPaints: inheritedPaints, trims: trims, round: round)
    }

    /// A group's items after its modifiers are known. A repeater repeats the items listed
    /// before it (painted also by the paints after it) in a `CAReplicatorLayer` above the
    /// items after it.
    private func buildItems(_ items: [LottieShapeItem], into layer: CALayer, inheritedPaints: [LottieShapeItem],
                            trims: [Trim], round: VectorTrack?) {
        if let k = items.lastIndex(where: { if case .repeater = $0 { return true }; return false }),
           case .repeater(let spec) = items[k] {
            let after = Array(items[(k + 1)...])
            buildItems(after, into: layer, inheritedPaints: inheritedPaints, trims: trims, round: round)
            let (replicator, content) = RepeaterBuilder(factory: factory).make(spec)
            buildItems(Array(items[..<k]), into: content, inheritedPaints: after.filter { $0.isPaint } + inheritedPaints,
                       trims: trims, round: round)
            layer.addSublayer(replicator)
            return
        }
        var drawn: [CALayer] = []   // top first
        var paths: [PathSource] = []
        for (k, item) in items.enumerated() {
            if var source = PathSource(item) {
                source.roundCorners = round
                paths.append(source)
                continue
            }
            switch item {
            case .group(let sub, let transform):
                let g = CALayer()
                TransformBuilder(factory: factory).apply(transform, to: g, opacity: true)
                let later = items[(k + 1)...].filter(\.isPaint)
                buildGroup(sub, into: g, inheritedPaints: later + inheritedPaints, inheritedTrims: trims, inheritedRound: round)
                drawn.append(g)
            case .fill, .stroke, .gradientFill, .gradientStroke:
                if !paths.isEmpty { drawn.append(contentsOf: paint(item, paths: paths, trims: trims)) }
            default: break
            }
        }
        if !paths.isEmpty {
            for p in inheritedPaints { drawn.append(contentsOf: paint(p, paths: paths, trims: trims)) }
        }
        for l in drawn.reversed() { layer.addSublayer(l) }
    }

    /// The layers that draw `item` over `paths`.
    private func paint(_ item: LottieShapeItem, paths: [PathSource], trims: [Trim]) -> [CALayer] {
        let trim = trims.first
        let isStroke: Bool
        switch item { case .stroke, .gradientStroke: isStroke = true; default: isStroke = false }
        // A trim on several paths at once trims each path by itself.
        if let trim, isStroke, !trim.sequential, paths.count > 1 {
            return paths.flatMap { paint(item, paths: [$0], trims: [trim]) }
        }
        if let trim, !isStroke, Self.trimmedAway(trim) { return [] }
        let painter = Painter(factory: factory, paths: paths, trim: isStroke ? trim : nil)
        switch item {
        case .fill(let p): return [painter.fill(p)]
        case .stroke(let p, let s): return painter.stroke(p, s)
        case .gradientFill(let g): return [painter.gradient(g, stroke: nil)]
        case .gradientStroke(let g, let s): return [painter.gradient(g, stroke: s)]
        default: return []
        }
    }

    /// A trim that keeps nothing at any time (start = end, fixed): the fill disappears too.
    static func trimmedAway(_ t: Trim) -> Bool {
        !t.start.isAnimated && !t.end.isAnimated && (t.start.first.first ?? 0) == (t.end.first.first ?? 100)
    }
}

extension LottieShapeItem {
    var isPaint: Bool {
        switch self { case .fill, .stroke, .gradientFill, .gradientStroke: return true; default: return false }
    }
}
