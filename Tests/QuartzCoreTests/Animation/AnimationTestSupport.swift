import Testing
import Foundation
@testable import QuartzCore

/// Records delegate callbacks in order.
final class EventLog: CAAnimationDelegate {
    var events: [String] = []
    let name: String
    init(_ name: String = "a") { self.name = name }
    weak var sink: SharedLog?
    func animationDidStart(_ anim: CAAnimation) { record("\(name) start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { record("\(name) stop \(flag)") }
    private func record(_ line: String) { events.append(line); sink?.lines.append(line) }
}

/// A host at time 0 with one committed root layer (bounds 100×100).
func makeHost(_ configure: (CALayer) -> Void = { _ in }) -> (CALayerHost, CALayer) {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    configure(root)
    let host = CALayerHost(rootLayer: root, startTime: 0)
    host.update(to: 0)
    return (host, root)
}

func near(_ a: CGFloat?, _ b: CGFloat, _ tol: CGFloat = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tol
}
