import Foundation
import CoreGraphics
import QuartzCore

/// A Lottie animation as a Core Animation layer tree, paused at a chosen moment.
///
/// `layer` is `animation.size` points (y down, origin top-left) with the composition's layers
/// inside, each Lottie property a `CAKeyframeAnimation` in the layer's local time (seconds =
/// frames ÷ frame rate). Playback is the root's timing, as lottie-ios's Core Animation engine
/// does it: `speed` 0 and `timeOffset` the time shown (frame ÷ frame rate), so
/// `presentation()` of the tree, or any renderer, shows that frame
/// (https://developer.apple.com/documentation/quartzcore/camediatiming/timeoffset).
public final class LottieLayer {
    public let animation: LottieAnimation
    /// The root layer: bounds `(0, 0, width, height)` of the animation.
    public let layer: CALayer
    /// What the file held that is not drawn, plus anything skipped while building.
    public let warnings: [LottieWarning]

    /// Builds the tree. `textDocuments` says how keyframed text (a text layer with several
    /// documents) is drawn: `.first` by default, as lottie-ios's Core Animation engine does.
    public init(animation: LottieAnimation, textDocuments: LottieTextDocumentPlayback = .first) {
        self.animation = animation
        let log = WarningLog()
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: animation.size)
        root.masksToBounds = true
        let builder = CompositionBuilder(animation: animation, log: log)
        builder.textDocuments = textDocuments
        builder.build(animation.layers, size: animation.size,
                      clock: LottieClock(map: nil, range: animation.inPoint...animation.outPoint),
                      into: root, depth: 0, path: "layers")
        root.speed = 0
        layer = root
        var all = animation.warnings
        for w in log.warnings where !all.contains(w) { all.append(w) }
        warnings = all
        self.frame = animation.inPoint
    }

    /// The frame shown (Lottie frames, `inPoint…outPoint`; clamped there).
    public var frame: Double {
        didSet {
            let f = min(max(frame.isFinite ? frame : animation.inPoint, animation.inPoint), animation.outPoint)
            if f != frame { frame = f; return }
            // The last frame shows what is visible just before the out point (layers ending
            // at the out point are still drawn), as the player holds its final frame.
            let shown = f >= animation.outPoint ? f - 1e-3 : f
            layer.timeOffset = shown / animation.frameRate
        }
    }

    /// The share of the animation shown, 0…1 (`inPoint + progress × (outPoint − inPoint)`).
    public var progress: Double {
        get { (frame - animation.inPoint) / (animation.outPoint - animation.inPoint) }
        set { frame = animation.inPoint + (newValue.isFinite ? newValue : 0) * (animation.outPoint - animation.inPoint) }
    }

    /// The time shown in seconds from the start (`progress × duration`).
    public var time: Double {
        get { (frame - animation.inPoint) / animation.frameRate }
        set { frame = animation.inPoint + newValue * animation.frameRate }
    }
}
