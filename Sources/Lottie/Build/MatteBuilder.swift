import Foundation
import CoreGraphics
import QuartzCore

/// Track mattes (https://lottiefiles.github.io/lottie-docs/layers/#mattes) as Core Animation
/// masks: alpha directly; luma through the `luminanceToAlpha` filter; the inverted kinds as an
/// opaque layer the matte is cut out of (`destinationOut` compositing).
enum MatteBuilder {
    /// An extent that covers anything a composition draws.
    static let everywhere = CGRect(x: -50_000, y: -50_000, width: 100_000, height: 100_000)

    static func wrap(_ node: CALayer, matte: CALayer, mode: LottieLayerModel.Matte, size: CGSize) -> CALayer {
        let wrapper = CALayer()
        wrapper.anchorPoint = .zero
        wrapper.bounds = CGRect(origin: .zero, size: size)
        wrapper.addSublayer(node)
        if mode == .luma || mode == .lumaInverted { matte.filters = [CAFilter(type: "luminanceToAlpha")] }
        if mode == .alphaInverted || mode == .lumaInverted {
            let inverted = CALayer()
            inverted.anchorPoint = .zero
            inverted.bounds = CGRect(origin: .zero, size: size)
            inverted.addSublayer(opaque())
            matte.compositingFilter = CAFilter(type: "destinationOut")
            inverted.addSublayer(matte)
            wrapper.mask = inverted
        } else {
            wrapper.mask = matte
        }
        return wrapper
    }

    static func opaque() -> CALayer {
        let l = CALayer()
        l.anchorPoint = .zero
        l.frame = everywhere
        l.backgroundColor = CGColor(gray: 0, alpha: 1)
        return l
    }
}
