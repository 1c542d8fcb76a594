import Foundation
#if canImport(FoundationXML)
import FoundationXML
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
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = Builder(file: file)
        parser.delegate = builder
        let ok = parser.parse()
        if let failure = builder.failure { throw failure }
        guard ok, let root = builder.root else {
            let error = parser.parserError
            let message = (error as NSError?)?.localizedDescription ?? "the XML could not be read"
            throw CAMLError(.malformedXML, file: file, line: parser.lineNumber, column: parser.columnNumber,
                            element: builder.stack.last?.name,
                            attribute: attributeName(in: builder.libxmlMessage ?? message),
                            "malformed XML: " + (builder.libxmlMessage ?? message))
        }
        return root
    }

    /// The attribute a libxml2 message is about ("Attribute x redefined", "attributes construct
    /// error", "Specification mandates value for attribute x"), when it names one.
    static func attributeName(in message: String) -> String? {
        let words = message.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        for (i, w) in words.enumerated() where w.lowercased() == "attribute" && i + 1 < words.count {
            let name = words[i + 1].trimmingCharacters(in: CharacterSet(charactersIn: "'\":,."))
            if !name.isEmpty, name.lowercased() != "construct" { return name }
        }
        return nil
    }

    private final class Builder: NSObject, XMLParserDelegate {
        let file: String
        var stack: [CAMLElement] = []
        var root: CAMLElement?
        var count = 0
        var failure: CAMLError?
        var libxmlMessage: String?

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
            if libxmlMessage == nil {
                let m = (parseError as NSError).userInfo[NSLocalizedDescriptionKey] as? String
                libxmlMessage = m?.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
    }
}
