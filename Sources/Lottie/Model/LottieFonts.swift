import Foundation
import CoreGraphics

/// A font of the animation's `fonts.list` (https://lottiefiles.github.io/lottie-docs/text/#font):
/// `name` is what text documents refer to (a PostScript name), with its family and style.
struct LottieFont: Sendable {
    var name: String
    var family: String
    var style: String

    init?(_ j: JSONValue) {
        guard let name = j["fName"]?.string else { return nil }
        self.name = name
        family = j["fFamily"]?.string ?? name
        style = j["fStyle"]?.string ?? ""
    }
}

/// A character's outline exported with the animation (`chars`,
/// https://lottiefiles.github.io/lottie-docs/text/#character-data): shape items in a 100-point
/// em (y down, origin on the baseline) and the advance `width` in the same units.
struct LottieGlyph: Sendable {
    struct Key: Hashable, Sendable { var character: String; var family: String; var style: String }
    var key: Key
    var width: Double
    var shapes: [LottieShapeItem]

    init?(_ j: JSONValue, at path: String, log: WarningLog) {
        guard let ch = j["ch"]?.string else { return nil }
        key = Key(character: ch, family: j["fFamily"]?.string ?? "", style: j["style"]?.string ?? "")
        width = j["w"]?.number ?? 0
        shapes = LottieShapeItem.parseList(j["data"]?["shapes"], at: "\(path).data.shapes", log: log, depth: 1)
    }

    /// The fonts and glyphs of an animation's `fonts` and `chars`.
    static func read(fonts: JSONValue?, chars: JSONValue?, log: WarningLog) -> ([String: LottieFont], [Key: LottieGlyph]) {
        var fontsByName: [String: LottieFont] = [:]
        for f in fonts?["list"]?.array ?? [] { if let font = LottieFont(f), fontsByName[font.name] == nil { fontsByName[font.name] = font } }
        var glyphs: [Key: LottieGlyph] = [:]
        for (i, c) in (chars?.array ?? []).enumerated() {
            if let g = LottieGlyph(c, at: "chars[\(i)]", log: log), glyphs[g.key] == nil { glyphs[g.key] = g }
        }
        return (fontsByName, glyphs)
    }
}
