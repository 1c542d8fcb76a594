import Foundation
import Testing
import QuartzCore

/// README's layers-and-animations snippet (CAOffscreenRenderer as a user meets it), as written
/// there but for the file write, gives what its comments say: the box half-way along its slide
/// at t = 0.5 s, at its model position after the animation.
@Suite("README layer snippet")
struct ReadmeLayerSnippetTests {
    /// The frame's ARGB word at device pixel (x, y) from the top left.
    func word(_ image: CGImage, _ x: Int, _ y: Int) throws -> UInt32 {
        let data = try #require(image.dataProvider?.data)
        return data.withUnsafeBytes { $0.load(fromByteOffset: y * image.bytesPerRow + x * 4, as: UInt32.self) }
    }

    @Test func theBoxIsHalfWayAtHalfASecond() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.position = CGPoint(x: 100, y: 50)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let box = CALayer()
        box.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        box.position = CGPoint(x: 30, y: 50)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(box)

        let renderer = try #require(CAOffscreenRenderer(rootLayer: root, size: root.bounds.size, scale: 2))
        renderer.host.withClock {
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 30
            slide.toValue = 170
            slide.duration = 1
            box.add(slide, forKey: "slide")
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            box.position.x = 170
            CATransaction.commit()
        }
        let image = try #require(renderer.image(at: 0.5))
        #expect(image.width == 400 && image.height == 200)
        #expect(renderer.host.withClock { box.presentation()?.position.x } == 100)
        // The box spans x 80…120 points (160…240 px), y 30…70 points (60…140 px).
        #expect(try word(image, 200, 100) == 0xFFFF_0000)
        #expect(try word(image, 162, 62) == 0xFFFF_0000 && word(image, 237, 137) == 0xFFFF_0000)
        #expect(try word(image, 157, 100) == 0xFFFF_FFFF && word(image, 243, 100) == 0xFFFF_FFFF)
        #expect(try word(image, 60, 100) == 0xFFFF_FFFF)   // where it started: left behind
        let end = try #require(renderer.image(at: 1.5))
        #expect(try word(end, 340, 100) == 0xFFFF_0000 && word(end, 200, 100) == 0xFFFF_FFFF)
        #expect(renderer.host.withClock { box.presentation()?.position.x } == 170)
    }
}
