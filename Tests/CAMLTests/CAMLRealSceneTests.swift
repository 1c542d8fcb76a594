import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

@Suite("Real scenes", .enabled(if: CAMLTestScenes.available))
struct CAMLRealSceneTests {
    @Test("each shared scene loads as a 390×844 @3x y-up scene starting Locked")
    func loads() throws {
        for name in ["Spinning_Squares", "SideStore", "Simple_Minecraft_Chest", "GitHub"] {
            let s = try CAMLTestScenes.load(name)
            #expect(s.size == CGSize(width: 390, height: 844), "\(name)")
            #expect(s.defaultScale == 3, "\(name)")
            #expect(s.isFlipped == false, "\(name)")
            #expect(s.stateNames == ["Locked", "Unlock", "Sleep"], "\(name)")
            #expect(s.initialState == "Locked", "\(name)")
            #expect(s.rootLayer.frame == CGRect(x: 0, y: 0, width: 390, height: 844), "\(name)")
        }
    }

    @Test("only GitHub warns, about its background's scriptObject")
    func warnings() throws {
        for name in ["Spinning_Squares", "SideStore", "Simple_Minecraft_Chest"] {
            #expect(try CAMLTestScenes.load(name).warnings.isEmpty, "\(name)")
        }
        let w = try CAMLTestScenes.load("GitHub").warnings
        #expect(w.count == 1)
        #expect(w.first?.message.contains("scriptObject") == true)
        #expect(w.first?.line == 8)
    }

    @Test("Spinning_Squares: five squares spin with keyframes kπ/2 → 0, one turn per second, forever")
    func spinningSquares() throws {
        let s = try CAMLTestScenes.load("Spinning_Squares")
        let squares = allLayers(s.rootLayer).filter { $0.animation(forKey: "transform.rotation.z") != nil }
        #expect(squares.count == 5)
        for (k, layer) in squares.enumerated() {
            let a = try #require(layer.animation(forKey: "transform.rotation.z") as? CAKeyframeAnimation)
            let values = (a.values ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
            #expect(values.count == 2)
            #expect(abs(values[0] - Double(k + 1) * .pi / 2) < 1e-12)
            #expect(values[1] == 0)
            #expect(a.duration == 1)
            #expect(a.repeatCount == .infinity)
            #expect(a.beginTime == 1e-100)
            #expect(a.isRemovedOnCompletion == false)
        }
        #expect(squares.map(\.bounds.width) == [250, 200, 150, 100, 50])
        #expect(squares.map(\.cornerRadius) == [50, 40, 30, 20, 10])
        #expect(squares.allSatisfy { $0.opacity == 0.25 && $0.position == CGPoint(x: 195, y: 422) })
    }

    @Test("Spinning_Squares: the outer square is at 3π/8 at t = 0.25 s and repeats each second")
    func spinningSquaresPresentation() throws {
        let s = try CAMLTestScenes.load("Spinning_Squares")
        let outer = try #require(s.layer(withID: "ceda27tz07wmgcpcvj0"))
        let host = CALayerHost(rootLayer: s.rootLayer, startTime: 0)
        func angle(at t: Double) -> Double? {
            host.update(to: t)
            return host.withClock { (outer.presentation()?.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue }
        }
        let a = try #require(angle(at: 0.25))
        #expect(abs(a - 3 * .pi / 8) < 1e-9)
        let b = try #require(angle(at: 1.25))
        #expect(abs(b - 3 * .pi / 8) < 1e-9)
        let c = try #require(angle(at: 10.5))
        #expect(abs(c - .pi / 4) < 1e-9)
    }

    @Test("SideStore: 43 layers, 40 marquee keyframe animations on position with CGPoint values 100 pt apart")
    func sideStore() throws {
        let s = try CAMLTestScenes.load("SideStore")
        let layers = allLayers(s.rootLayer)
        #expect(layers.count == 43)
        #expect(s.animationCount == 40)
        let animated = layers.compactMap { $0.animation(forKey: "position") as? CAKeyframeAnimation }
        #expect(animated.count == 40)
        for a in animated {
            let points = (a.values ?? []).compactMap { $0 as? CGPoint }
            #expect(points.count == 2)
            #expect(abs(points[1].x - points[0].x) == 100)
            #expect(points[1].y == points[0].y)
        }
        let first = try #require(s.layer(withID: "2pi33d1a4fpmgdosxlj")?.animation(forKey: "position") as? CAKeyframeAnimation)
        #expect(first.values?.first as? CGPoint == CGPoint(x: 50, y: 772))
        #expect(first.values?.last as? CGPoint == CGPoint(x: -50, y: 772))
        #expect(layers.filter { $0.contents is CGImage }.count == 42)
    }

    @Test("SideStore: the marquee moves 100 pt per second")
    func sideStoreMarquee() throws {
        let s = try CAMLTestScenes.load("SideStore")
        let tile = try #require(s.layer(withID: "2pi33d1a4fpmgdosxlj"))
        let host = CALayerHost(rootLayer: s.rootLayer, startTime: 0)
        host.update(to: 0.3)
        let p = host.withClock { tile.presentation()?.position }
        #expect(abs((p?.x ?? 0) - 20) < 1e-9)
        #expect(p?.y == 772)
    }

    @Test("Simple_Minecraft_Chest: five image layers decoded; the chest sits in the lower half, upright")
    func minecraftChest() throws {
        let s = try CAMLTestScenes.load("Simple_Minecraft_Chest")
        let images = allLayers(s.rootLayer).compactMap { $0.contents as? CGImage }
        #expect(images.count == 5)
        #expect(images.allSatisfy { $0.width > 0 && $0.height > 0 })
        let bottom = try #require(s.layer(withID: "htof5eevjbtmgjul1y9"))
        #expect(bottom.frame.minY == 139 - 278.57142857142856 / 2)
        let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 1, flipped: s.isFlipped))
        let img = try #require(r.image(at: 0))
        // Top of the frame: the plain brown shape layer (0.5098 0.4 0.2275).
        let top = pixel(img, 195, 100)
        #expect(abs(top.r - 130) <= 1 && abs(top.g - 102) <= 1 && abs(top.b - 58) <= 1)
        // Near the bottom (y-up 139 is 705 from the top): the chest image, not the plain brown.
        let low = pixel(img, 40, 705)
        #expect(!(abs(low.r - 130) <= 1 && abs(low.g - 102) <= 1 && abs(low.b - 58) <= 1))
    }

    @Test("GitHub: three planes back to front; 24 spring animations in its transitions")
    func gitHub() throws {
        let s = try CAMLTestScenes.load("GitHub")
        let planes = s.rootLayer.sublayers ?? []
        #expect(planes.map(\.name) == ["Root Layer", "Website", "Root Layer"])
        #expect(s.files.map { CAMLScene.shortName($0).hasPrefix("7400.WWDC_2022_") }.allSatisfy { $0 })
        #expect(s.files.map { $0.contains("Background") } == [true, false, false])
        #expect(s.files.map { $0.contains("Foreground") } == [false, false, true])
        #expect(planes[1].position == CGPoint(x: 195, y: 422))   // file says 390 0
        let springs = s.transitions.flatMap(\.elements).compactMap { $0.animation as? CASpringAnimation }
        #expect(springs.count == 24)
        #expect(springs.allSatisfy { $0.mass == 2 && $0.stiffness == 300 && $0.damping == 50 && $0.duration == 0.8 })
        #expect(springs.allSatisfy { $0.fillMode == .backwards })
        #expect(planes[0].backgroundColor?.components == [1, 1, 1, 1])
        let logos = allLayers(planes[1]).filter { $0.contents is CGImage }
        #expect(logos.map(\.position) == [CGPoint(x: 79, y: 156), CGPoint(x: 181, y: 353), CGPoint(x: 284, y: 551)])
    }

    @Test("GitHub: Locked → Unlock springs the logos to their Unlock positions within 0.8 s")
    func gitHubTransition() throws {
        let s = try CAMLTestScenes.load("GitHub")
        let logo = try #require(s.layer(withID: "gzg2db8kclcmfi7m795"))
        let host = CALayerHost(rootLayer: s.rootLayer, startTime: 0)
        host.update(to: 1)
        host.withClock { s.transition(from: "Locked", to: "Unlock") }
        #expect(s.currentState == "Unlock")
        #expect(logo.position == CGPoint(x: 204, y: 344))
        let x = try #require(logo.animation(forKey: "state.position.x") as? CASpringAnimation)
        #expect((x.fromValue as? NSNumber)?.doubleValue == 181)
        #expect((x.toValue as? NSNumber)?.doubleValue == 204)
        host.update(to: 1.1)
        let mid = host.withClock { logo.presentation()?.position }
        #expect((mid?.x ?? 0) > 181 && (mid?.x ?? 999) < 204)
        host.update(to: 1.8)
        let end = host.withClock { logo.presentation()?.position }
        #expect(abs((end?.x ?? 0) - 204) <= 4 && abs((end?.y ?? 0) - 344) <= 4)
    }
}
