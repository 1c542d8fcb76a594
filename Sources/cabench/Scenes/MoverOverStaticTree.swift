import QuartzCore

/// The two subjects of the damage scenes (`damage`, `shadowpath`): a static tree with one layer
/// moving along x over it at 1280×720, rendered with damage tracking and, as the peer, with full
/// repaints by the same renderer. `build` adds the static layers to the root; the mover runs
/// from `fromX` to `toX` over 1000 s, so 20 frames at 60 fps move it a few points each.
enum MoverOverStaticTree {
    static func subjects(mover frame: CGRect, color: CGColor, cornerRadius: CGFloat = 0,
                         fromX: Double, toX: Double, maximumDamageWidth: CGFloat,
                         background: CGColor, build: @escaping (CALayer) -> Void) -> [Subject] {
        [true, false].map { tracking in
            Subject(name: tracking ? "CAOffscreenRenderer.frame, damage tracking" : "same frames, full repaint",
                    isPeer: !tracking) {
                let root = CALayer()
                root.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
                root.anchorPoint = .zero
                root.backgroundColor = background
                build(root)
                let mover = CALayer()
                mover.frame = frame
                mover.backgroundColor = color
                mover.cornerRadius = cornerRadius
                let a = CABasicAnimation(keyPath: "position.x")
                a.fromValue = fromX; a.toValue = toX; a.duration = 1000; a.fillMode = .both
                mover.add(a, forKey: "move")
                root.addSublayer(mover)
                let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 1280, height: 720))!
                r.isDamageTrackingEnabled = tracking
                BenchBackend.install(on: r)
                var n = 0.0
                _ = r.frame(at: 0)
                return Iteration(
                    body: { n += 1; blackHole(r.frame(at: n / 60)?.width ?? 0) },
                    check: { tracking && r.lastDamage.width > maximumDamageWidth ? "damage too large: \(r.lastDamage)" : nil })
            }
        }
    }
}
