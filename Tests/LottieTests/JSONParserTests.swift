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
    }
}
