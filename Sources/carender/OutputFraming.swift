import Foundation
import CoreGraphics
import QuartzCore

/// `--pixel-size WxH` (or `--width W` / `--height H`), `--fit contain|cover|fill` and
/// `--background COLOR`: output sizes that mean pixels, for scenes and Lottie animations alike.
///
/// The content (a scene's root, a Lottie view) keeps its own size in points and is placed in a
/// frame of exactly the asked pixels, centred and scaled: `contain` (the default) shows all of
/// it (bars of the background where the aspects differ), `cover` fills the frame (the overflow
/// cut evenly), `fill` stretches it to the frame. The host draws at one pixel per point with
/// the scale on a layer above the content, so vector content and text are drawn at the output's
/// resolution. `--background` fills the frame under the content (default: transparent, which
/// videos and JPEGs show over black).
struct FramingOptions: Equatable {
    enum Fit: String, CaseIterable { case contain, cover, fill }
    /// Output pixels; a nil side follows from the content's aspect.
    var width: Int?
    var height: Int?
    var fit = Fit.contain
    var fitGiven = false
    var background: CGColor?
    private var pixelSizeGiven = false

    /// Whether the content is framed (a pixel size or a background was asked for).
    var isActive: Bool { width != nil || height != nil || background != nil }
    var hasPixelSize: Bool { width != nil || height != nil }

    /// Takes `name`'s value if it is one of the framing options; false for any other option.
    mutating func parse(_ name: String, _ value: () throws(UsageError) -> String) throws(UsageError) -> Bool {
        switch name {
        case "--pixel-size":
            if width != nil || height != nil { throw UsageError(message: "use --pixel-size WxH or --width/--height, not both") }
            let parts = try value().lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), Self.valid(w), Self.valid(h) else {
                throw UsageError(message: "--pixel-size must be WxH in pixels, each 1…\(Int(RenderOptions.maxPixelSide)), e.g. 1080x1920")
            }
            width = w; height = h; pixelSizeGiven = true
        case "--width", "--height":
            let text = try value()
            guard let n = Int(text), Self.valid(n) else {
                throw UsageError(message: "\(name) must be a whole number of pixels, 1…\(Int(RenderOptions.maxPixelSide))")
            }
            if pixelSizeGiven { throw UsageError(message: "use --pixel-size WxH or --width/--height, not both") }
            if name == "--width" { width = n } else { height = n }
        case "--fit":
            let text = try value()
            guard let f = Fit(rawValue: text.lowercased()) else { throw UsageError(message: "--fit must be contain, cover or fill") }
            fit = f; fitGiven = true
        case "--background":
            let text = try value()
            guard let c = Self.color(text) else {
                throw UsageError(message: "--background: '\(printable(text))' is no colour (#RRGGBB, #RRGGBBAA, black, white, transparent…)")
            }
            background = c
        default: return false
        }
        return true
    }

    /// Refuses `--scale` beside a pixel size (the pixels are given) and a pixel size for a PDF
    /// (its page is the content's size in points).
    func check(scale: CGFloat?, output: String?) throws(UsageError) {
        if fitGiven && !hasPixelSize { throw UsageError(message: "--fit needs --pixel-size, --width or --height (the size to fit into)") }
        guard hasPixelSize else { return }
        if scale != nil {
            throw UsageError(message: "--scale does not apply with --pixel-size, --width or --height: they give the output's pixels")
        }
        if let output, PDFOutput.matches(output) {
            throw UsageError(message: "--pixel-size, --width and --height are for bitmap outputs; a PDF page is the content's size in points")
        }
    }

    private static func valid(_ n: Int) -> Bool { n >= 1 && n <= Int(RenderOptions.maxPixelSide) }

    /// `#RRGGBB`, `#RRGGBBAA` (the `#` optional) or a basic colour name, in sRGB.
    static func color(_ text: String) -> CGColor? {
        let named: [String: (Double, Double, Double, Double)] = [
            "black": (0, 0, 0, 1), "white": (1, 1, 1, 1), "transparent": (0, 0, 0, 0), "red": (1, 0, 0, 1),
            "green": (0, 1, 0, 1), "blue": (0, 0, 1, 1), "gray": (0.5, 0.5, 0.5, 1), "grey": (0.5, 0.5, 0.5, 1),
        ]
        if let c = named[text.lowercased()] { return CGColor(srgbRed: c.0, green: c.1, blue: c.2, alpha: c.3) }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6 || hex.count == 8, let v = UInt32(hex, radix: 16) else { return nil }
        let rgba = hex.count == 6 ? v << 8 | 0xFF : v
        func c(_ shift: UInt32) -> Double { Double(rgba >> shift & 0xFF) / 255 }
        return CGColor(srgbRed: c(24), green: c(16), blue: c(8), alpha: c(0))
    }

    /// The output's pixels for content of `content` points: the asked size, a missing side
    /// from the content's aspect; the content's own size at `scale` when no pixel size is asked.
    func pixels(content: CGSize, scale: CGFloat) -> (width: Int, height: Int) {
        // Not clamped (a side past the limit is refused by `checkPixels`, saying why); only kept
        // within Int.
        func side(_ x: CGFloat) -> Int { max(1, Int(min(x.rounded(), 1e9))) }
        switch (width, height) {
        case let (w?, h?): return (w, h)
        case let (w?, nil): return (w, side(CGFloat(w) * content.height / max(content.width, 1e-9)))
        case let (nil, h?): return (side(CGFloat(h) * content.width / max(content.height, 1e-9)), h)
        case (nil, nil): return (Int((content.width * scale).rounded(.up)), Int((content.height * scale).rounded(.up)))
        }
    }

    /// Refuses (exit 64) a frame of `pixels` past the largest side or the memory budget, in the
    /// options that set it (`--width 16384` of a tall scene asked for 16384 × 35457).
    func checkPixels(_ pixels: (width: Int, height: Int), memoryBudget: Int) {
        let limit = Int(RenderOptions.maxPixelSide)
        let asked = (width.map { "--width \($0)" } ?? "") + (height.map { (width == nil ? "" : " ") + "--height \($0)" } ?? "")
        if pixels.width > limit || pixels.height > limit {
            usageFailure("\(asked) gives a frame of \(pixels.width)×\(pixels.height) pixels (the other side from the scene's "
                         + "aspect); at most \(limit) pixels a side", help: "render")
        }
        if let over = FrameMemory.overBudget(width: pixels.width, height: pixels.height, budget: memoryBudget) {
            usageFailure("a frame of \(pixels.width)×\(pixels.height) pixels" + over + "; a smaller --pixel-size, --width or "
                         + "--height draws less", help: "render")
        }
    }

    /// `content` (a layer of `size` points placed by its own geometry) in a frame of `pixels`:
    /// the host's root layer, to be drawn at scale 1 over `pixels` points.
    func frame(_ content: CALayer, size: CGSize, pixels: (width: Int, height: Int)) -> CALayer {
        let w = CGFloat(pixels.width), h = CGFloat(pixels.height)
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        root.backgroundColor = background
        let place = CALayer()
        place.bounds = CGRect(origin: .zero, size: size)
        // What lies outside the content's bounds stays out of the bars, as a frame of the
        // content's own size cuts it off.
        place.masksToBounds = true
        place.position = CGPoint(x: w / 2, y: h / 2)
        let fx = w / max(size.width, 1e-9), fy = h / max(size.height, 1e-9)
        switch fit {
        case .contain: place.transform = CATransform3DMakeScale(min(fx, fy), min(fx, fy), 1)
        case .cover: place.transform = CATransform3DMakeScale(max(fx, fy), max(fx, fy), 1)
        case .fill: place.transform = CATransform3DMakeScale(fx, fy, 1)
        }
        place.addSublayer(content)
        root.addSublayer(place)
        return root
    }
}

/// Says when the output's pixels differ from the size the user typed: `--size` is in points, so
/// at a scale other than 1 the frame is not that many pixels (a user asking `--size 1080x1920`
/// of an @3x scene got 3240×5760).
func noteOutputSize(asked size: CGSize?, framing: FramingOptions, pixels: (width: Int, height: Int), scale: CGFloat) {
    guard let size, !framing.hasPixelSize, scale != 1 else { return }
    note("the output is \(pixels.width)×\(pixels.height) pixels: --size \(Int(size.width))x\(Int(size.height)) is in points, "
         + "at scale \(scale); --pixel-size WxH sets the output's pixels")
}

extension FramingOptions {
    /// What the host draws for `content` (`size` points, at `scale` pixels a point unframed)
    /// written to `output`, for scenes and Lottie views alike: framed, the frame of the asked
    /// pixels at scale 1 (refused past the limits); a PDF, whose page is the content's size in
    /// points, the content over a page of `background` if one is asked; otherwise the content.
    func host(_ content: CALayer, size: CGSize, scale: CGFloat, output: String,
              memoryBudget: Int) -> (root: CALayer, size: CGSize, scale: CGFloat) {
        if PDFOutput.matches(output) {
            return (background == nil ? content : backdrop(content, size: size), size, scale)
        }
        guard isActive else { return (content, size, scale) }
        let p = pixels(content: size, scale: scale)
        if hasPixelSize { checkPixels(p, memoryBudget: memoryBudget) }
        return (frame(content, size: size, pixels: p), CGSize(width: p.width, height: p.height), 1)
    }

    /// For a PDF (whose page is the content's size in points, so no pixel size applies): the
    /// content over a page-sized layer of `background`.
    func backdrop(_ content: CALayer, size: CGSize) -> CALayer {
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: size)
        root.backgroundColor = background
        root.addSublayer(content)
        return root
    }
}

extension CAOffscreenRenderer {
    /// The pixels of its frames: size × scale, each side rounded up.
    var outputPixels: (width: Int, height: Int) {
        (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
    }
}
