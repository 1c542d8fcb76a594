import CoreGraphics
import QuartzCore

// "Animating Simple Changes to a Layer's Properties": an implicit fade (set opacity; the default
// action animates over the transaction's 0.25 s) and the explicit CABasicAnimation fade.

/// The layer the animation figures animate (found by name in the built tree).
private func subject(_ root: CALayer) -> CALayer { root.sublayers!.first { $0.name == "subject" }! }

private func fadeScene() -> CALayer {
    let root = box(CGRect(x: 0, y: 0, width: 140, height: 120), Palette.paper)
    let l = box(CGRect(x: 20, y: 20, width: 100, height: 80), Palette.blue)
    l.name = "subject"
    l.cornerRadius = 10
    root.addSublayer(l)
    return root
}

@MainActor let implicitFadeFigure = Figure(
    name: "10-implicit-fade",
    caption: "layer.opacity = 0 in an implicit transaction: the default action fades over 0.25 s",
    size: CGSize(width: 140, height: 120),
    times: [0, 0.0625, 0.125, 0.1875, 0.25],
    build: fadeScene,
    afterFirstCommit: { root in subject(root).opacity = 0 })

@MainActor let explicitFadeFigure = Figure(
    name: "11-explicit-fade",
    caption: "CABasicAnimation(keyPath: \"opacity\") from 1 to 0 over 1 s, the model value set to 0 with actions disabled",
    size: CGSize(width: 140, height: 120),
    times: [0, 0.25, 0.5, 0.75, 1.0],
    build: fadeScene,
    afterFirstCommit: { root in
        let l = subject(root)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 1
        l.add(fade, forKey: "opacity")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.opacity = 0
        CATransaction.commit()
    })

// "Using a Keyframe Animation": position along a path of two curves (a bounce), 5 s long in
// the guide; here 2 s, with the path traced by a shape drawn underneath.
func makeBouncePath() -> CGPath {
    let p = CGMutablePath()
    p.move(to: CGPoint(x: 30, y: 130))
    p.addCurve(to: CGPoint(x: 140, y: 130), control1: CGPoint(x: 30, y: 10), control2: CGPoint(x: 140, y: 10))
    p.addCurve(to: CGPoint(x: 250, y: 130), control1: CGPoint(x: 140, y: 40), control2: CGPoint(x: 250, y: 40))
    return p
}

final class PathTraceDelegate: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.addPath(makeBouncePath())
        ctx.setStrokeColor(Palette.grey)
        ctx.setLineWidth(2)
        ctx.setLineDash(phase: 0, lengths: [6, 4])
        ctx.strokePath()
    }
}

@MainActor let keyframePathFigure = Figure(
    name: "12-keyframe-path",
    caption: "CAKeyframeAnimation on position along a two-curve path, 2 s, calculationMode paced",
    size: CGSize(width: 280, height: 150),
    times: [0, 0.5, 1, 1.5, 2],
    build: {
        let root = box(CGRect(x: 0, y: 0, width: 280, height: 150), Palette.paper)
        let trace = CALayer()
        trace.frame = root.bounds
        let d = PathTraceDelegate()
        labelDelegates.append(d)
        trace.delegate = d
        trace.setNeedsDisplay()
        root.addSublayer(trace)
        let ball = box(CGRect(x: 15, y: 115, width: 30, height: 30), Palette.red)
        ball.cornerRadius = 15
        ball.name = "subject"
        root.addSublayer(ball)
        return root
    },
    afterFirstCommit: { root in
        let ball = subject(root)
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = makeBouncePath()
        move.duration = 2
        move.calculationMode = .paced
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        ball.add(move, forKey: "bounce")
    })
