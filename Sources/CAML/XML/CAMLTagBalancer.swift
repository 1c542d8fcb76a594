import Foundation

/// Balances a document's tags the way libxml2's recover mode reads a broken file, but keeping
/// siblings where they were: an end tag that closes an element further out also closes the
/// elements left open inside it; an end tag that closes nothing is dropped; anything after the
/// root element is dropped; elements still open at the end of the file are closed there; a tag
/// cut off by the end of the file is dropped. Comments, CDATA, processing instructions,
/// DOCTYPEs and quoted attribute values are skipped, so a `<` or `>` inside them is no tag.
///
/// Only tags are looked at; anything else libxml2 rejects (an undeclared entity, a duplicate
/// attribute) is left for the strict parse to report. `repairs` is empty for a balanced
/// document. nil past `maximumRepairs` (the file is not a near miss of a document).
struct CAMLTagBalancer {
    struct Repair {
        let line: Int
        let element: String?
        /// What is wrong ("<CALayer> at line 6 is never closed").
        let problem: String
        /// What the repair did ("closed before </sublayers> at line 8").
        let action: String
        var message: String { "\(problem); \(action)" }
    }

    static let maximumRepairs = 64

    /// The repaired document.
    private(set) var data = Data()
    private(set) var repairs: [Repair] = []
    /// Start tags of elements whose name ends in `Layer`, repaired or not.
    private(set) var layerStartTags = 0

    init?(_ input: Data) {
        let bytes = [UInt8](input)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var open: [(name: String, line: Int)] = []
        var rootClosed = false
        var cutOff = false
        var line = 1
        var i = 0
        func lines(in range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            guard pattern.count <= bytes.count else { return nil }
            var k = start
            while k + pattern.count <= bytes.count {
                if bytes[k] == pattern[0], Array(bytes[k..<k + pattern.count]) == pattern { return k }
                k += 1
            }
            return nil
        }
        func closeTags(_ names: ArraySlice<(name: String, line: Int)>) -> [UInt8] {
            names.reversed().flatMap { Array("</\($0.name)>".utf8) }
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                if bytes[i] == 10 { line += 1 }
                out.append(bytes[i]); i += 1; continue
            }
            let rest = bytes[i...]
            // Markup that holds no tags: copied as is (a cut-off one runs to the end).
            let skips: [(String, String)] = [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")]
            if let (_, close) = skips.first(where: { rest.starts(with: Array($0.0.utf8)) }) {
                let end = find(Array(close.utf8), from: i + 2).map { $0 + close.utf8.count } ?? bytes.count
                line += lines(in: i..<end); out += bytes[i..<end]; i = end; continue
            }
            // A tag: its end is the first '>' outside quotes (a DOCTYPE's internal subset in []).
            var k = i + 1, quote: UInt8 = 0, bracket = 0
            while k < bytes.count {
                let c = bytes[k]
                if quote != 0 { if c == quote { quote = 0 } }
                else if c == 34 || c == 39 { quote = c }
                else if c == UInt8(ascii: "[") && bytes[i + 1] == UInt8(ascii: "!") { bracket += 1 }
                else if c == UInt8(ascii: "]") && bracket > 0 { bracket -= 1 }
                else if c == UInt8(ascii: ">") && bracket == 0 { break }
                k += 1
            }
            let tagLines = lines(in: i..<min(k + 1, bytes.count))
            let tag = bytes[i..<min(k + 1, bytes.count)]
            let isEnd = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/")
            let isDeclaration = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "!")
            let name = String(decoding: tag.dropFirst(isEnd ? 2 : 1).prefix {
                !($0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ">"))
            }, as: UTF8.self)
            let isLayer = !isEnd && !isDeclaration && name.hasSuffix("Layer")
            if isLayer { layerStartTags += 1 }
            guard k < bytes.count else {
                repairs.append(Repair(line: line, element: name.isEmpty ? nil : name,
                                      problem: "a tag at line \(line) is cut off by the end of the file", action: "dropped"))
                cutOff = true
                break
            }
            if isDeclaration {
                out += tag
            } else if rootClosed {
                repairs.append(Repair(line: line, element: name,
                                      problem: "content after the root element (<\(name)> at line \(line))", action: "ignored"))
                break
            } else if isEnd {
                if let depth = open.lastIndex(where: { $0.name == name }) {
                    for unclosed in open[(depth + 1)...].reversed() {
                        repairs.append(Repair(line: unclosed.line, element: unclosed.name,
                                              problem: "<\(unclosed.name)> at line \(unclosed.line) is never closed",
                                              action: "closed before </\(name)> at line \(line)"))
                    }
                    out += closeTags(open[(depth + 1)...])
                    open.removeSubrange(depth...)
                    out += tag
                    rootClosed = open.isEmpty
                } else {
                    repairs.append(Repair(line: line, element: name, problem: "</\(name)> at line \(line) closes no open element", action: "ignored"))
                }
            } else {
                // A layer directly inside a layer is no CAML (sublayers sit in <sublayers> or
                // <mask>): the open one was meant to end here, as `/>` or `</…>` left out.
                if isLayer, let parent = open.last, parent.name.hasSuffix("Layer") {
                    repairs.append(Repair(line: parent.line, element: parent.name,
                                          problem: "<\(parent.name)> at line \(parent.line) is never closed",
                                          action: "closed before <\(name)> at line \(line)"))
                    out += closeTags(open.suffix(1)[...])
                    open.removeLast()
                }
                out += tag
                if bytes[k - 1] != UInt8(ascii: "/") { open.append((name, line)) } else { rootClosed = open.isEmpty }
            }
            line += tagLines
            i = k + 1
            if repairs.count > Self.maximumRepairs { return nil }
        }
        // In a file cut off mid-tag the elements left open are that cut's doing, not repairs of
        // their own.
        for unclosed in open.reversed() where !cutOff {
            repairs.append(Repair(line: unclosed.line, element: unclosed.name,
                                  problem: "<\(unclosed.name)> at line \(unclosed.line) is never closed",
                                  action: "closed at the end of the file"))
        }
        out += closeTags(open[...])
        repairs.sort { $0.line < $1.line }
        data = Data(out)
    }
}
