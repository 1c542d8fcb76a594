import Foundation

/// A linear pass over a document's bytes before libxml2 sees them, refusing what libxml2
/// handles in quadratic time: an element with more than `maximumAttributeCount` attributes
/// (libxml2 compares each new attribute with every earlier one of the element, so 640,000
/// attributes took minutes), and more than `maximumTotalAttributeCount` in the document.
///
/// It counts `=` signs outside quoted values inside each `<…>` tag; a comment or CDATA section
/// is counted like a tag, which only ever overcounts harmlessly.
enum CAMLXMLPrescan {
    /// Most attributes on one element (a real CAML element has a few dozen).
    static let maximumAttributeCount = 1_000
    /// Most attributes in one document.
    static let maximumTotalAttributeCount = 2_000_000

    static func check(_ data: Data, file: String) throws(CAMLError) {
        let failure = data.withUnsafeBytes { scan($0.bindMemory(to: UInt8.self), file: file) }
        if let failure { throw failure }
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> CAMLError? {
        var inTag = false, quote: UInt8 = 0
        var count = 0, total = 0, line = 1, tagLine = 1
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if !inTag {
                if byte == UInt8(ascii: "<") { inTag = true; count = 0; tagLine = line }
                continue
            }
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "=") {
                count += 1; total += 1
                if count > maximumAttributeCount {
                    return CAMLError(.limitExceeded, file: file, line: tagLine, column: 1,
                                    "an element has more than \(maximumAttributeCount) attributes")
                }
                if total > maximumTotalAttributeCount {
                    return CAMLError(.limitExceeded, file: file, line: line, column: 1,
                                    "the document has more than \(maximumTotalAttributeCount) attributes")
                }
            } else if byte == UInt8(ascii: ">") {
                inTag = false
            }
        }
        return nil
    }
}
