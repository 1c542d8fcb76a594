// issue 7's commit half of `tick-commit`: 10,000 layers each with one changed property, the
// time of `CATransaction.flush()` (the commit that snapshots them for the render side).
import QuartzCore

struct CommitScene: BenchScene {
    let name = "commit"
    let summary = "CATransaction.flush() after changing one property on each of N layers; ms per commit"

    func cases() -> [BenchCase] {
        [
            commitCase(count: 1_000, actions: false),
            commitCase(count: 10_000, actions: false),
            commitCase(count: 10_000, actions: true),
        ]
    }

    private func commitCase(count: Int, actions: Bool) -> BenchCase {
        let label = "\(count.formatted()) layers, position changed"
            + (actions ? ", implicit animations (begin times resolved)" : ", actions disabled")
        return BenchCase(label: label, unit: .millisecondsPer("commit"),
                         target: count == 10_000 ? BenchTarget(limit: 2, text: "≤ 2 ms per commit") : nil,
                         subjects: [flush(count, actions), snapshotFloor(count)], frames: 20)
    }

    /// The changes are made untimed, in the implicit transaction they open; only the flush is timed.
    private func flush(_ count: Int, _ actions: Bool) -> Subject {
        Subject(name: "CATransaction.flush()", isPeer: false) {
            let f = LayerFixture(count: count, shown: actions)
            var k = 0.0
            return Iteration(
                prepare: {
                    CATransaction.setDisableActions(!actions)
                    k += 1
                    for l in f.layers { l.position = CGPoint(x: k, y: k) }
                },
                body: { CATransaction.flush() },
                check: {
                    let l = f.layers[0]
                    if let e = f.checkCommitted() { return e }
                    if actions { return l.animation(forKey: "position") == nil ? "implicit animation missing" : nil }
                    return l.presentation()?.position == CGPoint(x: k, y: k) ? nil : "the change was not committed"
                })
        }
    }

    /// The floor of a snapshot by copy: memcpy of `count` records the size of a layer's state.
    private func snapshotFloor(_ count: Int) -> Subject {
        let bytes = count * MemoryLayout<LayerState>.stride
        return Subject(name: "memcpy of \(count.formatted()) × \(MemoryLayout<LayerState>.stride) B states (floor)",
                       isPeer: true, bytesPerIteration: 2 * bytes) {
            let b = RawBuffers(bytes: bytes)
            return Iteration(body: { b.target.copyMemory(from: b.source, byteCount: bytes) })
        }
    }
}
