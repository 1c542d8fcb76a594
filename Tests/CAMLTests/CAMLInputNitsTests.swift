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
