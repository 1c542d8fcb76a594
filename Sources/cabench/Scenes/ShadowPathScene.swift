// Issue 11 B.5's `shadowpath`: 100 still cards casting `shadowPath` shadows and one small layer
// moving over them. The shadow paths are path materials (cached rasterisations, compared by
// identity), so a frame repaints only around the mover; before, every shadow path was a new
// texture each frame and the whole frame was damage. Peer: the same renderer repainting fully.
import QuartzCore

struct ShadowPathScene: BenchScene {
    let name = "shadowpath"
    let summary = "100 still cards with shadowPath shadows + 1 moving 32×32 layer at 1280×720; ms per frame, damage on vs off"

    func cases() -> [BenchCase] {
        [BenchCase(label: "100 shadowPath cards + 1 moving layer, 1280×720",
                   unit: .millisecondsPer("frame"), target: nil,
                   subjects: MoverOverStaticTree.subjects(
                       mover: CGRect(x: 0, y: 690, width: 32, height: 24),
                       color: CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1),
                       fromX: 16, toX: 1264, maximumDamageWidth: 100,
                       background: CGColor(srgbRed: 0.95, green: 0.95, blue: 0.97, alpha: 1)) { root in
                           for i in 0..<100 {
                               let card = CALayer()
                               card.frame = CGRect(x: 20 + CGFloat(i % 10) * 125, y: 20 + CGFloat(i / 10) * 70,
                                                   width: 100, height: 50)
                               card.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
                               card.cornerRadius = 8
                               card.shadowOpacity = 0.3; card.shadowRadius = 6; card.shadowOffset = CGSize(width: 0, height: 3)
                               card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 8, cornerHeight: 8, transform: nil)
                               root.addSublayer(card)
                           }
                       },
                   frames: 20)]
    }
}
