import CoreGraphics
import QuartzCore

/// Colours shared by the figures.
enum Palette {
    static let blue = CGColor(red: 0.20, green: 0.45, blue: 0.85, alpha: 1)
    static let orange = CGColor(red: 0.95, green: 0.55, blue: 0.15, alpha: 1)
    static let green = CGColor(red: 0.25, green: 0.65, blue: 0.35, alpha: 1)
    static let red = CGColor(red: 0.85, green: 0.20, blue: 0.20, alpha: 1)
    static let ink = CGColor(red: 0.15, green: 0.15, blue: 0.20, alpha: 1)
    static let paper = CGColor(red: 0.96, green: 0.96, blue: 0.94, alpha: 1)
    static let grey = CGColor(red: 0.75, green: 0.75, blue: 0.78, alpha: 1)
}

/// A layer of the given frame and background colour.
func box(_ frame: CGRect, _ color: CGColor) -> CALayer {
    let l = CALayer()
    l.frame = frame
    l.backgroundColor = color
    return l
}

/// A sample picture whose orientation is obvious (a sky-to-grass gradient with a red arrow
/// pointing up), so gravity and flips can be read off the figure.
@MainActor let samplePicture: CGImage = {
    let w = 64, h = 48
    let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                        space: CGColorSpaceCreateDeviceRGB(),
                        bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    // A bitmap context is y-up: row 0 of the image is the top, drawn at y = h.
    ctx.setFillColor(CGColor(red: 0.55, green: 0.80, blue: 0.95, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 16, width: w, height: 32))
    ctx.setFillColor(CGColor(red: 0.35, green: 0.70, blue: 0.30, alpha: 1))
    ctx.fill(CGRect(x: 0, y: 0, width: w, height: 16))
    ctx.setFillColor(Palette.red)
    ctx.beginPath()
    ctx.move(to: CGPoint(x: 32, y: 44)); ctx.addLine(to: CGPoint(x: 20, y: 28)); ctx.addLine(to: CGPoint(x: 44, y: 28))
    ctx.closePath(); ctx.fillPath()
    ctx.fill(CGRect(x: 28, y: 10, width: 8, height: 18))
    return ctx.makeImage()!
}()

/// Draws a caption with pango, upright whichever way the layer's context is flipped.
final class LabelDelegate: NSObject, CALayerDelegate {
    let text: String
    let size: CGFloat
    init(_ text: String, size: CGFloat = 11) { self.text = text; self.size = size }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        if layer.contentsAreFlipped() {
            // The context is y-down here (iOS-style host); text draws upright in y-up space.
            ctx.translateBy(x: 0, y: layer.bounds.height)
            ctx.scaleBy(x: 1, y: -1)
        }
        ctx.drawText(text, at: CGPoint(x: 2, y: 4), fontSize: size, color: Palette.ink)
    }
}

/// A text label (a delegate-drawn layer; the delegate is kept alive by `labels`).
func label(_ text: String, _ frame: CGRect, size: CGFloat = 11) -> CALayer {
    let l = CALayer()
    l.frame = frame
    let d = LabelDelegate(text, size: size)
    labelDelegates.append(d)
    l.delegate = d
    l.setNeedsDisplay()
    return l
}

/// Layer delegates are weak references (as Apple's); the gallery keeps them here.
nonisolated(unsafe) var labelDelegates: [NSObject] = []
