// Printing text that came from input files (scene names, font names, layer names) to a
// terminal, in one place for every module's messages.

/// `text` as it may be printed to a terminal: control and format characters (escape sequences,
/// bidirectional overrides, line breaks) written as `\u{…}`, cut to `limit` characters with
/// "…". CoreGraphics' and QuartzCore's notes, CAML's warnings and carender's names from scenes
/// all print through it.
public func printableText(_ text: String, limit: Int = .max) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count >= limit { out += "…"; break }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator:
            let escape = "\\u{" + String(scalar.value, radix: 16) + "}"
            out += escape
            count += escape.count
        default:
            out.unicodeScalars.append(scalar)
            count += 1   // counted, not `out.count`, which is linear in the text each time
        }
    }
    return out
}
