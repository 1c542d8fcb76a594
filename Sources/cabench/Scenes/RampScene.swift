// issue 7's `ramp`, after MotionMark: the largest number of `sprites`-scene sprites (64×64,
// moving, rotating, fading) that still renders at 60 frames per second, found by doubling and
// then bisection on the count, for ours and for the cairo peer. Higher is better here.
import CPeer
import Foundation

struct RampScene: BenchScene {
    let name = "ramp"
    let summary = "largest sprite count (64×64, moving, rotating, fading) drawn within 16.7 ms per frame; ours vs cairo in C"
    /// A 60 Hz frame.
    static let budgetMs = 1000.0 / 60

    func cases() -> [BenchCase] {
        [BenchCase(label: "sprites drawn within 16.7 ms (median of 5 frames per probe; higher is better)",
                   unit: .count("sprites at 60 fps"), subjects: [], custom: { repeats, quick in
                       let ours = (0..<repeats).map { _ in Double(Self.search(quick: quick, probe: Self.oursProbe())) }
                       let peer = (0..<repeats).map { _ in Double(Self.search(quick: quick, probe: Self.cairoProbe())) }
                       return [Self.row("CAOffscreenRenderer.frame (layers set + committed untimed)", peer: false, ours),
                               Self.row("cairo (C): clip + paint_with_alpha per sprite", peer: true, peer)]
                   })]
    }

    private static func row(_ name: String, peer: Bool, _ values: [Double]) -> Measurement {
        Measurement(subject: name, isPeer: peer, values: values, iterationNanoseconds: 0, bytesPerIteration: 0)
    }

    /// A probe draws `frames` frames of `count` sprites and returns each frame's milliseconds.
    typealias Probe = (_ count: Int, _ frames: Int) -> [Double]

    /// The largest count whose median frame time is within budget (0 if even 16 sprites miss).
    static func search(quick: Bool, probe: Probe) -> Int {
        let frames = quick ? 1 : 5
        func fits(_ n: Int) -> Bool { Stats.median(probe(n, frames)) <= budgetMs }
        var lo = 0, n = 16, hi = 0
        while hi == 0 {
            if fits(n) { lo = n; n *= 2; if n > 1 << 17 { return lo } } else { hi = n }
        }
        // Bisect to within 3% (25% in a quick run).
        while hi - lo > max(lo / (quick ? 4 : 32), 4) {
            let mid = (lo + hi) / 2
            if fits(mid) { lo = mid } else { hi = mid }
        }
        return lo
    }

    static func oursProbe() -> Probe {
        let scene = LayerSprites(image: SpritesScene.image.get())
        var frame = 0
        return { count, frames in
            scene.resize(to: count)
            let motion = SpritesScene.motion(count)
            // One untimed frame first: new layers' textures and the full repaint.
            scene.apply(motion.sprites(frame: frame)); scene.render()
            return (0..<frames).map { _ in
                frame += 1
                scene.apply(motion.sprites(frame: frame))
                let t0 = nanosecondsNow()
                scene.render()
                return Double(nanosecondsNow() - t0) / 1e6
            }
        }
    }

    static func cairoProbe() -> Probe {
        let image = SpritesScene.image.get(), target = PeerFrame()
        var frame = 0
        return { count, frames in
            let motion = SpritesScene.motion(count)
            RenderCases.cairoPeer(target, image, motion.sprites(frame: frame))
            return (0..<frames).map { _ in
                frame += 1
                let sprites = motion.sprites(frame: frame)
                let t0 = nanosecondsNow()
                RenderCases.cairoPeer(target, image, sprites)
                return Double(nanosecondsNow() - t0) / 1e6
            }
        }
    }
}
