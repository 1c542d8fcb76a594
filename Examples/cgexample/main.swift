// The current main job: draws a small scene with Apple's CoreGraphics API and writes it as a PNG.
// Usage: cgexample [OUTPUT.png]   (default: out/cgexample.png)
import CoreGraphics

let output = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "out/cgexample.png"
let width = 640, height = 400

guard let space = CGColorSpace(name: CGColorSpace.sRGB),
      let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                          space: space, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else {
    fatalError("could not create a bitmap context")
}

// Background: a vertical gradient (user space is y-up: start at the bottom).
let sky = CGGradient(colorsSpace: space,
                     colors: [CGColor(red: 0.98, green: 0.83, blue: 0.62, alpha: 1),
                              CGColor(red: 0.35, green: 0.55, blue: 0.85, alpha: 1)],
                     locations: [0, 1])!
ctx.drawLinearGradient(sky, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: CGFloat(height)), options: [])

// A card: rounded rectangle filled and stroked.
let card = CGPath(roundedRect: CGRect(x: 60, y: 60, width: 300, height: 200),
                  cornerWidth: 24, cornerHeight: 24, transform: nil)
ctx.saveGState()
ctx.setShadow(offset: CGSize(width: 6, height: -8), blur: 12, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.45))
ctx.addPath(card)
ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.9))
ctx.fillPath()
ctx.restoreGState()
ctx.addPath(card)
ctx.setStrokeColor(CGColor(red: 0.2, green: 0.25, blue: 0.35, alpha: 1))
ctx.setLineWidth(4)
ctx.strokePath()

// An even-odd donut, rotated about its centre.
ctx.saveGState()
ctx.translateBy(x: 480, y: 250)
ctx.rotate(by: .pi / 8)
ctx.addEllipse(in: CGRect(x: -90, y: -90, width: 180, height: 180))
ctx.addRect(CGRect(x: -40, y: -40, width: 80, height: 80))
ctx.setFillColor(CGColor(red: 0.85, green: 0.25, blue: 0.3, alpha: 0.85))
ctx.fillPath(using: .evenOdd)
ctx.restoreGState()

// A dashed sine wave made with CGMutablePath and our own dasher.
let wave = CGMutablePath()
wave.move(to: CGPoint(x: 80, y: 160))
for i in 1...56 {
    let x = 80 + CGFloat(i) * 5
    wave.addLine(to: CGPoint(x: x, y: 160 + 40 * sin(CGFloat(i) / 6)))
}
ctx.addPath(wave.copy(dashingWithPhase: 0, lengths: [12, 6]))
ctx.setStrokeColor(CGColor(red: 0.1, green: 0.45, blue: 0.3, alpha: 1))
ctx.setLineWidth(3)
ctx.setLineCap(.round)
ctx.strokePath()

// Text through the pango helper (CoreText is out of scope): baseline origin, y-up.
ctx.drawText("CoreGraphics on Linux", at: CGPoint(x: 84, y: 222), fontName: "DejaVu Sans",
             fontSize: 22, color: CGColor(red: 0.15, green: 0.2, blue: 0.3, alpha: 1))

// A radial "sun" that fades out beyond its radius.
let sun = CGGradient(colorsSpace: space, colors: [CGColor(red: 1, green: 0.95, blue: 0.6, alpha: 1),
                                                  CGColor(red: 1, green: 0.7, blue: 0.2, alpha: 0)],
                     locations: [0.3, 1])!
ctx.drawRadialGradient(sun, startCenter: CGPoint(x: 590, y: 360), startRadius: 0,
                       endCenter: CGPoint(x: 590, y: 360), endRadius: 70, options: [])

// A tiny 2×2 image scaled up with nearest-neighbour sampling.
let pixels: [UInt8] = [255, 0, 0, 255,   0, 255, 0, 255,
                       0, 0, 255, 255,   255, 255, 0, 255]
if let image = CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                       space: space, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
                       provider: CGDataProvider(data: Data(pixels)), decode: nil,
                       shouldInterpolate: false, intent: .defaultIntent) {
    ctx.interpolationQuality = .none
    ctx.draw(image, in: CGRect(x: 420, y: 40, width: 120, height: 120))
}

guard let snapshot = ctx.makeImage() else { fatalError("makeImage failed") }
do {
    let url = URL(fileURLWithPath: output)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try snapshot.write(pngTo: url)
    print("wrote \(output) (\(width)×\(height))")
} catch {
    print("error: \(error)")
    exit(1)
}
