import CoreGraphics

/// Lays rendered panels out side by side on a white sheet (with each panel's time under it
/// when there are several).
enum Sheet {
    static let gap: CGFloat = 12
    static let labelHeight: CGFloat = 18

    static func compose(_ panels: [CGImage], panelSize: CGSize, scale: CGFloat, labels: [Double]?) -> CGImage? {
        let n = CGFloat(panels.count)
        let w = (panelSize.width * n + gap * (n + 1)) * scale
        let h = (panelSize.height + gap * 2 + (labels == nil ? 0 : labelHeight)) * scale
        guard let ctx = CGContext(data: nil, width: Int(w.rounded(.up)), height: Int(h.rounded(.up)),
                                  bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        ctx.scaleBy(x: scale, y: scale)
        let sheetHeight = h / scale
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: w / scale, height: sheetHeight))
        for (i, panel) in panels.enumerated() {
            let x = gap + CGFloat(i) * (panelSize.width + gap)
            // The context is y-up: the panel's top edge sits `gap` below the sheet's top.
            let frame = CGRect(x: x, y: sheetHeight - gap - panelSize.height,
                               width: panelSize.width, height: panelSize.height)
            ctx.setStrokeColor(CGColor(red: 0.85, green: 0.85, blue: 0.85, alpha: 1))
            ctx.stroke(frame.insetBy(dx: -0.5, dy: -0.5), width: 1)
            ctx.draw(panel, in: frame)
            if let labels {
                ctx.drawText(String(format: "t = %.3g s", labels[i]), at: CGPoint(x: x, y: frame.minY - 14),
                             fontSize: 11, color: CGColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 1))
            }
        }
        return ctx.makeImage()
    }
}
