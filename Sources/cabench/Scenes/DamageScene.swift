// issue 7's `damage`: one 64×64 layer animating over a static 10,000-layer tree; "full repaint"
// is the same renderer with damage tracking switched off. Target: ≤ 0.05× the full repaint.
import QuartzCore

struct DamageScene: BenchScene {
    let name = "damage"
    let summary = "one 64×64 layer moving over a static 10,000-layer tree at 1280×720; ms per frame, damage on vs off"

    func cases() -> [BenchCase] {
        [BenchCase(label: "10,000 static layers + 1 moving 64×64 layer, 1280×720 (ratio target ≤ 0.05)",
                   unit: .millisecondsPer("frame"), target: nil,
                   subjects: MoverOverStaticTree.subjects(
                       mover: CGRect(x: 0, y: 300, width: 64, height: 64),
                       color: CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.8), cornerRadius: 12,
                       fromX: 32, toX: 1248, maximumDamageWidth: 200,
                       background: CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)) { root in
                           for i in 0..<10_000 {
                               let l = CALayer()
                               l.frame = CGRect(x: CGFloat(i % 125) * 10.24, y: CGFloat(i / 125) * 9, width: 8, height: 7)
                               l.backgroundColor = CGColor(srgbRed: 0.2, green: 0.4, blue: CGFloat(i % 7) / 7, alpha: 1)
                               root.addSublayer(l)
                           }
                       },
                   frames: 20)]
    }
}
