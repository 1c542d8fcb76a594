import Testing
import Foundation
import CoreGraphics
import CoreText
import Synchronization
@testable import QuartzCore

/// Bad input to a text layer: reported or replaced, never a crash, and never laid out past
/// what the bounds can show.
@Suite("CATextLayer bad input")
struct TextLayerBadInputTests {
    typealias P = TextProbe

    @Test func aMegabyteStringIsLaidOutOnlyAsFarAsItCanShow() throws {
        let line = String(repeating: "word ", count: 40) + "\n"
        let huge = String(repeating: line, count: 1_000_000 / line.utf16.count + 1)
        #expect(huge.utf16.count > 1_000_000)
        for wrapped in [false, true] {
            let kept = TextLayerLayout.visiblePart(huge, size: CGSize(width: 200, height: 100), fontSize: 20,
                                                   wrapped: wrapped, truncation: .none, alignment: .natural)
            // 200 / 1 + 64 characters a line, 100 / 10 + 2 lines.
            #expect(kept.utf16.count <= 264 * 12, "\(kept.utf16.count)")
            #expect(huge.hasPrefix(kept.components(separatedBy: "\n")[0]))
        }
        let one = String(repeating: "x", count: 1_000_000)
        let tail = TextLayerLayout.visiblePart(one + "END", size: CGSize(width: 200, height: 100), fontSize: 20,
                                               wrapped: false, truncation: .start, alignment: .natural)
        #expect(tail.hasSuffix("END") && tail.utf16.count <= 264)
        // Drawn: the first lines show, and no more lines are laid out than fit.
        let (root, l) = P.scene(huge, w: 200, h: 100) { $0.fontSize = 20; $0.isWrapped = true }
        let f = try P.frame(root)
        #expect(P.inkBands(f).count >= 3)
        let key = TextLayerLayout(string: .plain(huge), font: .helvetica, fontSize: 20, wrapped: true,
                                  truncation: .none, alignment: .natural, size: l.bounds.size)
        #expect(key.make().lines.count <= 6)
    }

    @Test func aMegabyteAttributedStringIsCutTheSameWay() throws {
        let big = NSAttributedString(string: String(repeating: "abc ", count: 250_001),
                                     attributes: [.font: P.helvetica(20), .foregroundColor: color(1, 0, 0)])
        let kept = TextLayerLayout.visiblePart(big, size: CGSize(width: 200, height: 100), smallestFontSize: 20,
                                               wrapped: false, truncation: .middle, alignment: .natural)
        #expect(kept.length <= 264 && kept.length >= 250, "\(kept.length)")
        #expect(kept.string.hasPrefix("abc abc") && kept.attributes(at: 0, effectiveRange: nil)[.font] != nil)
        let key = TextLayerLayout(string: .attributed(big), font: .helvetica, fontSize: 0, wrapped: false,
                                  truncation: .middle, alignment: .natural, size: CGSize(width: 200, height: 100))
        let block = key.make()
        #expect(block.lines.count == 1)
        #expect(block.inkBounds.maxX <= 200.5, "\(block.inkBounds)")
    }

    @Test func anUnknownFontNameIsNotedOnceAndDrawsTheDefault() throws {
        let notes = Mutex<[CGDiagnostic]>([])
        let name = "NoSuchFont-\(UInt32.random(in: 0...UInt32.max))"
        let root = try CGDiagnostics.withHandler({ d in notes.withLock { $0.append(d) } }) { () throws -> CALayer in
            let (root, l) = P.scene("H") { $0.fontSize = 40 }
            l.font = name as NSString
            l.font = name as NSString
            return root
        }
        let seen = notes.withLock { $0 }
        #expect(seen.count == 1 && seen.first?.kind == .fontSubstituted && seen.first?.subject == name, "\(seen)")
        // Drawn with the default font (Liberation Sans): the same ink as Helvetica.
        let box = try #require(P.ink(try P.frame(root), threshold: 127))
        #expect(abs(box.maxY - CTFontGetAscent(P.helvetica(40))) <= 1)
    }

    @Test func aNonFiniteFontSizeIsReportedAndIgnored() {
        let l = CATextLayer()
        let kinds = reportedKinds {
            l.fontSize = .nan
            l.fontSize = .infinity
        }
        #expect(l.fontSize == 36)
        #expect(kinds.count == 2, "\(kinds)")
    }

    @Test func aNonColourForegroundColourIsReportedAndIgnored() {
        let l = CATextLayer()
        l.foregroundColor = color(1, 0, 0)
        let (_, reported) = diagnostics { l.setValue("red", forKey: "foregroundColor") }
        #expect(reported.map(\.kind) == [.invalidValue], "\(reported)")
        #expect(l.foregroundColor?.rgba.r == 1)
        let (_, more) = diagnostics { l.string = 42 }
        #expect(more.count == 1 && l.string == nil)
    }

    @Test func nothingIsDrawnForAZeroFontSizeOrNoColour() throws {
        for configure: (CATextLayer) -> Void in [{ $0.fontSize = 0 }, { $0.foregroundColor = nil }, { $0.fontSize = -5 }] {
            let (root, _) = P.scene("Hello", configure)
            #expect(P.ink(try P.frame(root)) == nil)
        }
    }
}
