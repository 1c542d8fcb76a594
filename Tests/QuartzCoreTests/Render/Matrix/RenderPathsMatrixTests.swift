import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// The same trees through `render(in:)` (bitmap), the offscreen host and the vector backend
/// rasterized: within 2/255 per channel outside a 1-pixel antialiasing band (issue 11's
/// matrix). The root fills the host at its origin (`makeRoot`), where `render(in:)` draws it.
@Suite("Render paths agree", .serialized)
struct RenderPathsMatrixTests {
    typealias P = RenderPaths

    /// A 2 × 2-quadrant image (red, green / blue, white), `side` pixels square.
    static func quadrants(_ side: Int) -> CGImage {
        var bytes = [UInt8]()
        for y in 0..<side {
            for x in 0..<side {
                let top = y < side / 2, left = x < side / 2
                bytes += top ? (left ? [255, 0, 0, 255] : [0, 255, 0, 255]) : (left ? [0, 0, 255, 255] : [255, 255, 255, 255])
            }
        }
        return CGImage(width: side, height: side, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: side * 4,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                       provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                       intent: .defaultIntent)!
    }

    @Test func shadowsOfTheRootAndOfSublayers() {
        let root = makeRoot(90, 70)    // in a 120 × 100 frame, so its own shadow shows
        root.backgroundColor = color(0.9, 0.9, 1)
        root.shadowOpacity = 0.7
        root.shadowRadius = 3
        root.shadowOffset = CGSize(width: 4, height: -4)
        let card = box(CGRect(x: 20, y: 20, width: 50, height: 40), color(1, 0, 0))
        card.cornerRadius = 8
        card.shadowOpacity = 1
        card.shadowRadius = 5
        card.shadowOffset = CGSize(width: 6, height: 6)
        card.shadowColor = color(0, 0, 0.5)
        let pathShadow = box(CGRect(x: 60, y: 30, width: 30, height: 30), nil)
        pathShadow.shadowOpacity = 0.8
        pathShadow.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
        root.addSublayer(card); root.addSublayer(pathShadow)
        P.expectAgreement(root, 120, 100, "shadows", gpuPSNR: 45)   // Gaussian vs three box blurs
    }

    @Test func masks() {
        let root = makeRoot(100, 100)
        let content = box(CGRect(x: 10, y: 10, width: 80, height: 80), color(0, 0.6, 0))
        content.addSublayer(box(CGRect(x: 30, y: 0, width: 20, height: 80), color(1, 1, 0)))
        let m = box(CGRect(x: 10, y: 10, width: 60, height: 60), color(0, 0, 0))
        m.cornerRadius = 30
        content.mask = m
        root.addSublayer(content)
        P.expectAgreement(root, 100, 100, "masks")
    }

    static let gravities: [CALayerContentsGravity] = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
        .resize, .resizeAspect, .resizeAspectFill,
    ]

    @Test(arguments: gravities)
    func contentsOverflowUnderEveryGravity(_ gravity: CALayerContentsGravity) {
        let root = makeRoot(120, 120)
        let l = box(CGRect(x: 30, y: 40, width: 60, height: 40), color(0.5, 0.5, 0.5))
        l.contents = Self.quadrants(80)
        l.contentsGravity = gravity
        root.addSublayer(l)
        P.expectAgreement(root, 120, 120, "gravity \(gravity.rawValue)")
    }

    @Test func groupOpacity() {
        let root = makeRoot(100, 80)
        let parent = box(CGRect(x: 10, y: 10, width: 80, height: 60), color(1, 1, 1, 0.3))
        parent.opacity = 0.5
        parent.addSublayer(box(CGRect(x: 0, y: 0, width: 50, height: 50), color(1, 0, 0)))
        parent.addSublayer(box(CGRect(x: 30, y: 10, width: 50, height: 50), color(0, 0, 1)))
        root.addSublayer(parent)
        P.expectAgreement(root, 100, 80, "group opacity")
    }

    @Test func filters() {
        let root = makeRoot(100, 80)
        root.backgroundColor = color(1, 1, 1)
        let blurred = box(CGRect(x: 10, y: 10, width: 40, height: 40), color(1, 0, 0))
        var blur = CAFilter(type: "gaussianBlur")
        blur.setValue(4, forKey: "inputRadius")
        blurred.filters = [blur]
        let inverted = box(CGRect(x: 55, y: 10, width: 35, height: 35), color(0.2, 0.6, 1))
        inverted.filters = [CAFilter(type: "colorInvert")]
        let multiplied = box(CGRect(x: 30, y: 35, width: 50, height: 35), color(0.5, 1, 0.5))
        multiplied.compositingFilter = "multiplyBlendMode"
        root.addSublayer(blurred); root.addSublayer(inverted); root.addSublayer(multiplied)
        P.expectAgreement(root, 100, 80, "filters", gpuPSNR: 45)    // Gaussian vs three box blurs
    }

    @Test(arguments: [CALayerCornerCurve.circular, .continuous])
    func bordersWithCornerRadius(_ curve: CALayerCornerCurve) {
        let root = makeRoot(120, 90)
        root.backgroundColor = color(0.2, 0.2, 0.3)
        root.cornerRadius = 20
        root.cornerCurve = curve
        root.borderWidth = 6
        root.borderColor = color(1, 0.8, 0)
        root.masksToBounds = true
        let inner = box(CGRect(x: -10, y: 30, width: 80, height: 40), color(0, 0.7, 1))
        inner.cornerRadius = 12
        inner.cornerCurve = curve
        inner.borderWidth = 3
        inner.borderColor = color(1, 1, 1)
        root.addSublayer(inner)
        // GPU: circular arcs are exact, cairo flattens them to 0.1 px, so along an arc where
        // the coverage is near 1 (too flat for the band detector) a few pixels differ by 3/255.
        P.expectAgreement(root, 120, 90, "borders \(curve.rawValue)", gpuPSNR: curve == .circular ? 45 : nil)
    }

    @Test func threeD() {
        let root = makeRoot(120, 100)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 300
        root.sublayerTransform = perspective
        let card = box(CGRect(x: 30, y: 20, width: 60, height: 60), color(0.9, 0.3, 0.1))
        card.transform = CATransform3DMakeRotation(0.6, 0, 1, 0)
        card.addSublayer(box(CGRect(x: 10, y: 10, width: 20, height: 20), color(0, 0, 1)))
        root.addSublayer(card)
        let flat = box(CGRect(x: 5, y: 70, width: 30, height: 20), color(0, 1, 0))
        flat.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        root.addSublayer(flat)
        P.expectAgreement(root, 120, 100, "3D")
    }
}

@Suite("Render paths: the comparison")
struct RenderPathsComparisonTests {
    /// The tolerance is 2/255 in flat areas; only a hard edge's neighbourhood is excused.
    @Test func flatDifferencesOverTwoLevelsAreFoundAndEdgesExcused() {
        let w = 10, h = 10
        var a = [UInt32](repeating: 0xFF80_8080, count: w * h)
        for y in 0..<h { for x in 5..<w { a[y * w + x] = 0xFFFF_0000 } }   // a hard edge at x = 5
        var b = a
        b[2 * w + 1] = 0xFF80_8082          // 2 levels: within tolerance
        #expect(RenderPaths.mismatches(a, b, w, h).isEmpty)
        b[2 * w + 1] = 0xFF80_8083          // 3 levels in a flat area: found
        #expect(RenderPaths.mismatches(a, b, w, h).count == 1)
        b = a
        b[2 * w + 4] = 0xFF00_0000          // beside the edge: excused
        b[2 * w + 2] = 0xFF00_0000          // two pixels away: found
        #expect(RenderPaths.mismatches(a, b, w, h).map(\.x) == [2])
    }
}
