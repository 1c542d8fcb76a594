import Foundation
import Testing
import CoreGraphics
@testable import Lottie

/// The view lottie-ios's snapshots are drawn in (`../shared/lottie/README.md`): the longer side
/// clamped to 500 points, the other following from the aspect ratio, unrounded; at scale 2 the
/// image is that size × 2 rounded up, the size of Apple's snapshot PNGs.
@Suite("Lottie view size")
struct LottieViewSizeTests {
    /// (animation w, h) → the pixel size of Apple's snapshots of animations of that size
    /// (LottieLogo1, MotionCorpse_Jrcanest, issue_1603, issue_1460, Nonanimating/Zoom, TypeFace/Comma).
    @Test(arguments: [(375.0, 667.0, 563, 1000), (1920, 1080, 1000, 563), (320, 568, 564, 1000),
                      (100, 58.84, 200, 118), (5100, 3300, 1000, 648), (500, 600, 834, 1000)])
    func pixelSizeIsApplesSnapshotSize(_ w: Double, _ h: Double, _ pw: Int, _ ph: Int) throws {
        let json = #"{"v":"5.7","fr":30,"ip":0,"op":10,"w":\#(w),"h":\#(h),"layers":[]}"#
        let lottie = try load(Data(json.utf8))
        let image = try #require(lottie.image(scale: 2))
        #expect(image.width == pw && image.height == ph, "\(w)×\(h): \(image.width)×\(image.height)")
    }

    @Test func longerSideIsClampedAndTheOtherKeepsTheAspectRatio() throws {
        let logo = try load(Data(#"{"v":"5.7","fr":30,"ip":0,"op":10,"w":375,"h":667,"layers":[]}"#.utf8))
        let size = logo.viewSize()
        #expect(size.height == 500)
        #expect(abs(size.width - 500 * 375 / 667) < 1e-9)
        let small = try load(Data(#"{"v":"5.7","fr":30,"ip":0,"op":10,"w":40,"h":30,"layers":[]}"#.utf8))
        #expect(small.viewSize() == CGSize(width: 40, height: 30))
    }
}
