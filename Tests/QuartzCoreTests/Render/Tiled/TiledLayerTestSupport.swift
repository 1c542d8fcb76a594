import Foundation
import CoreGraphics
import Synchronization
@testable import QuartzCore

/// A tiled layer without the fade, so a frame shows its tiles at once (Apple's documented way:
/// a subclass overriding `fadeDuration()`).
final class UnfadedTiledLayer: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 0 }
}

/// A tiled layer whose fade is a setting the app changes while running (a slider).
final class SlidingFadeTiledLayer: CATiledLayer {
    static let seconds = Mutex<CFTimeInterval>(0.25)
    override class func fadeDuration() -> CFTimeInterval { seconds.withLock { $0 } }
}

/// A delegate recording every tile drawn (its clip box, CTM scale and thread) and filling the
/// tile: red left of x = `split`, blue right of it, green where y < `band` (bounds space).
final class TileRecorder: CALayerDelegate, @unchecked Sendable {
    struct Call { let clip: CGRect; let scale: CGFloat; let thread: UInt }
    let calls = Mutex<[Call]>([])
    var split: CGFloat = .infinity
    var band: CGFloat = 0

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let clip = ctx.boundingBoxOfClipPath
        calls.withLock { $0.append(Call(clip: clip, scale: abs(ctx.ctm.a), thread: currentThreadID())) }
        ctx.setFillColor(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: clip.minX, y: clip.minY, width: max(0, min(clip.maxX, split) - clip.minX), height: clip.height))
        ctx.setFillColor(CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: max(clip.minX, split), y: clip.minY, width: max(0, clip.maxX - max(clip.minX, split)), height: clip.height))
        if band > 0 {
            ctx.setFillColor(CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: clip.minX, y: 0, width: clip.width, height: band).intersection(clip))
        }
    }

    /// The clip boxes drawn, by row then column.
    var clips: [CGRect] {
        calls.withLock { $0.map(\.clip) }.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }
    var count: Int { calls.withLock { $0.count } }
}

func currentThreadID() -> UInt { UInt(pthread_self()) }

/// Runs `body` with implicit actions off.
func withoutActions(_ body: () -> Void) {
    CATransaction.begin(); CATransaction.setDisableActions(true); body(); CATransaction.commit()
}
