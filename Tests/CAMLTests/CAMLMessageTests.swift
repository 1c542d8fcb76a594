import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// Messages that misled in user trials, each now saying what happened.
@Suite("Messages")
struct CAMLMessageTests {
    @Test("a file that is not XML is called that, not 'the document is empty'")
    func notXML() {
        #expect { try scene("root:*:19000:0:99999:7:::\ndaemon:*:19000\n", file: "shadow") } throws: {
            let e = $0 as? CAMLError
            return e?.kind == .malformedXML && e?.line == 1
                && (e?.message.contains("the file is not XML") ?? false) && !(e?.message.contains("empty") ?? true)
        }
    }

    @Test("entity amplification is named as such, not as an unquoted attribute")
    func entityAmplification() {
        var entities = "<!ENTITY a0 \"xxxxxxxxxx\">"
        for n in 1...9 { entities += "<!ENTITY a\(n) \"" + String(repeating: "&a\(n - 1);", count: 10) + "\">" }
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE caml [\(entities)]>\n<caml><CALayer name=\"&a9;\"/></caml>"
        #expect { try scene(xml) } throws: {
            let e = $0 as? CAMLError
            return e?.kind == .malformedXML && (e?.message.contains("entit") ?? false)
                && !(e?.message.contains("not quoted") ?? true)
        }
    }

    /// libxml2's own words (its last error's message) where we have no sentence for its code,
    /// with the line and column: it used to be "the XML is not well formed (XML error 29)".
    @Test("an XML error without a sentence of ours is told in libxml2's words, with line and column",
          arguments: [
            ("<?xml version=\"1.0\"?>\n<!DOCTYPE caml [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<caml><CALayer name=\"&x;\"/></caml>",
             "test.caml:3:25: error: malformed XML: attribute references external entity 'x' (element <caml>, attribute 'name')"),
            ("<caml><CALayer bounds=\"0 0 4 4\"/></caml><!-- x",
             "test.caml:1:47: error: malformed XML: comment not terminated"),
            ("<caml><CALayer bounds=\"0 0 4 4\"/><?xml version=\"1.0\"?></caml>",
             "test.caml:1:39: error: malformed XML: XML declaration allowed only at the start of the document (element <caml>)"),
          ])
    func libxml2sWords(_ xml: String, _ message: String) {
        #expect { try scene(xml) } throws: { "\($0)" == message }
    }

    @Test("a filter input of NaN or infinity is dropped with a warning, not kept as text")
    func nonFiniteFilterInput() throws {
        let s = try scene(caml("""
          <CALayer bounds="0 0 10 10">
            <filters>
              <CAFilter type="gaussianBlur" name="b" inputRadius="nan" inputAmount="inf"/>
              <CAFilter type="gaussianBlur" name="c" inputRadius="3"/>
            </filters>
          </CALayer>
        """))
        let filters = try #require(s.rootLayer.filters as? [CAFilter])
        #expect(filters[0].value(forKey: "inputRadius") == nil)
        #expect(filters[0].value(forKey: "inputAmount") == nil)
        #expect((filters[1].value(forKey: "inputRadius") as? NSNumber)?.doubleValue == 3)
        #expect(s.warnings.filter { $0.message.contains("not a finite number for filter input") }.count == 2)
    }

    @Test("a keyframe path over the segment limit names the limit")
    func pathOverLimit() throws {
        let n = CAMLPathSyntax.maximumElementCount + 1
        let path = "M 0 0" + String(repeating: " L 1 1", count: n - 1)
        let s = try scene(caml("""
          <CALayer bounds="0 0 10 10">
            <animations><animation type="CAKeyframeAnimation" keyPath="position" duration="1" path="\(path)"/></animations>
          </CALayer>
        """))
        #expect(s.warnings.contains { $0.message.contains("more than \(CAMLPathSyntax.maximumElementCount) segments") })
    }
}
