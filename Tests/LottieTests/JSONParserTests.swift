import Foundation
import Testing
@testable import Lottie

/// `JSONParser`: RFC 8259 text to `JSONValue`s, errors with their byte offset, and keyframe lists
/// thinned to a bounded length.
@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONParser.Failure) -> JSONValue { try JSONParser.parse(Data(text.utf8)).0 }

    @Test func readsEveryKindOfValue() throws {
        let v = try parse(#" {"a": [1, -2.5, 3e2, -0.125E-1, true, false, null], "b": {"c": "d"}, "e": []} "#)
        #expect(v["a"]?.numbers == nil)   // the Booleans and null are not numbers
        let a = try #require(v["a"]?.array)
        #expect(a.count == 7)
        #expect(a[0].number == 1 && a[1].number == -2.5 && a[2].number == 300 && a[3].number == -0.0125)
        #expect(a[4].bool == true && a[5].bool == false)
        if case .null = a[6] {} else { Issue.record("null read as \(a[6])") }
        #expect(v["b"]?["c"]?.string == "d")
        #expect(v["e"]?.array?.isEmpty == true)
    }

    @Test func numbersAreCorrectlyRounded() throws {
        #expect(try parse("0.1").number == 0.1)
        #expect(try parse("123456789012345678").number == 123456789012345678)
        #expect(try parse("-9007199254740993").number == -9007199254740992)
        #expect(try parse("2.2250738585072014e-308").number == 2.2250738585072014e-308)
        // Out of a Double's range: infinite, which `number` refuses.
        #expect(try parse("1e400").number == nil)
    }

    @Test func stringEscapesAndUnicode() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\u00e9\u20AC""#).string == "a\"b\\c/d\n\té€")
        #expect(try parse(#""\ud83d\ude00""#).string == "😀")
        #expect(try parse(#""lone \ud800 surrogate""#).string == "lone \u{FFFD} surrogate")
        #expect(try parse("\"naïve\"").string == "naïve")
        // A byte-order mark before the value is skipped.
        #expect(try JSONParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))).0.array?.count == 1)
    }

    @Test("malformed text is an error that says where",
          arguments: [("[1,]", 3), ("{\"a\":1,}", 7), ("[1] x", 4), ("\"abc", 4), ("[1 2]", 3), ("{\"a\" 1}", 5),
                      ("tru", 0), ("01", 1), ("-", 0), ("1.", 2), ("\"\\x\"", 3), ("\"a\u{1}\"", 2), ("", 0)])
    func errors(_ text: String, _ offset: Int) {
        do {
            _ = try parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.offset == offset, "\(text): \(error)")
        }
    }

    @Test func nestingIsLimited() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParser.Failure.self) { try parse(deep) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(try parse(fine).array?.count == 1)
    }

    @Test("a keyframe list over the limit is thinned evenly, keeping its first and last keyframes")
    func keyframeListsAreThinned() throws {
        let n = 2 * JSONParser.maximumKeyframes + 4
        let list = (0..<n).map { "{\"t\":\($0),\"s\":[\($0)]}" }.joined(separator: ",")
        let (v, thinned) = try JSONParser.parse(Data("{\"k\":[\(list)]}".utf8))
        let kept = try #require(v["k"]?.array)
        // At 2·limit every other keyframe goes; from then on every second one read is kept, and
        // the last one read is kept whatever its index.
        #expect(kept.count == JSONParser.maximumKeyframes + 3)
        #expect(kept[0]["t"]?.number == 0 && kept[1]["t"]?.number == 2)
        #expect(kept[kept.count - 2]["t"]?.number == Double(n - 2) && kept.last?["t"]?.number == Double(n - 1))
        #expect(thinned.count == 1 && thinned[0].read == n && thinned[0].kept == kept.count)
        // Lists of anything else are never thinned.
        let numbers = try parse("[" + (0..<(3 * JSONParser.maximumKeyframes)).map { "{\"a\":\($0)}" }.joined(separator: ",") + "]")
        #expect(numbers.array?.count == 3 * JSONParser.maximumKeyframes)
        let textLayers = try parse("[" + (0..<(3 * JSONParser.maximumKeyframes)).map { "{\"ty\":5,\"t\":{\"d\":\($0)}}" }.joined(separator: ",") + "]")
        #expect(textLayers.array?.count == 3 * JSONParser.maximumKeyframes)
    }

    @Test("documents written by JSONSerialization read back equal; every strict prefix is an error")
    func agreesWithJSONSerialization() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed = seed &+ 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let pieces = ["a", "\"", "\\", "/", "\n", "\u{1}", "é", "€", "😀", " ", "key", "\u{7f}"]
        func text() -> String { (0..<Int(next() % 6)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined() }
        func value(_ depth: Int) -> Any {
            switch next() % (depth > 3 ? 4 : 6) {
            case 0: return Double(Int64(bitPattern: next()) % 1_000_000) / Double(1 << (next() % 20))
            case 1: return text()
            case 2: return next() % 2 == 0
            case 3: return NSNull()
            case 4: return (0..<Int(next() % 5)).map { _ in value(depth + 1) }
            default: return Dictionary((0..<Int(next() % 5)).map { _ in (text(), value(depth + 1)) }, uniquingKeysWith: { a, _ in a })
            }
        }
        func same(_ v: JSONValue, _ a: Any) -> Bool {
            switch v {
            case .null: return a is NSNull
            case .bool(let b): return (a as? Bool) == b
            case .number(let d): return (a as? Double) == d
            case .string(let s): return (a as? String) == s
            case .array(let items):
                guard let list = a as? [Any], list.count == items.count else { return false }
                return zip(items, list).allSatisfy { same($0, $1) }
            case .object(let o):
                guard let d = a as? [String: Any], d.count == o.count else { return false }
                return o.allSatisfy { k, x in d[k].map { same(x, $0) } ?? false }
            }
        }
        for _ in 0..<60 {
            let document: [String: Any] = ["layers": value(0), "v": text(), "fr": value(4)]
            let data = try JSONSerialization.data(withJSONObject: document)
            let ours = try JSONParser.parse(data).0
            #expect(same(ours, document), "\(String(decoding: data, as: UTF8.self))")
            for cut in Swift.stride(from: 0, to: data.count, by: max(1, data.count / 40)) {
                #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(data.prefix(cut)) }
            }
        }
    }
}
