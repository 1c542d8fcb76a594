import Foundation
import CoreGraphics
import Testing
@testable import Lottie

/// Small hand-made animations whose pixels follow from the Lottie format by hand.
@Suite struct LottieFeatureTests {
    @Test("a trim path ending at 25 % strokes the first quarter of a 100-point line")
    func trimQuarter() throws {
        let shape = """
        {"ty":4,"ind":1,"ip":0,"op":100,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[
          {"ty":"sh","ks":{"a":0,"k":{"c":false,"v":[[0,50],[100,50]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},
          {"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":10},"lc":1,"lj":1},
          {"ty":"tm","s":{"a":0,"k":0},"e":{"a":0,"k":25},"o":{"a":0,"k":0},"m":1},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}
        """
        let r = Rendered(try load(lottieJSON(shape)), frame: 0)
        #expect(r.isRed(2, 50) && r.isRed(23, 50) && r.isRed(12, 47))
        #expect(r.isClear(27, 50) && r.isClear(60, 50) && r.isClear(12, 40))
    }

    @Test("a hold keyframe keeps its value until the next keyframe's frame")
    func holdKeyframe() throws {
        let p = #"{"a":1,"k":[{"t":0,"s":[10,45],"h":1},{"t":10,"s":[80,45]}]}"#
        let lottie = try load(lottieJSON(solid(w: 10, h: 10, position: p)))
        let early = Rendered(lottie, frame: 9.5)
        #expect(early.isRed(15, 50) && early.isClear(85, 50))
        let late = Rendered(lottie, frame: 10)
        #expect(late.isRed(85, 50) && late.isClear(15, 50))
    }

    @Test("a position with spatial tangents follows the cubic: (50, 75) halfway from (0,0) to (100,0) via (0,100) and (100,100)")
    func spatialBezier() throws {
        let p = #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1},"to":[0,100],"ti":[0,100]},{"t":10,"s":[100,0]}]}"#
        // A 6-point square centred on the position (anchor at its centre).
        let layer = solid(w: 6, h: 6, position: p).replacingOccurrences(of: #""a":{"a":0,"k":[0,0]}"#, with: #""a":{"a":0,"k":[3,3]}"#)
        let r = Rendered(try load(lottieJSON(layer)), frame: 5)
        #expect(r.isRed(50, 75))
        #expect(r.isClear(50, 50) && r.isClear(50, 82) && r.isClear(57, 75))
    }

    @Test("time remapping plays a precomposition backwards: root frame 2 shows its frame 8")
    func timeRemap() throws {
        let moving = solid(w: 10, h: 10, position: #"{"a":1,"k":[{"t":0,"s":[-5,45],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[95,45]}]}"#)
        let assets = "[{\"id\":\"inner\",\"layers\":[\(moving)]}]"
        let precomp = """
        {"ty":0,"ind":1,"refId":"inner","w":100,"h":100,"ip":0,"op":100,"st":0,
         "tm":{"a":1,"k":[{"t":0,"s":[1],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[0]}]},
         "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}}
        """
        let lottie = try load(lottieJSON(precomp, assets: assets))
        let r = Rendered(lottie, frame: 2)    // tm = 0.8 s = inner frame 8: x = -5 + 80 → 75…85
        #expect(r.isRed(80, 50) && r.isClear(20, 50) && r.isClear(60, 50))
        let r2 = Rendered(lottie, frame: 7)   // inner frame 3: 25…35
        #expect(r2.isRed(30, 50) && r2.isClear(80, 50))
    }

    @Test("an alpha matte shows the layer only where the matte is; inverted, only where it is not")
    func alphaMatte() throws {
        let matte = solid("#000000", w: 50, h: 100, extra: #","td":1"#)
        let shown = Rendered(try load(lottieJSON(matte + "," + solid(extra: #","tt":1"#))), frame: 0)
        #expect(shown.isRed(25, 50) && shown.isClear(75, 50))
        let inverted = Rendered(try load(lottieJSON(matte + "," + solid(extra: #","tt":2"#))), frame: 0)
        #expect(inverted.isRed(75, 50) && inverted.isClear(25, 50))
    }

    @Test("a subtract mask cuts its path out; an add mask keeps only it")
    func masks() throws {
        let square = polygon([(25, 25), (75, 25), (75, 75), (25, 75)])
        func masked(_ mode: String, inverted: Bool = false) throws -> Rendered {
            let m = ",\"masksProperties\":[{\"mode\":\"\(mode)\",\"inv\":\(inverted),\"pt\":{\"a\":0,\"k\":\(square)},\"o\":{\"a\":0,\"k\":100}}]"
            return Rendered(try load(lottieJSON(solid(extra: m))), frame: 0)
        }
        let subtract = try masked("s")
        #expect(subtract.isClear(50, 50) && subtract.isRed(10, 10) && subtract.isRed(90, 50))
        let add = try masked("a")
        #expect(add.isRed(50, 50) && add.isClear(10, 10))
        let addInverted = try masked("a", inverted: true)
        #expect(addInverted.isClear(50, 50) && addInverted.isRed(10, 10))
    }

    @Test("in and out points: a layer shows from its in point up to, not at, its out point")
    func inOutPoints() throws {
        let layer = solid().replacingOccurrences(of: #""ip":0,"op":100"#, with: #""ip":5,"op":10"#)
        let lottie = try load(lottieJSON(layer))
        #expect(Rendered(lottie, frame: 4).isClear(50, 50))
        #expect(Rendered(lottie, frame: 5).isRed(50, 50))
        #expect(Rendered(lottie, frame: 9).isRed(50, 50))
        #expect(Rendered(lottie, frame: 10).isClear(50, 50))
    }

    @Test("a child follows its parent's transform but not its opacity")
    func parenting() throws {
        let parent = """
        {"ty":3,"ind":1,"ip":0,"op":100,"st":0,"ks":{"p":{"a":0,"k":[40,30]},"o":{"a":0,"k":0}}}
        """
        let child = solid(w: 10, h: 10, extra: #","parent":1"#)
        let r = Rendered(try load(lottieJSON(parent + "," + child)), frame: 0)
        #expect(r.isRed(45, 35) && r.isClear(5, 5))
    }

    @Test("progress and time map onto frames between the in and out points")
    func playbackMapping() throws {
        let lottie = try load(lottieJSON(solid(), op: 20))
        lottie.progress = 0.25
        #expect(lottie.frame == 5)
        #expect(lottie.layer.timeOffset == 0.5 && lottie.layer.speed == 0)
        lottie.time = 1
        #expect(lottie.frame == 10)
        lottie.progress = 7
        #expect(lottie.frame == 20)
    }
}
