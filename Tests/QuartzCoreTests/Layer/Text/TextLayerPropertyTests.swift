import Testing
import Foundation
import CoreGraphics
import CoreText
@testable import QuartzCore

/// CATextLayer's properties: Apple's defaults, the forms `string` and `font` accept, KVC keys
/// (`wrapped` and its `isWrapped` alias), table rows (IDs 112…119) and animatable flags
/// (https://developer.apple.com/documentation/quartzcore/catextlayer).
@Suite("CATextLayer properties")
struct TextLayerPropertyTests {
    @Test func defaultsAreApples() {
        let l = CATextLayer()
        #expect(l.string == nil)
        #expect(l.fontSize == 36)
        #expect(l.foregroundColor.map { $0.rgba.r == 1 && $0.rgba.g == 1 && $0.rgba.b == 1 && $0.rgba.a == 1 } == true)
        #expect(!l.isWrapped && l.truncationMode == .none && l.alignmentMode == .natural)
        #expect(!l.allowsFontSubpixelQuantization)
        #expect((l.font as? NSString) == "Helvetica")
        #expect((CATextLayer.defaultValue(forKey: "fontSize") as? NSNumber)?.doubleValue == 36)
        #expect(CATextLayer.defaultValue(forKey: "alignmentMode") as? String == "natural")
    }

    @Test func stringTakesPlainAndAttributedText() {
        let l = CATextLayer()
        l.string = "plain"
        #expect(l.string as? String == "plain")
        let m = NSMutableAttributedString(string: "rich")
        l.string = m
        m.append(NSAttributedString(string: " changed later"))
        #expect((l.string as? NSAttributedString)?.string == "rich")   // copied when set
        l.string = nil
        #expect(l.string == nil)
        l.setValue("by KVC", forKey: "string")
        #expect(l.value(forKey: "string") as? String == "by KVC")
    }

    @Test func fontTakesANameACGFontOrACTFont() throws {
        let l = CATextLayer()
        l.font = "Menlo" as NSString
        #expect((l.font as? NSString) == "Menlo")
        let cg = try #require(CGFont("Helvetica"))
        l.font = cg
        #expect(l.font === cg)
        let ct = CTFontCreateWithName("Times", 12, nil)
        l.setValue(ct, forKey: "font")
        #expect(l.value(forKey: "font") as? CTFont === ct)
    }

    @Test func wrappedAnswersToBothKeys() {
        let l = CATextLayer()
        l.setValue(true, forKey: "wrapped")
        #expect(l.isWrapped)
        #expect((l.value(forKey: "isWrapped") as? NSNumber)?.boolValue == true)
        l.setValue("center", forKey: "alignmentMode")
        l.setValue("middle", forKey: "truncationMode")
        #expect(l.alignmentMode == .center && l.truncationMode == .middle)
    }

    @Test func fontSizeAndForegroundColourAreTheAnimatableOnes() {
        let table = PropertyTable.textLayer
        let animatable = (112...119).compactMap { table[PropertyID(UInt8($0))] }.filter { $0.flags.contains(.animatable) }.map(\.key)
        #expect(Set(animatable) == ["fontSize", "foregroundColor"])
        #expect((112...119).allSatisfy { table[PropertyID(UInt8($0))] != nil })
    }

    @Test func aCopyKeepsTheText() {
        let l = CATextLayer()
        l.string = "copied"; l.fontSize = 12; l.alignmentMode = .right
        let c = CATextLayer(layer: l)
        #expect(c.string as? String == "copied" && c.fontSize == 12 && c.alignmentMode == .right)
    }
}
