import CoreGraphics
import QuartzCore

// "Adding, Inserting, and Removing Sublayers": the tree operations, each leaving an overlapping
// square whose place in the back-to-front order shows what the call did.
@MainActor let layerTreeFigure = Figure(
    name: "08-layer-tree",
    caption: "addSublayer A, B; insertSublayer C at 0 (behind); insertSublayer D above A; replace B with E; remove nothing else",
    size: CGSize(width: 400, height: 200),
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 400, height: 200), Palette.paper)
        func square(_ name: String, _ i: Int, _ color: CGColor) -> CALayer {
            let l = box(CGRect(x: 40 + CGFloat(i) * 55, y: 40 + CGFloat(i % 2) * 30, width: 100, height: 100), color)
            l.borderWidth = 2
            l.borderColor = Palette.ink
            l.name = name
            l.addSublayer(label(name, CGRect(x: 4, y: 4, width: 30, height: 20), size: 14))
            return l
        }
        let a = square("A", 1, Palette.blue), b = square("B", 2, Palette.orange)
        let c = square("C", 0, Palette.green), d = square("D", 3, Palette.red)
        let e = square("E", 4, Palette.grey)
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        root.insertSublayer(d, above: a)
        root.replaceSublayer(b, with: e)
        let order = (root.sublayers ?? []).compactMap(\.name).joined(separator: " ")
        root.addSublayer(label("back to front: \(order)", CGRect(x: 20, y: 172, width: 360, height: 20)))
        return root
    })

// "Drawing the contents using the delegate": the guide's curve, drawn by a layer delegate's
// draw(_:in:) into the layer's backing store.
final class CurveDelegate: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 15, y: 15))
        path.addCurve(to: CGPoint(x: 295, y: 15), control1: CGPoint(x: 15, y: 250), control2: CGPoint(x: 295, y: 250))
        ctx.beginPath()
        ctx.addPath(path)
        ctx.setLineWidth(5)
        ctx.setStrokeColor(Palette.ink)
        ctx.strokePath()
    }
}

@MainActor let delegateCurveFigure = Figure(
    name: "09-delegate-drawing",
    caption: "A curve drawn by the layer delegate's draw(_:in:) (the guide's listing), in a 310×270 layer",
    size: CGSize(width: 330, height: 290),
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 330, height: 290), Palette.paper)
        let l = box(CGRect(x: 10, y: 10, width: 310, height: 270), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        let d = CurveDelegate()
        labelDelegates.append(d)
        l.delegate = d
        l.setNeedsDisplay()
        root.addSublayer(l)
        return root
    })
