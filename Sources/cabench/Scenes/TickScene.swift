// issue 4's benchmark: one tick of 1,000 / 10,000 layers with one animation each, i.e. every
// layer's presentation state evaluated at one time t; ns per animation per tick.
import QuartzCore

struct TickScene: BenchScene {
    let name = "tick"
    let summary = "evaluate every layer's animated state at time t (one CABasicAnimation each); ns per layer per tick"

    func cases() -> [BenchCase] {
        [
            tickCase(count: 1_000, rotation: false),
            tickCase(count: 10_000, rotation: false),
            tickCase(count: 10_000, rotation: true),
        ]
    }

    private func tickCase(count: Int, rotation: Bool) -> BenchCase {
        let what = rotation ? "transform.rotation.z" : "position"
        return BenchCase(
            label: "\(count.formatted()) layers × 1 animation on \(what)", unit: .nanosecondsPer("layer"),
            // The target judges the first subject: the ticker, which frames use
            // (`FrameAnimations`); the evaluator and `presentation()` rows are information.
            target: BenchTarget(limit: 100, text: "AnimationTicker.tick (what frames use) ≤ 100 ns per layer per tick"),
            subjects: [ticker(count, rotation), evaluator(count, rotation), presentation(count, rotation), floor(count, rotation)],
            frames: count >= 10_000 ? 10 : 50)
    }

    /// Sublayers of one root, each running an endless ease-in-ease-out animation.
    private func fixture(_ count: Int, _ rotation: Bool) -> LayerFixture {
        LayerFixture(count: count) { i, l in
            let a: CABasicAnimation
            if rotation {
                a = CABasicAnimation(keyPath: "transform.rotation.z")
                a.fromValue = 0 as CGFloat
                a.toValue = 2 * CGFloat.pi
            } else {
                a = CABasicAnimation(keyPath: "position")
                a.fromValue = l.position
                a.toValue = CGPoint(x: l.position.x + 100, y: l.position.y + 50)
            }
            a.duration = 1
            a.repeatCount = .infinity
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            l.add(a, forKey: "bench")
        }
    }

    /// nil when every layer is committed with its one animation and the first one is seen moving
    /// (its presentation value differs from the model value).
    private func check(_ f: LayerFixture, _ rotation: Bool) -> String? {
        if let e = f.checkCommitted() { return e }
        guard f.layers.allSatisfy({ $0.committed?.animations.count == 1 }) else { return "animations not committed" }
        guard let p = f.layers[0].presentation() else { return "no presentation" }
        let moving = rotation ? !CATransform3DEqualToTransform(p.transform, f.layers[0].transform)
                              : p.position != f.layers[0].position
        return moving ? nil : "the presentation value is the model value"
    }

    /// What the render side does per layer: the committed state through `AnimationEvaluator`.
    /// The root's local time is the media time (default timing); each layer's comes from it.
    private func evaluator(_ count: Int, _ rotation: Bool) -> Subject {
        Subject(name: "AnimationEvaluator.apply (committed state)", isPeer: false, operationsPerIteration: count) {
            let f = fixture(count, rotation)
            return Iteration(body: {
                let t = CACurrentMediaTime()
                for l in f.layers {
                    guard let c = l.committed else { continue }
                    var state = c.state, custom = c.customValues
                    let local = MediaTiming.localTime(fromParent: t, beginTime: l.beginTime, speed: l.speed,
                                                      timeOffset: l.timeOffset)
                    AnimationEvaluator.apply(c.animations, to: &state, custom: &custom,
                                             table: l.classInfo.table, at: local)
                    blackHole(state)
                }
            }, check: { check(f, rotation) })
        }
    }

    /// The render side's form (DESIGN.md §4): every running compiled animation in one
    /// contiguous array (`AnimationTicker`), each tick resetting and writing only the animated
    /// fields of presentation states kept between ticks.
    private func ticker(_ count: Int, _ rotation: Bool) -> Subject {
        Subject(name: "AnimationTicker.tick (contiguous compiled animations)", isPeer: false,
                operationsPerIteration: count) {
            let f = fixture(count, rotation)
            var ticker = AnimationTicker()
            if let rc = f.root.committed {
                let root = ticker.add(rc, table: f.root.classInfo.table, parent: nil)
                for l in f.layers {
                    if let c = l.committed { ticker.add(c, table: l.classInfo.table, parent: root) }
                }
            }
            return Iteration(body: {
                ticker.tick(at: CACurrentMediaTime())
                blackHole(ticker.states)
            }, check: {
                if let e = check(f, rotation) { return e }
                return ticker.compiledCount == count ? nil : "\(ticker.compiledCount) of \(count) animations compiled"
            })
        }
    }

    /// The public way: `presentation()` per layer (a copy of the root and of the layer each).
    private func presentation(_ count: Int, _ rotation: Bool) -> Subject {
        Subject(name: "CALayer.presentation() per layer", isPeer: false, operationsPerIteration: count) {
            let f = fixture(count, rotation)
            return Iteration(body: {
                for l in f.layers {
                    if rotation { blackHole(l.presentation()?.transform) } else { blackHole(l.presentation()?.position) }
                }
            }, check: { check(f, rotation) })
        }
    }

    /// The arithmetic floor: per layer, the eased fraction (each layer its own phase, as each
    /// animation has its own begin time) and the interpolated value, into plain structs.
    private func floor(_ count: Int, _ rotation: Bool) -> Subject {
        Subject(name: "Swift ease + lerp into structs (floor)", isPeer: true, operationsPerIteration: count) {
            let f = StructFixture(count: count)
            let ease = CAMediaTimingFunction(name: .easeInEaseOut)
            var transforms = Array(repeating: CATransform3DIdentity, count: count)
            return Iteration(body: {
                let t = CACurrentMediaTime()
                func eased(_ i: Int) -> CGFloat {
                    let u = t + Double(i) * 1e-4
                    return CGFloat(ease.output(at: u - u.rounded(.down)))
                }
                if rotation {
                    transforms.withUnsafeMutableBufferPointer { b in
                        for i in b.indices { b[i] = CATransform3DMakeRotation(eased(i) * 2 * .pi, 0, 0, 1) }
                    }
                    blackHole(transforms)
                } else {
                    f.records.withUnsafeMutableBufferPointer { b in
                        for i in b.indices {
                            let x = eased(i), p = CGPoint(x: Double(i % 1920), y: Double(i / 1920))
                            b[i].position = CGPoint(x: p.x + 100 * x, y: p.y + 50 * x)
                        }
                    }
                    blackHole(f.records)
                }
            })
        }
    }
}
