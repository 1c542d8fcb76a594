import Foundation
import QuartzCore
import CAML
import Lottie

/// What a window plays: a layer tree set up as `render` sets it up, its size and orientation, and
/// the scene's states (none for Lottie). `renderer` is the offscreen host the tree was set up on
/// (its first frame checks the scene draws, within the work budget, before a window opens).
protocol PlayContent: AnyObject {
    var renderer: CAOffscreenRenderer { get }
    var stateNames: [String] { get }
    var currentState: String? { get }
    /// Moves to `state`, its transitions starting at the scene time shown now.
    func go(to state: String)
    /// Readies the tree for scene time `t` (seconds since play's start) and returns the time
    /// the tree's root shows then.
    func prepare(_ t: Double) -> Double
}

extension PlayContent {
    var rootLayer: CALayer { renderer.rootLayer }
    /// The content's size in points.
    var size: CGSize { renderer.size }
    /// Whether the content is y down (Lottie), not y up (CAML scenes).
    var isFlipped: Bool { renderer.isFlipped }
}

/// A CAML scene (`.ca`, `.caml`, `.wallpaper`), set up as `render` sets it up (`SceneSetup`).
final class CAMLContent: PlayContent {
    let setup: SceneSetup
    init(_ setup: SceneSetup) { self.setup = setup }

    var renderer: CAOffscreenRenderer { setup.renderer }
    var stateNames: [String] { setup.scene.stateNames }
    var currentState: String? { setup.scene.currentState }

    func go(to state: String) {
        // From no state: "" has no values of its own, so the base values are the from-values
        // and only `* → state` transitions match. Added now: the window's stage converts the
        // media clock's now to the scene time it shows (`Player`).
        let from = currentState ?? ""
        setup.scene.transition(from: from, to: state)
    }

    func prepare(_ t: Double) -> Double { t }
}

/// A Lottie animation, looping at its own frame rate, in a view of its size (as `render`).
final class LottieContent: PlayContent {
    let lottie: LottieLayer
    let renderer: CAOffscreenRenderer

    init?(_ lottie: LottieLayer, viewSize: CGSize, scale: CGFloat) {
        guard let r = CAOffscreenRenderer(rootLayer: lottie.makeView(viewSize: viewSize), size: viewSize,
                                          scale: scale, flipped: true) else { return nil }
        self.lottie = lottie; renderer = r
    }

    var stateNames: [String] { [] }
    var currentState: String? { nil }
    func go(to state: String) {}

    func prepare(_ t: Double) -> Double {
        let a = lottie.animation
        let length = max(a.outPoint - a.inPoint, 1e-9)
        lottie.frame = a.inPoint + (t * a.frameRate).truncatingRemainder(dividingBy: length)
        return t
    }
}
