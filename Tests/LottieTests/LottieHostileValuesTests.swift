import Foundation
import Testing
@testable import Lottie

/// Header and layer values at the edges (NaN and infinite spelled as strings, 0, 1e9, 1e300),
/// 10⁶ keyframes and missing fonts: an error, or warnings and a partial render; never a crash.
@Suite struct LottieHostileValuesTests {
    @Test("NaN, infinite, 0×0 and 1e9×1e9 headers are refused with the field named",
          arguments: [(#""fr":"NaN","w":10,"h":10"#, "frame rate"), (#""fr":"inf","w":10,"h":10"#, "frame rate"),
                      (#""fr":1e9,"w":10,"h":10"#, "frame rate"), (#""fr":30,"w":0,"h":0"#, "size"),
                      (#""fr":30,"w":1e9,"h":1e9"#, "size"), (#""fr":30,"w":"NaN","h":10"#, "size")])
    func badHeader(_ fields: String, _ named: String) {
        let json = "{\"ip\":0,\"op\":10,\(fields),\"layers\":[]}"
        #expect {
            try LottieAnimation(data: Data(json.utf8))
        } throws: { error in
            "\(error)".contains(named)
        }
    }

    @Test("NaN in/out points are refused")
    func nanInOut() {
        let json = #"{"fr":30,"ip":"NaN","op":10,"w":10,"h":10,"layers":[]}"#
        #expect(throws: LottieError.self) { try LottieAnimation(data: Data(json.utf8)) }
    }

    @Test("the largest accepted header (1000 fps, 100,000² points, 10⁷ frames) loads and renders")
    func largestHeader() throws {
        let json = """
        {"fr":1000,"ip":0,"op":9999999,"w":100000,"h":100000,"layers":[\(solid(w: 100_000, h: 50_000))]}
        """
        let lottie = try load(Data(json.utf8))
        #expect(lottie.viewSize() == CGSize(width: 500, height: 500))
        lottie.progress = 0.5
        let image = try #require(lottie.image(viewSize: CGSize(width: 20, height: 20), scale: 1))
        #expect(image.width == 20)
    }

    @Test("layer times, stretches and sizes at the edges draw the healthy layer and do not crash",
          arguments: [#""ip":"NaN","op":"inf""#, #""ip":1e300,"op":-1e300"#, #""sr":1e-300"#, #""sr":1e300"#,
                      #""st":-1e300"#, #""sr":0"#, #""sw":1e9,"sh":1e9"#, #""sw":-5,"sh":"NaN""#])
    func edgeLayer(_ fields: String) throws {
        let bad = solid("#0000ff", w: 50, h: 50).replacingOccurrences(of: #""ty":1,"#, with: "\"ty\":1,\(fields),")
        // A precomposition whose time is stretched or shifted by the bad values, holding a layer.
        let precomp = #"{"ty":0,"ind":77,"refId":"p","w":100,"h":100,"ip":0,"op":100,"st":0,"ks":{},"#
            + fields + "}"
        let assets = "[{\"id\":\"p\",\"layers\":[\(solid("#00ff00", w: 10, h: 10))]}]"
        let lottie = try load(lottieJSON(bad + "," + precomp + "," + solid(w: 100, h: 100, position: "[0,80]"),
                                         assets: assets))
        for f in [0.0, 10, 19.5] {
            let r = Rendered(lottie, frame: f)
            #expect(r.isRed(50, 90), "frame \(f): \(r.pixel(50, 90))")
        }
    }

    @Test("a text layer whose font is missing still lets the rest of the file draw")
    func missingFont() throws {
        let text = """
        {"ty":5,"ind":3,"ip":0,"op":100,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"Hi","f":"NoSuchFont-Regular",\
        "s":20,"fc":[0,0,0],"j":0,"tr":0,"lh":24}}]},"a":[],"m":{"a":{"a":0,"k":[0,0]}},"p":{}}}
        """
        let json = """
        {"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"fonts":{"list":[{"fName":"NoSuchFont-Regular",\
        "fFamily":"No Such Font","fStyle":"Regular","ascent":75,"fPath":"fonts/nowhere.ttf","origin":3}]},\
        "layers":[\(text),\(solid(w: 100, h: 20, position: "[0,80]"))]}
        """
        let lottie = try load(Data(json.utf8))
        #expect(Rendered(lottie, frame: 0).isRed(50, 90))
    }

    /// 10⁶ keyframes in one property: read in one pass with the list thinned as it is read
    /// (`JSONParser.maximumKeyframes`), so the model holds at most 2·10⁴ of them; a warning says
    /// so. Memory is measured by scripts/lottie-keyframes.sh (peak RSS of a release import).
    @Test("10⁶ keyframes import with the list thinned, a warning, and the right opacity")
    func millionKeyframes() throws {
        var keys = [UInt8]()
        keys.reserveCapacity(24_000_000)
        for i in 0..<1_000_000 { keys += Array("\(i == 0 ? "" : ","){\"t\":\(i),\"s\":[\(i % 100)]}".utf8) }
        let layer = solid(extra: "").replacingOccurrences(of: #""o":{"a":0,"k":100}"#, with: "\"o\":{\"a\":1,\"k\":[KEYS]}")
            .replacingOccurrences(of: #""op":100"#, with: #""op":1000000"#)
        var text = String(decoding: lottieJSON(layer, op: 1_000_000), as: UTF8.self)
        text = text.replacingOccurrences(of: "KEYS", with: String(decoding: keys, as: UTF8.self))
        let animation = try LottieAnimation(data: Data(text.utf8))
        #expect(animation.warnings.contains { $0.message.contains("thinned") && $0.message.contains("1000000") })
        let ks = try #require(animation.layers.first?.transform.opacity.keyframes)
        #expect(ks.count <= 2 * JSONParser.maximumKeyframes && ks.count > JSONParser.maximumKeyframes)
        #expect(ks.last?.time == 999_999)
        // 10⁶ read halve the list six times: every 64th keyframe is kept. Frame 500 lies between
        // kept keyframes 448 (value 48) and 512 (value 12): 48 − 36 · 52/64 = 18.75 %.
        #expect(ks[7].time == 448 && ks[8].time == 512)
        #expect(abs(animation.layers[0].transform.opacity.scalar(at: 500) - 18.75) < 1e-9)
        // The layer shows all 10⁶ frames; its opacity is sampled every 250 frames (10⁶ frames over
        // `AnimationFactory.maximumSamples`), so frame 500 is a sample: 18.75 % of 255 ≈ 48.
        let lottie = LottieLayer(animation: animation)
        #expect(Rendered(lottie, frame: 0).pixel(50, 50)[3] <= 3)
        #expect(abs(Rendered(lottie, frame: 500).pixel(50, 50)[3] - 48) <= 3)
    }
}

/// The layer bound counts the `CALayer`s built, which its message says: 10,000 layers parented to
/// one more reach it, since each also gets a transform copy of its parent.
@Suite struct LottieLayerLimitTests {
    @Test func theLimitSaysWhatItCounted() throws {
        let parent = #"{"ty":3,"ind":1,"ip":0,"op":100,"st":0,"ks":{}}"#
        let child = #"{"ty":3,"parent":1,"ip":0,"op":100,"st":0,"ks":{}}"#
        let layers = ([parent] + Array(repeating: child, count: 10_000)).joined(separator: ",")
        let lottie = LottieLayer(animation: try LottieAnimation(data: lottieJSON(layers)))
        // Built last to first: the 10,000 children take two layers each, so layers[0] is past it.
        #expect(lottie.warnings.map(\.description) == [
            "layers[0]: 20000 layers built, the most one import builds (counting the layers of every precomposition, "
            + "mattes, and a copy of each parent in a layer's parent chain); this layer and the ones before it in the "
            + "list (drawn above it) are skipped"])
    }
}
