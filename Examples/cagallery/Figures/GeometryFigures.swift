import CoreGraphics
import QuartzCore

// Programming Guide, "Layers Use Their Own Geometry": position is where the anchor point sits in
// the superlayer, so the same position with another anchor point moves the layer.

/// A small dot marking a point of the superlayer.
private func dot(at p: CGPoint, _ color: CGColor = Palette.red) -> CALayer {
    let d = box(CGRect(x: p.x - 4, y: p.y - 4, width: 8, height: 8), color)
    d.cornerRadius = 4
    d.zPosition = 1
    return d
}

@MainActor let anchorPointFigure = Figure(
    name: "01-anchor-point",
    caption: "The same position (red dot) with anchorPoint (0.5, 0.5) and (0, 0)",
    size: CGSize(width: 420, height: 220),
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 420, height: 220), Palette.paper)
        for (i, anchor) in [CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0, y: 0)].enumerated() {
            let p = CGPoint(x: i == 0 ? 110 : 250, y: i == 0 ? 110 : 60)
            let l = box(.zero, Palette.blue)
            l.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
            l.anchorPoint = anchor
            l.position = p
            root.addSublayer(l)
            root.addSublayer(dot(at: p))
            root.addSublayer(label("anchorPoint (\(anchor.x), \(anchor.y))",
                                   CGRect(x: CGFloat(i) * 200 + 30, y: 190, width: 180, height: 20)))
        }
        return root
    })

// "Transforms are applied around the anchor point": the same 30° rotation about two anchors.
@MainActor let transformAnchorFigure = Figure(
    name: "02-transform-about-anchor",
    caption: "A 30° rotation about anchorPoint (0.5, 0.5) and about (0, 0); outlines show the untransformed layers",
    size: CGSize(width: 420, height: 220),
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 420, height: 220), Palette.paper)
        for (i, anchor) in [CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0, y: 0)].enumerated() {
            let p = CGPoint(x: i == 0 ? 110 : 250, y: i == 0 ? 100 : 40)
            let outline = CALayer()
            outline.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
            outline.anchorPoint = anchor
            outline.position = p
            outline.borderWidth = 1
            outline.borderColor = Palette.grey
            let l = box(.zero, Palette.orange)
            l.bounds = outline.bounds
            l.anchorPoint = anchor
            l.position = p
            l.opacity = 0.85
            l.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            root.addSublayer(outline)
            root.addSublayer(l)
            root.addSublayer(dot(at: p))
            root.addSublayer(label("anchorPoint (\(anchor.x), \(anchor.y))",
                                   CGRect(x: CGFloat(i) * 200 + 30, y: 190, width: 180, height: 20)))
        }
        return root
    })

// "Changing the perspective of a layer": m34 = −1/500 in the superlayer's sublayerTransform,
// three cards rotated about y.
@MainActor let perspectiveFigure = Figure(
    name: "03-perspective",
    caption: "sublayerTransform.m34 = −1/500; cards rotated −50°, 0° and 50° about the y axis",
    size: CGSize(width: 420, height: 200),
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 420, height: 200), Palette.paper)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        for (i, angle) in [-50.0, 0, 50].enumerated() {
            let card = box(.zero, [Palette.blue, Palette.green, Palette.orange][i])
            card.bounds = CGRect(x: 0, y: 0, width: 100, height: 120)
            card.position = CGPoint(x: 80 + CGFloat(i) * 130, y: 100)
            card.cornerRadius = 10
            card.borderWidth = 3
            card.borderColor = Palette.ink
            card.transform = CATransform3DMakeRotation(CGFloat(angle * .pi / 180), 0, 1, 0)
            root.addSublayer(card)
        }
        return root
    })
