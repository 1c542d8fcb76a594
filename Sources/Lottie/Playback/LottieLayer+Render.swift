import Foundation
import CoreGraphics
import QuartzCore

extension LottieLayer {
    /// The view size lottie-ios's snapshots use: the animation's own size, scaled down (aspect
    /// kept) so the longer side is at most `maximumSide` points. The shorter side is not rounded
    /// (LottieLogo1, 375 × 667, is 281.11 × 500 points), so its pixels are the size × scale
    /// rounded up, as UIGraphicsImageRenderer's and `CAOffscreenRenderer`'s are: 563 × 1000 at
    /// scale 2, as Apple's snapshot (`../shared/lottie/README.md`).
    public func viewSize(maximumSide: CGFloat = 500) -> CGSize {
        let s = animation.size
        // The longer side is clamped and the other follows from the aspect ratio, in that order,
        // so that a side that comes out whole (1920 × 1080 → 500 × 281.25) is exact.
        if s.width > s.height {
            let w = min(s.width, maximumSide)
            return CGSize(width: w, height: w * (s.height / s.width))
        }
        let h = min(s.height, maximumSide)
        return CGSize(width: h * (s.width / s.height), height: h)
    }

    /// A renderer of the paused tree in a view of `viewSize` points (`makeView`) at `scale`
    /// pixels per point, flipped (y down) as UIKit's image renderer is. The root layer stays in
    /// that view for as long as the renderer is used: set `frame` (or `progress`, `time`) and
    /// draw with `image(at:)` or `frame(at:)` at any host time (the root's speed is 0, so only
    /// `frame` chooses what is shown). nil when the size is empty or too large
    /// (`CAOffscreenRenderer.maximumPixelSide`).
    public func renderer(viewSize: CGSize? = nil, scale: CGFloat = 2) -> CAOffscreenRenderer? {
        let size = viewSize ?? self.viewSize()
        let view = makeView(viewSize: size)
        guard let r = CAOffscreenRenderer(rootLayer: view, size: size, scale: scale, flipped: true) else {
            layer.removeFromSuperlayer()
            return nil
        }
        return r
    }

    /// Renders the paused tree into a view of `viewSize` points (the animation scaled to fit,
    /// aspect kept, centred) at `scale` pixels per point, flipped (y down) as UIKit's image
    /// renderer is: the same pixels as `presentation()` drawn by `render(in:)` into such a
    /// context, since the root's speed is 0. nil when the size is empty or too large.
    public func image(viewSize: CGSize? = nil, scale: CGFloat = 2) -> CGImage? {
        defer { layer.removeFromSuperlayer() }
        return renderer(viewSize: viewSize, scale: scale)?.image(at: 0)
    }

    /// A view layer of `size` points (origin top-left, for a flipped host) holding the
    /// animation's root scaled to fit, aspect kept, centred. The root stays its sublayer until
    /// it is added elsewhere.
    public func makeView(viewSize size: CGSize) -> CALayer {
        let view = CALayer()
        view.bounds = CGRect(origin: .zero, size: size)
        view.anchorPoint = .zero
        let a = animation.size
        let k = min(size.width / a.width, size.height / a.height)
        layer.removeFromSuperlayer()
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        layer.transform = CATransform3DMakeScale(k, k, 1)
        view.addSublayer(layer)
        return view
    }
}
