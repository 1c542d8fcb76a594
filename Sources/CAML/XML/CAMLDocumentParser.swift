import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(CQuartzLibXML2)
import CQuartzLibXML2
#endif

/// Parses CAML (or any XML, such as `index.xml`) into `CAMLElement`s with Foundation's
/// `XMLParser` (libxml2), enforcing the reader's hard limits while it goes.
///
/// Malformed XML, a nesting deeper than `maximumDepth` or more than `maximumElementCount`
/// elements fail with a `CAMLError` that names the file, line, column and innermost open element
/// (and the attribute, when libxml2's message names one). External entities are never loaded.
enum CAMLDocumentParser {
    /// Deepest element nesting accepted (a real scene is under 20 deep).
    static let maximumDepth = 256
    /// Most elements accepted in one document.
    static let maximumElementCount = 500_000
    /// Largest document accepted, in bytes.
    static let maximumByteCount = 64 << 20

    /// The document element of `data`, read from `file` (used in errors only).
    static func parse(_ data: Data, file: String) throws(CAMLError) -> CAMLElement {
        guard data.count <= maximumByteCount else {
            throw CAMLError(.limitExceeded, file: file,
                            "the document is \(data.count) bytes; at most \(maximumByteCount) are read")
        }
        guard data.contains(where: { !(UInt8(ascii: " ") == $0 || (9...13).contains($0)) }) else {
            throw CAMLError(.malformedXML, file: file, line: 1, column: 1,
                            "the file is empty (a CAML document starts with <caml>)")
        }
        try CAMLXMLPrescan.check(data, file: file)   // libxml2's quadratic cases, refused first
        // Through a stream, not `XMLParser(data:)`: given the whole buffer at once, libxml2's
        // push parser stops at its 10 MB look-ahead limit (a long run of whitespace, or a
        // document past ~10 MB such as one with inline images), calling valid XML malformed.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = Builder(file: file)
        parser.delegate = builder
        #if canImport(CQuartzLibXML2)
        xmlResetLastError()   // so a message kept from an earlier document is never taken for this one's
        #endif
        let ok = parser.parse()
        if let failure = builder.failure { throw failure }
        if !ok || builder.errorCode != nil || builder.root == nil {
            let code = builder.errorCode ?? (parser.parserError as NSError?)?.code ?? 0
            let line = builder.errorLine ?? parser.lineNumber, column = builder.errorColumn ?? parser.columnNumber
            throw CAMLError(.malformedXML, file: file, line: line, column: column,
                            element: builder.errorElement ?? builder.stack.last?.name,
                            attribute: attributeName(in: data, line: line, column: column),
                            // Reset before parsing, libxml2's last error is this document's.
                            "malformed XML: " + describe(code, libxml2: builder.errorMessage ?? Builder.libxml2Message(code: nil)))
        }
        return builder.root!
    }

    /// The attribute being written where a tag breaks off: the last `name=` on `line` before
    /// `column`, inside an open tag (libxml2's messages do not reach us through Foundation).
    static func attributeName(in data: Data, line: Int, column: Int) -> String? {
        guard line > 0 else { return nil }
        var currentLine = 1
        var start = data.startIndex
        for i in data.indices where currentLine < line {
            if data[i] == UInt8(ascii: "\n") { currentLine += 1; start = i + 1 }
        }
        guard currentLine == line else { return nil }
        let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        let lineText = String(decoding: data[start..<min(end, start + max(column, 0) + 1)], as: UTF8.self)
        var open = Substring(lineText)
        while let last = open.last, last == ">" || last == "/" || last.isWhitespace { open.removeLast() }
        guard let lt = open.lastIndex(of: "<"), !open[lt...].contains(">") else { return nil }
        let tag = open[lt...]
        guard let eq = tag.lastIndex(of: "=") else { return nil }
        let name = tag[..<eq].reversed().drop(while: { $0 == " " }).prefix { !$0.isWhitespace && $0 != "<" && $0 != "\"" }
        let result = String(name.reversed())
        return result.isEmpty ? nil : result
    }

    /// A sentence for an XML error code (libxml2's `xmlParserErrors` numbers, which Foundation
    /// passes through and Apple's `XMLParser.ErrorCode` mirrors); for a code without one of
    /// ours, libxml2's own message for it (`libxml2`), else the number.
    static func describe(_ code: Int, libxml2 message: String? = nil) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document ends before its elements are closed"
        case 9: return "an invalid character"
        case 26, 27: return "an undeclared entity"
        case 38: return "'<' inside an attribute value"
        case 39, 40, 41: return "an attribute value is missing or not quoted"
        case 42: return "an attribute is given twice"
        case 73, 77: return "a tag is not finished"
        case 76: return "an end tag does not match the element it closes"
        case 89: return "entities expand in a loop or past libxml2's amplification limit (an entity expansion attack?)"
        case 1: return "the parser gave up (a value past libxml2's size limits?)"
        default:
            // "Comment not terminated" → "comment not terminated"; "XML declaration…" is kept.
            if let message, let first = message.first {
                let second = message.dropFirst().first
                return second?.isUppercase == true ? message : first.lowercased() + message.dropFirst()
            }
            return "the XML is not well formed (libxml2 error \(code), without a message)"
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        let file: String
        var stack: [CAMLElement] = []
        var root: CAMLElement?
        var count = 0
        var failure: CAMLError?
        var errorCode: Int?
        var errorLine: Int?
        var errorColumn: Int?
        var errorElement: String?
        /// libxml2's message for the error reported, trimmed ("Entity 'x' not defined").
        var errorMessage: String?

        init(file: String) { self.file = file }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            count += 1
            let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
            if stack.count >= CAMLDocumentParser.maximumDepth || count > CAMLDocumentParser.maximumElementCount {
                let what = stack.count >= CAMLDocumentParser.maximumDepth
                    ? "elements are nested more than \(CAMLDocumentParser.maximumDepth) deep"
                    : "the document has more than \(CAMLDocumentParser.maximumElementCount) elements"
                failure = CAMLError(.limitExceeded, file: file, line: parser.lineNumber,
                                    column: parser.columnNumber, element: local, what)
                parser.abortParsing()
                return
            }
            // Sorted, so reading does not depend on the dictionary's per-process order.
            let attrs = attributeDict.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
            let e = CAMLElement(name: local, attributes: attrs, line: parser.lineNumber, column: parser.columnNumber)
            if let parent = stack.last { parent.children.append(e) } else if root == nil { root = e }
            stack.append(e)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?) {
            guard let e = stack.popLast() else { return }
            e.text = e.text.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard let e = stack.last, e.text.utf8.count < 1 << 20 else { return }
            e.text += string
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard errorCode == nil else { return }
            errorCode = (parseError as NSError).code
            errorLine = parser.lineNumber
            errorColumn = parser.columnNumber
            errorElement = stack.last?.name
            errorMessage = Self.libxml2Message(code: errorCode!)
        }

        /// libxml2's message for its last error when that is the one with `code` (any, when nil),
        /// trimmed, one line, at most 200 characters.
        static func libxml2Message(code: Int?) -> String? {
            #if canImport(CQuartzLibXML2)
            guard let error = xmlGetLastError(), code.map({ Int(error.pointee.code) == $0 }) ?? true,
                  let text = error.pointee.message else { return nil }
            let line = String(cString: text).split(whereSeparator: \.isNewline).joined(separator: " ")
                .trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { return nil }
            return line.count > 200 ? String(line.prefix(200)) + "…" : line
            #else
            return nil
            #endif
        }
    }
}
