import Foundation

extension CAMLDocumentParser {
    /// Reads a document as real files need: bytes that are not UTF-8 become U+FFFD (Foundation's
    /// XML parser crashes on them inside comments), and a malformed document whose tags only fail
    /// to balance — an unclosed `<CALayer>`, a stray end tag, content after the root element, a
    /// file cut off after its last tag — is read as repaired by `CAMLTagBalancer`, the way
    /// libxml2's recover mode closes what is left open, provided the repair keeps every layer
    /// the text opens. Each repair is one warning through `warn(line, message)`.
    ///
    /// - Throws: the strict parser's `CAMLError` when the document cannot be repaired that way.
    static func read(_ data: Data, file: String,
                     warn: (_ line: Int, _ message: String) -> Void) throws(CAMLError) -> CAMLElement {
        let text = utf8Repaired(data, warn: warn)
        let strictError: CAMLError
        do { return try parse(text, file: file) } catch { strictError = error }
        guard strictError.kind == .malformedXML, let balanced = CAMLTagBalancer(text),
              !balanced.repairs.isEmpty,
              let root = try? parse(balanced.data, file: file),
              root.layerCount >= balanced.layerStartTags else { throw strictError.withBalancerHint(text) }
        let first = balanced.repairs[0]
        let more = balanced.repairs.count > 1 ? " (and \(balanced.repairs.count - 1) more repairs)" : ""
        warn(first.line, "malformed XML, recovered: \(first.message)\(more); the layers are kept")
        return root
    }

    /// `data` with every byte sequence that is not UTF-8 replaced by U+FFFD, and a warning at the
    /// first one's line. Documents in UTF-16 (a byte-order mark) or declaring a single-byte
    /// encoding libxml2 converts (ISO-8859-n, Latin-1, Windows-125n) are left alone; any other
    /// declaration (FuzzCAMLDocument's `encoding="UTFallows…"`) leaves the bytes unconverted,
    /// which crashed Foundation's parser just as undeclared ones did.
    static func utf8Repaired(_ data: Data, warn: (Int, String) -> Void) -> Data {
        if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return data }
        if data.starts(with: Array("<?xml".utf8)), let end = data.prefix(200).firstIndex(of: UInt8(ascii: ">")) {
            let declaration = String(decoding: data[..<end], as: UTF8.self).lowercased()
            let converted = ["iso-8859-", "iso8859-", "latin1", "latin-1", "windows-125", "cp125"]
            if let at = declaration.range(of: "encoding"),
               converted.contains(where: { declaration[at.upperBound...].contains($0) }) { return data }
        }
        if String(validating: data, as: UTF8.self) != nil { return data }
        let repaired = String(decoding: data, as: UTF8.self)
        var line = 1
        for c in repaired.unicodeScalars {
            if c == "\u{FFFD}" { break }
            if c == "\n" { line += 1 }
        }
        warn(line, "the document is not valid UTF-8; the bad bytes are read as U+FFFD")
        return Data(repaired.utf8)
    }
}

extension CAMLError {
    /// A malformed-XML error told more exactly from the text's own tag structure: content after
    /// the root element is not "the document ends before its elements are closed", and an
    /// element left open is not blamed on the attribute of whatever tag libxml2 stopped in.
    func withBalancerHint(_ text: Data) -> CAMLError {
        // libxml2 calls any file that does not begin with markup "empty" (/etc/shadow, a PNG).
        if kind == .malformedXML, message.hasSuffix("the document is empty"),
           let first = text.first(where: { !($0 == 32 || (9...13).contains($0)) }), first != UInt8(ascii: "<") {
            return CAMLError(kind, file: file, line: 1, column: 1, "not a CAML document: the file is not XML (it does not begin with '<')")
        }
        guard kind == .malformedXML, let balanced = CAMLTagBalancer(text),
              let repair = balanced.repairs.first, line == 0 || repair.line <= line else { return self }
        return CAMLError(kind, file: file, line: repair.line, column: 0, element: repair.element,
                         "malformed XML: \(repair.problem)")
    }
}

extension CAMLElement {
    /// Elements in this subtree whose name ends in `Layer` (every layer class CAML writes).
    var layerCount: Int {
        var n = 0
        var stack = [self]
        while let e = stack.popLast() {
            if e.name.hasSuffix("Layer") { n += 1 }
            stack.append(contentsOf: e.children)
        }
        return n
    }
}
