import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// Lenient reading as real files need: tags that only fail to balance are repaired with one
/// warning when every layer survives; a wallpaper plane that cannot be read is left out.
@Suite("Recovery")
struct CAMLRecoveryTests {
    @Test("an unclosed <CALayer> is closed before the next layer or its parent's end tag; all layers and states kept; one warning")
    func unclosedLayer() throws {
        let s = try scene(caml("""
          <CALayer id="root" bounds="0 0 10 10">
            <sublayers>
              <CALayer id="a" opacity="0.5"/>
              <CALayer id="b" opacity="0.25">
              <CALayer id="c" opacity="0.75"/>
            </sublayers>
            <states><LKState name="Locked"><elements/></LKState></states>
          </CALayer>
        """), file: "template.caml")
        #expect(s.layer(withID: "root")?.sublayers?.map(\.opacity) == [0.5, 0.25, 0.75])
        #expect(s.layer(withID: "c")?.opacity == 0.75)
        #expect(s.stateNames == ["Locked"])
        let recovered = s.warnings.filter { $0.message.contains("recovered") }
        #expect(recovered.count == 1)
        #expect(recovered.first?.file == "template.caml")
        #expect(recovered.first?.line == 6)
        #expect(recovered.first?.message.contains("<CALayer> at line 6 is never closed; closed before <CALayer> at line 7") == true)
    }

    @Test("content after the root element is ignored with a warning when it holds no layer, else named in the error")
    func contentAfterRoot() throws {
        let s = try scene("<caml><CALayer id=\"r\" opacity=\"0.5\"/></caml>\n<junk/>\n", file: "x.caml")
        #expect(s.rootLayer.opacity == 0.5)
        #expect(s.warnings.contains { $0.line == 2 && $0.message.contains("content after the root element") })
        #expect { try scene("<caml><CALayer/></caml>\n<CALayer/>", file: "y.caml") } throws: {
            let e = $0 as? CAMLError
            return e?.kind == .malformedXML && e?.line == 2
                && (e?.message.contains("content after the root element") ?? false)
                && !(e?.message.contains("ends before") ?? true)
        }
    }

    @Test("a layer tag cut off by the end of the file is an error that says so, not an attribute's fault")
    func cutOffLayer() {
        let xml = "<caml>\n<CALayer bounds=\"0 0 9 9\">\n<sublayers>\n<CALayer name=\"x\" bounds=\"0 0 1 1\""
        #expect { try scene(xml, file: "cut.caml") } throws: {
            let e = $0 as? CAMLError
            return e?.kind == .malformedXML && e?.line == 4 && e?.attribute == nil
                && (e?.message.contains("cut off by the end of the file") ?? false)
        }
    }

    @Test("bytes that are not UTF-8 (in a comment: Foundation's parser crashed) read as U+FFFD with a warning")
    func invalidUTF8() throws {
        var data = Data("<caml>\n<!-- caf".utf8) + Data([0xE9, 0xFF, 0xC3]) + Data(" -->\n".utf8)
        data += Data("<CALayer name=\"n\u{e9}\" opacity=\"0.5\"/></caml>".utf8)
        let s = try CAMLScene.load(camlData: data, file: "latin.caml")
        #expect(s.rootLayer.opacity == 0.5)
        #expect(s.rootLayer.name == "n\u{e9}")
        #expect(s.warnings.contains { $0.line == 2 && $0.message.contains("not valid UTF-8") })
    }

    @Test("a garbage encoding declaration does not let bytes that are not UTF-8 through (FuzzCAMLDocument crash)")
    func garbageEncodingDeclaration() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"UTFallowsEdgeAntialiasing=\"-8\"?>\n".utf8)
        data += Data("<caml xmlns=\"http://www.appl".utf8) + Data([0xE5, 0xE5, 0xE5]) + Data("\">\n".utf8)
        data += Data("<CALayer opacity=\"0.5\" name=\"a".utf8) + Data([0xCD, 0x9C, 0x9E, 0x92]) + Data("\"/></caml>".utf8)
        let result = Result { () throws(CAMLError) in try CAMLScene.load(camlData: data, file: "enc.caml") }
        switch result {
        case .success(let s): #expect(s.warnings.contains { $0.message.contains("not valid UTF-8") })
        case .failure(let e): #expect(e.kind == .malformedXML)
        }
        // Latin-1, declared, is converted by libxml2: é stays é.
        let latin = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<caml><CALayer name=\"caf".utf8)
            + Data([0xE9]) + Data("\"/></caml>".utf8)
        #expect(try CAMLScene.load(camlData: latin, file: "latin.caml").rootLayer.name == "caf\u{e9}")
    }

    @Test("a wallpaper plane that cannot be read is left out with one warning; the others draw as before")
    func badPlane() throws {
        guard CAMLTestScenes.available else { return }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("recover-\(UUID()).wallpaper")
        try FileManager.default.copyItem(at: CAMLTestScenes.url("GitHub"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let original = try CAMLScene.load(contentsOf: copy)
        let plane = copy.appendingPathComponent("7400.WWDC_2022_Foreground-390w-844h@3x~iphone.ca/main.caml")
        try Data("<caml>\n<CALayer bounds=\"0 0 390 844\" name=\"".utf8).write(to: plane)
        let damaged = try CAMLScene.load(contentsOf: copy)
        let left = damaged.warnings.filter { $0.message.contains("left out") }
        #expect(left.count == 1, "\(damaged.warnings)")
        #expect(left.first?.file == plane.path)
        #expect(left.first?.line == 2)
        #expect(damaged.rootLayer.sublayers?.count == 2)
        // The Foreground plane draws nothing, so the frame is the original's, pixel for pixel.
        func frame(_ s: CAMLScene) -> Data? {
            CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 0.25, flipped: s.isFlipped)?
                .image(at: 0.5)?.dataProvider?.data
        }
        #expect(frame(damaged) != nil)
        #expect(frame(damaged) == frame(original))
    }

    @Test("an unclosed root <CALayer> in a plane (CAPlayground's template) is recovered, the plane kept")
    func unclosedRootInPlane() throws {
        guard CAMLTestScenes.available else { return }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("recover-\(UUID()).wallpaper")
        try FileManager.default.copyItem(at: CAMLTestScenes.url("GitHub"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let plane = copy.appendingPathComponent("7400.WWDC_2022_Floating-390w-844h@3x~iphone.ca/main.caml")
        let text = try String(contentsOf: plane, encoding: .utf8)
        let end = try #require(text.range(of: "</CALayer>", options: .backwards))
        try text.replacingCharacters(in: end, with: "").write(to: plane, atomically: true, encoding: .utf8)
        let s = try CAMLScene.load(contentsOf: copy)
        #expect(s.rootLayer.sublayers?.count == 3)
        #expect(s.transitions.count == (try CAMLTestScenes.load("GitHub")).transitions.count)
        #expect(s.warnings.filter { $0.message.contains("recovered") && $0.file == plane.path }.count == 1)
    }

    @Test("an index.xml over its size cap is reported, not silently ignored")
    func oversizeIndex() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID()).ca")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bundle) }
        try Data(caml("<CALayer bounds=\"0 0 4 4\"/>").utf8).write(to: bundle.appendingPathComponent("main.caml"))
        try Data(count: CAMLBundleIndex.maximumByteCount + 1).write(to: bundle.appendingPathComponent("index.xml"))
        let s = try CAMLScene.load(contentsOf: bundle)
        #expect(s.warnings.contains { $0.file.hasSuffix("index.xml") && $0.message.contains("over the 1048576") })
    }
}

/// An `index.xml` that exists but cannot be used is named in a warning saying what was used
/// instead: it used to be ignored without a word when it was a property list of the wrong shape
/// (`{}`, whitespace, a rootDocument of `..` or a number) or not a file.
@Suite("index.xml diagnostics")
struct CAMLBundleIndexDiagnosticsTests {
    /// The warnings of loading a `.ca` bundle (a 4×4 layer in main.caml) whose index.xml is `index`.
    func warnings(index: String) throws -> [String] {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("index-\(UUID()).ca")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bundle) }
        try Data(caml("<CALayer bounds=\"0 0 4 4\"/>").utf8).write(to: bundle.appendingPathComponent("main.caml"))
        try Data(index.utf8).write(to: bundle.appendingPathComponent("index.xml"))
        let s = try CAMLScene.load(contentsOf: bundle)
        #expect(s.rootLayer.bounds.size == CGSize(width: 4, height: 4))
        return s.warnings.map { $0.description.replacingOccurrences(of: bundle.path, with: "B.ca") }
    }

    static func plist(_ body: String) -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>\#(body)</dict></plist>"#
    }

    @Test(arguments: [
        ("garbage", "B.ca/index.xml: warning: index.xml is not a readable property list; main.caml read, unflipped"),
        ("{}", "B.ca/index.xml: warning: index.xml names no rootDocument; main.caml read"),
        (plist("<key>rootDocument</key><string>../../x.caml</string>"),
         "B.ca/index.xml: warning: index.xml rootDocument '../../x.caml' is no file name inside the bundle; main.caml read"),
        (plist("<key>rootDocument</key><integer>3</integer>"),
         "B.ca/index.xml: warning: index.xml rootDocument '3' is no file name inside the bundle; main.caml read"),
        (plist("<key>rootDocument</key><string>main.caml</string><key>geometryFlipped</key><string>yes</string>"),
         "B.ca/index.xml: warning: index.xml geometryFlipped 'yes' is not a boolean; unflipped"),
    ])
    func anUnusableIndexIsNamed(_ index: String, _ warning: String) throws {
        #expect(try warnings(index: index) == [warning])
    }

    @Test func aGoodIndexIsSilent() throws {
        #expect(try warnings(index: Self.plist("<key>rootDocument</key><string>main.caml</string>"
                                               + "<key>geometryFlipped</key><true/>")).isEmpty)
    }
}
