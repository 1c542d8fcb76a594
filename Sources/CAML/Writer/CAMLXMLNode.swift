/// One element of a document being written: a name, attributes in the order they are written,
/// and child elements. The writer builds a whole document of these, then prints it once.
struct CAMLXMLNode {
    var name: String
    var attributes: [(name: String, value: String)] = []
    var children: [CAMLXMLNode] = []

    init(_ name: String, _ attributes: [(name: String, value: String)] = [], children: [CAMLXMLNode] = []) {
        self.name = name; self.attributes = attributes; self.children = children
    }

    mutating func set(_ name: String, _ value: String) { attributes.append((name, value)) }

    /// The XML text, two spaces per level, empty elements self-closed.
    func render(into out: inout String, depth: Int = 0) {
        let pad = String(repeating: "  ", count: depth)
        out += pad + "<" + name
        for a in attributes { out += " " + a.name + "=\"" + CAMLXMLEscaping.attribute(a.value) + "\"" }
        if children.isEmpty { out += "/>\n"; return }
        out += ">\n"
        for c in children { c.render(into: &out, depth: depth + 1) }
        out += pad + "</" + name + ">\n"
    }
}

/// XML 1.0 escaping for attribute values, and the checks that keep names well formed.
enum CAMLXMLEscaping {
    /// `text` escaped for a double-quoted attribute value. Tab, line feed and carriage return are
    /// written as character references, because a parser normalises literal ones to spaces
    /// (XML 1.0 §3.3.3); characters XML 1.0 cannot carry at all (other C0 controls, U+FFFE,
    /// U+FFFF) become U+FFFD — `isRepresentable` tells the writer to warn first.
    static func attribute(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            switch s {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(isAllowed(s) ? s : "\u{FFFD}")
            }
        }
        return out
    }

    /// Whether every character of `text` survives as itself.
    static func isRepresentable(_ text: String) -> Bool { text.unicodeScalars.allSatisfy(isAllowed) }

    private static func isAllowed(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x9, 0xA, 0xD: true
        case 0..<0x20, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// Whether `name` can be an element name as written (ASCII letters, digits, `_`, `-`, `.`,
    /// not starting with a digit, `-` or `.`): class names such as `CALayer` or `MyLayer`.
    static func isElementName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII,
              first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))
        }
    }
}
