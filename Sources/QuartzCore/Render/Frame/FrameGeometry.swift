import CoreGraphics

/// Where a frame's root is placed and how large its target is: the two framings the hosts use.
enum FrameGeometry: Equatable {
    /// The root layer placed by its own geometry in a host of `viewport` points at `scale`
    /// pixels per point, y down when `flipped` (offscreen renderer, render loop, `CARenderer`).
    case host(viewport: CGSize, scale: CGFloat, flipped: Bool)
    /// The root in its own bounds space (`render(in:)`): the layer-space rectangle `rect` at
    /// `scale` pixels per point, row 0 at `rect.maxY` (a CGContext's y-up user space);
    /// `flipParity` is the orientation its body is drawn with (`FrameBuilder.emitBody`'s `flipped`).
    case ownSpace(rect: CGRect, scale: Double, flipParity: Bool)

    /// The target's size in whole pixels.
    var pixelSize: (width: Int, height: Int) {
        switch self {
        case let .host(viewport, scale, _):
            return (Int((viewport.width * scale).rounded(.up)), Int((viewport.height * scale).rounded(.up)))
        case let .ownSpace(rect, k, _):
            return (Int((Double(rect.width) * k).rounded(.up)), Int((Double(rect.height) * k).rounded(.up)))
        }
    }

    /// Target pixels (y down) → the user space the frame is drawn in: host points, y up, origin
    /// at the host's bottom-left; or the root's bounds space.
    var pixelsToUserSpace: CGAffineTransform {
        switch self {
        case let .host(viewport, scale, _):
            return CGAffineTransform(a: 1 / scale, b: 0, c: 0, d: -1 / scale, tx: 0, ty: viewport.height)
        case let .ownSpace(rect, k, _):
            return CGAffineTransform(a: CGFloat(1 / k), b: 0, c: 0, d: CGFloat(-1 / k), tx: rect.minX, ty: rect.maxY)
        }
    }
}

extension FrameBuilder {
    /// The passes of one frame of `root` at time `time` framed by `geometry`.
    mutating func frame(root: UInt64, time: CFTimeInterval, geometry: FrameGeometry) -> [RenderPass] {
        switch geometry {
        case let .host(viewport, scale, flipped):
            return frame(root: root, time: time, viewport: viewport, scale: scale, flipped: flipped)
        case let .ownSpace(rect, k, flipParity):
            return frame(rootInOwnSpace: root, rect: rect, scale: k, flipParity: flipParity, time: time)
        }
    }
}

extension FrameBuilder {
    /// The passes that draw `root` in its own bounds space, as Apple's `render(in:)` does
    /// (https://developer.apple.com/documentation/quartzcore/calayer/render(in:)): its own
    /// position and transform are not applied; its opacity, shadow, mask, filters and
    /// everything that overflows its bounds are, clipped only by `masksToBounds` and masks.
    /// The region `rect` (layer points) fills the target at `scale` pixels per point, row 0 at
    /// `rect.maxY` (a CGContext's y-up user space).
    mutating func frame(rootInOwnSpace root: UInt64, rect: CGRect, scale k: Double, flipParity: Bool,
                        time: CFTimeInterval) -> [RenderPass] {
        guard let snap = layers[root] else { return [] }
        let w = (Double(rect.width) * k).rounded(.up), h = (Double(rect.height) * k).rounded(.up)
        let target = CGRect(x: 0, y: 0, width: w, height: h)
        currentTarget = target
        let toTarget = ProjectiveTransform.translation(x: -Double(rect.minX), y: -Double(rect.maxY))
            .concatenating(.scale(x: k, y: -k))
        var quads = QuadList()
        let st = snap.presentationState(at: time)
        let alpha = Double(min(max(st.opacity, 0), 1))
        if !st.isHidden, alpha > 0 {
            emitLayerContent(snap, st, local: time, toTarget: toTarget, opacity: alpha, clip: nil,
                             flipped: flipParity, into: &quads)
        }
        passes.append(RenderPass(id: RenderPassID(0), outputRect: target, quads: quads))
        return passes
    }
}
