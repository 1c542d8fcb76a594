// issue 3's benchmark: setting `position` on 10,000 committed layers, ns per set.
import QuartzCore

struct LayerSetScene: BenchScene {
    let name = "layer-set"
    let summary = "set position on 10,000 committed layers in one explicit transaction; ns per set"
    let count = 10_000

    func cases() -> [BenchCase] {
        [
            BenchCase(label: "10,000 layers, disableActions true", unit: .nanosecondsPer("set"),
                      subjects: [ours(actions: false), floor()], frames: 50),
            BenchCase(label: "10,000 layers, actions enabled (an implicit animation per set)",
                      unit: .nanosecondsPer("set"), subjects: [ours(actions: true), floor()]),
        ]
    }

    /// The setter only: the transaction opens before the clock starts and commits after it stops.
    private func ours(actions: Bool) -> Subject {
        Subject(name: "CALayer.position", isPeer: false, operationsPerIteration: count) {
            let f = LayerFixture(count: count, shown: actions)
            var k = 0.0
            return Iteration(
                prepare: {
                    CATransaction.begin()
                    CATransaction.setDisableActions(!actions)
                    k += 1
                },
                body: {
                    let p = CGPoint(x: k, y: k)
                    for l in f.layers { l.position = p }
                },
                finish: { CATransaction.commit() },
                check: {
                    let l = f.layers[0], model = CGPoint(x: k, y: k)
                    if let e = f.checkCommitted() { return e }
                    if l.position != model { return "position was not set" }
                    if actions != (l.animation(forKey: "position") != nil) { return "implicit animation \(actions ? "missing" : "unexpected")" }
                    return actions || l.presentation()?.position == model ? nil : "the change was not committed"
                })
        }
    }

    /// The floor: the same CGPoint stored into 10,000 plain structs.
    private func floor() -> Subject {
        Subject(name: "Swift array of structs (floor)", isPeer: true, operationsPerIteration: count) {
            let f = StructFixture(count: count)
            var k = 0.0
            return Iteration(body: {
                k += 1
                let p = CGPoint(x: k, y: k)
                f.records.withUnsafeMutableBufferPointer { b in
                    for i in b.indices { b[i].position = p }
                }
                blackHole(f.records)
            })
        }
    }
}
