// issue 7's `damage`: one 64×64 layer animating over a static 10,000-layer tree; "full repaint"
// is the same renderer with damage tracking switched off. Target: ≤ 0.05× the full repaint.
import QuartzCore

struct DamageScene: BenchScene {
    let name = "damage"
    let summary = "one 64×64 layer moving over a static 10,000-layer tree at 1280×720; ms per frame, damage on vs off"

    func cases() -> [BenchCase] {
        [BenchCase(label: "10,000 static layers + 1 moving 64×64 layer, 1280×720 (ratio target ≤ 0.05)",
                   unit: .millisecondsPer("frame"), target: nil,
                   subjects: [frames(tracking: true), frames(tracking: false)], frames: 20)]
    }

    private func frames(tracking: Bool) -> Subject {
        Subject(name: tracking ? "CAOffscreenRenderer.frame, damage tracking" : "same frames, full repaint",
                isPeer: !tracking) {
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 1280, height: 720)
            root.anchorPoint = .zero
            root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
            for i in 0..<10_000 {
                let l = CALayer()
                l.frame = CGRect(x: CGFloat(i % 125) * 10.24, y: CGFloat(i / 125) * 9, width: 8, height: 7)
                l.backgroundColor = CGColor(srgbRed: 0.2, green: 0.4, blue: CGFloat(i % 7) / 7, alpha: 1)
                root.addSublayer(l)
            }
            let mover = CALayer()
            mover.frame = CGRect(x: 0, y: 300, width: 64, height: 64)
            mover.backgroundColor = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.8)
            mover.cornerRadius = 12
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 32; a.toValue = 1248; a.duration = 1000; a.fillMode = .both
            mover.add(a, forKey: "move")
            root.addSublayer(mover)
            let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 1280, height: 720))!
            r.isDamageTrackingEnabled = tracking
            var n = 0.0
            _ = r.frame(at: 0)
            return Iteration(
                body: { n += 1; blackHole(r.frame(at: n / 60)?.width ?? 0) },
                check: { tracking && r.lastDamage.width > 200 ? "damage too large: \(r.lastDamage)" : nil })
        }
    }
}
