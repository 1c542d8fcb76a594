import Foundation
import Testing
@testable import Lottie

/// Hostile and broken files: an error or warnings and a partial render, never a crash.
@Suite struct LottieBadInputTests {
    @Test("truncated JSON, non-Lottie JSON and nonsense are errors, not crashes",
          arguments: ["{\"v\":\"5\",\"fr\":30,\"ip\":0,\"op\":10,\"w\":10,\"h\":10,\"layers\":[{\"ty\":4",
                      "[1,2,3]", "{\"hello\":\"world\"}", "", "\u{0}\u{1}garbage"])
    func unreadable(_ text: String) {
        #expect(throws: LottieError.self) { try LottieAnimation(data: Data(text.utf8)) }
    }

    @Test("zero, negative, huge or missing sizes and frame rates are refused",
          arguments: [#""fr":0,"w":10,"h":10"#, #""fr":-5,"w":10,"h":10"#, #""fr":1e9,"w":10,"h":10"#,
                      #""fr":30,"w":0,"h":10"#, #""fr":30,"w":1e12,"h":10"#, #""fr":30,"w":10"#])
    func badHeader(_ fields: String) {
        let json = "{\"ip\":0,\"op\":10,\(fields),\"layers\":[]}"
        #expect(throws: LottieError.self) { try LottieAnimation(data: Data(json.utf8)) }
    }

    @Test("unknown layer and shape types become warnings and the rest still draws")
    func unknownTypes() throws {
        let unknownShape = """
        {"ty":4,"ind":7,"ip":0,"op":100,"st":0,"ks":{},"shapes":[{"ty":"zz"},{"ty":"gr","it":[
          {"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}
        """
        let lottie = try load(lottieJSON(#"{"ty":99,"ind":9,"ip":0,"op":100,"ks":{}},"# + unknownShape))
        #expect(lottie.warnings.contains { $0.message.contains("layer type 99") })
        #expect(lottie.warnings.contains { $0.message.contains("shape type 'zz'") })
        let r = Rendered(lottie, frame: 0)
        #expect(r.isRed(50, 50) && r.isClear(20, 20))
    }

    @Test("circular parenting is cut with a warning and the layers still draw")
    func circularParents() throws {
        let a = solid(w: 10, h: 10).replacingOccurrences(of: #""ind":"#, with: #""parent":2,"ind":1,"x":"#)
        let b = solid("#00ff00", w: 10, h: 10).replacingOccurrences(of: #""ind":"#, with: #""parent":1,"ind":2,"x":"#)
        let lottie = try load(lottieJSON(a + "," + b))
        #expect(lottie.warnings.contains { $0.message.contains("circular parenting") })
        #expect(!Rendered(lottie, frame: 0).isClear(5, 5))
    }

    @Test("a missing image asset is a warning and an empty layer")
    func missingImage() throws {
        let assets = #"[{"id":"img","w":10,"h":10,"u":"nowhere/","p":"missing.png"}]"#
        let layer = #"{"ty":2,"ind":1,"refId":"img","ip":0,"op":100,"st":0,"ks":{}}"#
        let lottie = try load(lottieJSON(layer + "," + solid("#00ff00", w: 5, h: 5), assets: assets))
        #expect(lottie.warnings.contains { $0.message.contains("could not be read") })
        #expect(!Rendered(lottie, frame: 0).isClear(2, 2))
    }

    @Test("a precomposition that contains itself stops at the depth limit with a warning")
    func selfReferencingPrecomp() throws {
        let inner = #"{"ty":0,"ind":1,"refId":"loop","w":100,"h":100,"ip":0,"op":100,"st":0,"ks":{}}"#
        let lottie = try load(lottieJSON(inner, assets: "[{\"id\":\"loop\",\"layers\":[\(inner)]}]"))
        #expect(lottie.warnings.contains { $0.message.contains("nested too deep") })
    }

    /// 2·10⁵ keyframes (thinned to every 16th as they are read; 10⁶: LottieHostileValuesTests).
    @Test("2·10⁵ keyframes load, play and render within the sampling bound")
    func manyKeyframes() throws {
        var keys = ""
        keys.reserveCapacity(4_000_000)
        for i in 0..<200_000 { keys += (i == 0 ? "" : ",") + "{\"t\":\(i),\"s\":[\(i % 100)]}" }
        let layer = solid(extra: "").replacingOccurrences(of: #""o":{"a":0,"k":100}"#, with: "\"o\":{\"a\":1,\"k\":[\(keys)]}")
        let lottie = try load(lottieJSON(layer, op: 200_000))
        // The solid shows frames 0…100; at frame 50 the opacity keyframe is 50 %.
        let p = Rendered(lottie, frame: 50).pixel(50, 50)
        #expect(abs(p[3] - 128) <= 3)
    }
}
