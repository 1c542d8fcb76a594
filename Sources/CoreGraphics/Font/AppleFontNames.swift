/// Apple font names (PostScript names such as "HelveticaNeue-Bold", family names such as
/// "Helvetica Neue") translated into a request for an installed font.
///
/// Apple's fonts are not free. Where Debian has a metric-compatible font (same advance widths,
/// so text wraps and truncates where Apple's would) the name maps to it silently: Helvetica and
/// Arial → Liberation Sans, Times and Times New Roman → Liberation Serif, Courier and Courier New
/// → Liberation Mono, Menlo → DejaVu Sans Mono. Names with only an approximation (Helvetica Neue,
/// SF Pro and the system font, Georgia, Monaco, PingFang…) map to the closest free font with one
/// note per name. Names that are neither installed nor known fall back to `defaultFamily`.
package struct FontRequest: Hashable, Sendable {
    /// The fontconfig family to ask for.
    package var family: String
    /// fontconfig weight (80 regular, 200 bold) and slant (0 roman, 100 italic).
    package var weight: Int32
    package var slant: Int32
    /// Why the result only approximates the requested font (nil: the font or a metric twin).
    package var approximation: String?
}

package enum AppleFontNames {
    /// The font used for names nothing else matches: Liberation Sans, metric twin of Helvetica,
    /// Apple's own fallback for unknown names.
    package static let defaultFamily = "Liberation Sans"

    /// Normalised base names (lowercase, no spaces, no "MT"/"PS" suffix) → (family, metric twin).
    static let table: [String: (family: String, compatible: Bool)] = [
        "helvetica": ("Liberation Sans", true), "arial": ("Liberation Sans", true),
        "timesnewroman": ("Liberation Serif", true), "times": ("Liberation Serif", true),
        "timesroman": ("Liberation Serif", true),
        "courier": ("Liberation Mono", true), "couriernew": ("Liberation Mono", true),
        "menlo": ("DejaVu Sans Mono", true),
        "helveticaneue": ("Liberation Sans", false), "sfpro": ("Liberation Sans", false),
        "sfprotext": ("Liberation Sans", false), "sfprodisplay": ("Liberation Sans", false),
        "sfui": ("Liberation Sans", false), "sfuitext": ("Liberation Sans", false),
        "sfuidisplay": ("Liberation Sans", false), "systemfont": ("Liberation Sans", false),
        "system": ("Liberation Sans", false), "lucidagrande": ("DejaVu Sans", false),
        "avenir": ("Liberation Sans", false), "avenirnext": ("Liberation Sans", false),
        "verdana": ("DejaVu Sans", false), "georgia": ("Liberation Serif", false),
        "sfmono": ("DejaVu Sans Mono", false), "monaco": ("DejaVu Sans Mono", false),
        "pingfangsc": ("WenQuanYi Micro Hei", false), "pingfangtc": ("WenQuanYi Micro Hei", false),
        "pingfanghk": ("WenQuanYi Micro Hei", false), "heitisc": ("WenQuanYi Micro Hei", false),
        "hiraginosans": ("WenQuanYi Micro Hei", false), "applesdgothicneo": ("WenQuanYi Micro Hei", false),
        "applecoloremoji": ("Noto Color Emoji", true),
    ]

    /// Splits "Family-Style" or "Family Style words" and looks the family up.
    package static func request(for name: String) -> FontRequest {
        var base = name.trimmingCharacters(in: .whitespaces)
        var style = ""
        if let dash = base.lastIndex(of: "-") {
            style = String(base[base.index(after: dash)...]); base = String(base[..<dash])
        } else {
            var words = base.split(separator: " ").map(String.init)
            while words.count > 1, let last = words.last, styleWords.contains(last.lowercased()) {
                style = last + style; words.removeLast()
            }
            base = words.joined(separator: " ")
        }
        let (weight, slant) = weightAndSlant(style.lowercased())
        if let known = table[normalize(base)] {
            return FontRequest(family: known.family, weight: weight, slant: slant,
                               approximation: known.compatible ? nil : "no free metric-compatible font")
        }
        return FontRequest(family: base, weight: weight, slant: slant, approximation: nil)
    }

    static let styleWords: Set<String> = ["bold", "italic", "oblique", "light", "medium", "semibold",
                                           "regular", "thin", "black", "heavy", "ultralight", "condensed"]

    /// Lowercase, without spaces, a leading "." (system fonts) or a trailing "MT"/"PS"/"PSMT".
    static func normalize(_ base: String) -> String {
        var s = base.lowercased().filter { $0 != " " }
        if s.hasPrefix(".") { s.removeFirst() }
        for suffix in ["psmt", "mt", "ps"] where s.hasSuffix(suffix) && s.count > suffix.count + 2 {
            s.removeLast(suffix.count); break
        }
        return s
    }

    /// The OpenType weight class (100…900, as pango's weights) of a fontconfig weight.
    package static func openTypeWeight(_ fontconfigWeight: Int32) -> Int32 {
        let steps: [(Int32, Int32)] = [(0, 100), (40, 200), (50, 300), (80, 400), (100, 500),
                                       (180, 600), (200, 700), (205, 800), (210, 900)]
        return steps.last { $0.0 <= fontconfigWeight }?.1 ?? 400
    }

    /// fontconfig weight and slant for an Apple style suffix ("Bold", "SemiboldItalic", "BoldItalicMT").
    static func weightAndSlant(_ style: String) -> (Int32, Int32) {
        let slant: Int32 = style.contains("italic") || style.contains("oblique") ? 100 : 0
        let weights: [(String, Int32)] = [("ultralight", 40), ("extralight", 40), ("thin", 0), ("light", 50),
                                          ("semibold", 180), ("demibold", 180), ("extrabold", 205),
                                          ("heavy", 205), ("black", 210), ("bold", 200), ("medium", 100)]
        let weight = weights.first { style.contains($0.0) }?.1 ?? 80
        return (weight, slant)
    }
}
