import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

@Suite("Bad input")
struct CAMLBadInputTests {
    @Test("malformed XML fails with file, line, column and element")
    func malformed() {
        // Tags that only fail to balance are recovered (CAMLRecoveryTests); an undeclared
        // entity is not.
        let xml = "<caml>\n  <CALayer bounds=\"0 0 1 1\">\n    <sublayers>\n  &nope;</sublayers></CALayer>\n</caml>\n"
        do {
            _ = try scene(xml, file: "bad.caml")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .malformedXML)
            #expect(error.file == "bad.caml")
            #expect(error.line == 4)
            #expect(error.column > 0)
            #expect(error.element == "sublayers")
            #expect(error.description.hasPrefix("bad.caml:4:"))
        }
    }

    @Test("an unquoted or repeated attribute is named in the error")
    func badAttribute() {
        for xml in ["<caml>\n<CALayer name=\"a\" bounds=0 0 1 1/></caml>",
                    "<caml>\n<CALayer bounds=\"0 0 1 1\" bounds=\"0 0 2 2\"/></caml>"] {
            do {
                _ = try scene(xml)
                Issue.record("no error")
            } catch {
                #expect(error.kind == .malformedXML)
                #expect(error.line == 2)
                #expect(error.element == "caml")
                #expect(error.attribute == "bounds")
            }
        }
    }

    @Test("no layer, a missing file and an unsupported folder are errors")
    func structural() throws {
        #expect(throws: CAMLError.self) { try scene("<caml><MicaAssetManifest/></caml>") }
        #expect { try CAMLScene.load(contentsOf: URL(fileURLWithPath: "/nonexistent/x.caml")) } throws: {
            ($0 as? CAMLError)?.kind == .unreadableFile
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("caml-empty-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect { try CAMLScene.load(contentsOf: dir) } throws: { ($0 as? CAMLError)?.kind == .unsupportedInput }
    }

    @Test("deep nesting is refused with an error, not a crash")
    func deepNesting() {
        let depth = 400
        let xml = "<caml>" + String(repeating: "<CALayer><sublayers>", count: depth)
            + String(repeating: "</sublayers></CALayer>", count: depth) + "</caml>"
        #expect { try scene(xml) } throws: { ($0 as? CAMLError)?.kind == .limitExceeded }
    }

    @Test("unknown elements, attributes and layer classes are warnings with line numbers; known values kept")
    func unknowns() throws {
        let s = try scene(caml("""
          <CALayer bounds="0 0 10 10" sparkle="7">
            <glitter/>
            <sublayers>
              <CASparkleLayer id="e" opacity="0.5" sparkleShape="circle"/>
            </sublayers>
            <scriptObject src="assets/x.js"/>
          </CALayer>
        """))
        let messages = s.warnings.map(\.message)
        #expect(messages.contains { $0.contains("unknown attribute 'sparkle'") })
        #expect(s.rootLayer.value(forKey: "sparkle") as? String == "7")
        #expect(s.warnings.contains { $0.message.contains("<glitter>") && $0.line == 4 })
        #expect(messages.contains { $0.contains("CASparkleLayer") })
        #expect(messages.contains { $0.contains("sparkleShape") })
        #expect(messages.contains { $0.contains("scriptObject") })
        #expect(s.layer(withID: "e")?.opacity == 0.5)
    }

    @Test("a missing image leaves contents nil with a warning")
    func missingAsset() throws {
        let s = try scene(caml("<CALayer bounds=\"0 0 10 10\"><contents><CGImage src=\"assets/nope.png\"/></contents></CALayer>"),
                          base: FileManager.default.temporaryDirectory)
        #expect(s.rootLayer.contents == nil)
        #expect(s.warnings.count == 1)
        #expect(s.warnings.first?.message.contains("not found") == true)
        #expect(s.warnings.first?.line == 3)
    }

    @Test("absurd sizes, NaN and bad numbers are skipped with warnings; the layer keeps its defaults")
    func absurdNumbers() throws {
        let s = try scene(caml("""
          <CALayer bounds="0 0 1e30 1e30" position="nan 3" opacity="abc" cornerRadius="inf" hidden="maybe">
            <sublayers><CALayer id="c" bounds="0 0 10 10"><animations>
              <animation type="CABasicAnimation" keyPath="opacity" duration="nan" repeatCount="1e38" speed="-inf"/>
              <animation type="CAMagicAnimation" keyPath="opacity"/>
            </animations></CALayer></sublayers>
          </CALayer>
        """))
        #expect(s.rootLayer.bounds == .zero)
        #expect(s.rootLayer.opacity == 1)
        #expect(s.rootLayer.isHidden == false)
        #expect(s.size == CGSize(width: 1, height: 1))
        #expect(s.warnings.count >= 7)
        let a = try #require(s.layer(withID: "c")?.animation(forKey: "opacity"))
        #expect(a.repeatCount == 1e38)
        #expect(a.speed == 1)
        let r = CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 1, flipped: false)
        #expect(r?.image(at: 0) != nil)
    }

    @Test("a root over 16384 points is clamped, and the size it asked for is kept (carender names both)")
    func clampedRootKeepsItsRequestedSize() throws {
        let big = try scene(caml("<CALayer bounds=\"0 0 1000000 50\"/>"))
        #expect(big.size == CGSize(width: CAMLScene.maximumDocumentSide, height: 50))
        #expect(big.requestedSize == CGSize(width: 1_000_000, height: 50))
        #expect(big.warnings.contains { $0.message.contains("not a usable document size") })
        let fine = try scene(caml("<CALayer bounds=\"0 0 390 844\"/>"))
        #expect(fine.requestedSize == fine.size && fine.size == CGSize(width: 390, height: 844))
    }

    @Test("huge data: URIs are refused with a warning")
    func hugeDataURI() throws {
        let payload = String(repeating: "A", count: CAMLImageLoader.maximumDataURIByteCount + 8)
        let s = try scene(caml("<CALayer bounds=\"0 0 4 4\"><contents><CGImage src=\"data:image/png;base64,\(payload)\"/></contents></CALayer>"))
        #expect(s.rootLayer.contents == nil)
        #expect(s.warnings.contains { $0.message.contains("over the") })
    }

    @Test("state values for unknown ids and mismatched keyTimes are warnings or passed through")
    func unknownTargets() throws {
        let s = try scene(caml("""
          <CALayer bounds="0 0 10 10"><animations>
            <animation type="CAKeyframeAnimation" keyPath="opacity" keyTimes="0 1" duration="1">
              <values><real value="0"/><real value="0.5"/><real value="1"/></values>
            </animation></animations>
            <states><LKState name="Locked"><elements>
              <LKStateSetValue targetId="ghost" keyPath="opacity"><value type="real" value="0"/></LKStateSetValue>
            </elements></LKState></states>
          </CALayer>
        """))
        #expect(s.warnings.contains { $0.message.contains("unknown layer id 'ghost'") && $0.line == 8 })
        let k = try #require(s.rootLayer.animation(forKey: "opacity") as? CAKeyframeAnimation)
        #expect(k.keyTimes?.count == 2 && k.values?.count == 3)
    }
}
