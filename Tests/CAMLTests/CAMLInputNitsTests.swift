import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// Inputs a user trial fed the reader: an empty file, a web page saved as .caml, values with
/// control characters. Each gets a sentence that says what is wrong.
@Suite struct CAMLInputNitsTests {
    @Test func anEmptyOrBlankFileSaysSo() {
        for text in ["", "  \n\t\n"] {
            #expect { try scene(text, file: "empty.caml") } throws: {
                let e = $0 as? CAMLError
                return e?.kind == .malformedXML && e?.line == 1
                    && (e?.description.contains("the file is empty") ?? false)
            }
        }
    }

    @Test func aDocumentElementThatIsNotCAMLIsAnError() {
        #expect { try scene("<html><body>hi</body></html>", file: "page.caml") } throws: {
            let e = $0 as? CAMLError
            return e?.kind == .noRootLayer && e?.element == "html"
                && (e?.description.contains("not a CAML document") ?? false)
        }
    }

    @Test func aBareLayerDocumentStillReads() throws {
        let s = try scene("<CALayer bounds=\"0 0 30 20\"/>")
        #expect(s.rootLayer.sublayers?.first?.bounds.size == CGSize(width: 30, height: 20)
                || s.rootLayer.bounds.size == CGSize(width: 30, height: 20))
    }

    @Test func warningsEscapeControlCharactersAndStayShort() throws {
        let long = String(repeating: "9x", count: 400)
        let s = try scene(caml("<CALayer bounds=\"0 0 10 10\" opacity=\"1\u{85}\u{202E}2\" zPosition=\"\(long)\"/>"))
        let texts = s.warnings.map(\.message)
        let escape = try #require(texts.first { $0.contains("opacity") })
        #expect(escape.contains("\\u{85}\\u{202e}"))   // a C1 control and a bidi override
        #expect(!escape.unicodeScalars.contains { $0.value == 0x85 || $0.value == 0x202E })
        let cut = try #require(texts.first { $0.contains("zPosition") })
        #expect(cut.count <= CAMLWarningLog.maximumMessageLength + 1)
        let long1000 = CAMLWarningLog.printable(String(repeating: "a", count: 1000))
        #expect(long1000.count == CAMLWarningLog.maximumMessageLength + 1)
        #expect(long1000.hasSuffix("…"))
    }
}

/// Found by a user trial: documents past libxml2's 10 MB look-ahead were called malformed, and
/// 1-bit PNGs were budgeted at their decoded size rather than as drawn.
@Suite struct CAMLLargeInputTests {
    @Test func aDocumentPastTenMegabytesReads() throws {
        // 12 MB of whitespace inside a valid document (what a pretty-printer or inline images
        // can produce): valid XML, so it must read.
        let xml = "<caml><CALayer bounds=\"0 0 20 10\"/>" + String(repeating: " ", count: 12_000_000) + "</caml>"
        let s = try scene(xml)
        #expect(s.size == CGSize(width: 20, height: 10))
    }

    @Test func imagesAreBudgetedAsDrawnPixels() throws {
        // A grey 600 × 600 image is 360,000 bytes decoded but 1,440,000 drawn (ARGB32): under a
        // 1 MiB budget as decoded, over it as drawn, so it is skipped with a warning. (The real
        // budget is 512 MiB; a loader with a small one keeps the test quick.)
        let png = try #require(Self.greyPNG(width: 600, height: 600))
        let uri = "data:image/png;base64," + png.base64EncodedString()
        var warnings: [String] = []
        let small = CAMLImageLoader(budget: 1 << 20)
        #expect(small.image(uri, base: URL(fileURLWithPath: "/"), warn: { warnings.append($0) }) == nil)
        #expect(warnings.count == 1 && warnings[0].contains("4 bytes a pixel"), "\(warnings)")
        // With room for it as drawn, it loads.
        let roomy = CAMLImageLoader(budget: 2 << 20)
        #expect(roomy.image(uri, base: URL(fileURLWithPath: "/"), warn: { warnings.append($0) })?.width == 600)
    }

    /// An 8-bit grey PNG of one colour (zlib makes it a few hundred kilobytes).
    static func greyPNG(width: Int, height: Int) -> Data? {
        guard let image = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 8,
                                  bytesPerRow: width, space: CGColorSpace(name: CGColorSpace.linearGray)!,
                                  bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
                                  provider: CGDataProvider(data: Data(count: width * height)), decode: nil,
                                  shouldInterpolate: false, intent: .defaultIntent) else { return nil }
        return try? image.pngData()
    }
}
