import Foundation
import CoreGraphics
import Testing
@testable import Lottie

/// A shape layer: a 10 × 10 red square centred on (15, 50), repeated by `repeater` (JSON).
private func repeated(_ repeater: String) -> String {
    """
    {"ty":4,"ind":1,"ip":0,"op":100,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[
      {"ty":"rc","p":{"a":0,"k":[15,50]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
      {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
      \(repeater),
      {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}
    """
}

private func repeater(copies: Int = 3, offset: Double = 0, composite: Int = 1, position: String = "[30,0]",
                      rotation: Double = 0, anchor: String = "[0,0]") -> String {
    """
    {"ty":"rp","c":{"a":0,"k":\(copies)},"o":{"a":0,"k":\(offset)},"m":\(composite),
     "tr":{"ty":"tr","p":{"a":0,"k":\(position)},"a":{"a":0,"k":\(anchor)},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":\(rotation)},
           "so":{"a":0,"k":100},"eo":{"a":0,"k":50}}}
    """
}

@Suite struct LottieRepeaterTests {
    @Test("a repeater of 3 draws copies 30 points apart, opacity 100 %, 75 %, 50 %")
    func threeCopies() throws {
        let r = Rendered(try load(lottieJSON(repeated(repeater()))), frame: 0)
        // Centres at x = 15, 45, 75; nothing at 105 − beyond, nor between.
        #expect(r.isRed(15, 50) && r.pixel(15, 50)[3] == 255)
        #expect(abs(r.pixel(45, 50)[3] - 191) <= 2)
        #expect(abs(r.pixel(75, 50)[3] - 128) <= 2)
        #expect(r.isClear(30, 50) && r.isClear(60, 50) && r.isClear(90, 50) && r.isClear(45, 40))
    }

    @Test("composite below keeps each copy's place and opacity (the instances run from the last copy back)")
    func below() throws {
        let r = Rendered(try load(lottieJSON(repeated(repeater(composite: 2)))), frame: 0)
        #expect(r.pixel(15, 50)[3] == 255)
        #expect(abs(r.pixel(45, 50)[3] - 191) <= 2)
        #expect(abs(r.pixel(75, 50)[3] - 128) <= 2)
        #expect(r.isClear(30, 50) && r.isClear(90, 50))
    }

    @Test("offset 1 starts one step along; rotation turns each copy about the repeater's anchor")
    func offsetAndRotation() throws {
        let shifted = Rendered(try load(lottieJSON(repeated(repeater(copies: 2, offset: 1)))), frame: 0)
        #expect(shifted.isClear(15, 50) && shifted.pixel(45, 50)[3] == 255 && abs(shifted.pixel(75, 50)[3] - 128) <= 2)
        // 4 copies turned 90° about (50, 50): the square at (15, 50) goes to (50, 15), (85, 50), (50, 85).
        let turned = Rendered(try load(lottieJSON(repeated(repeater(copies: 4, position: "[0,0]", rotation: 90, anchor: "[50,50]")))), frame: 0)
        for (x, y) in [(15, 50), (50, 15), (85, 50), (50, 85)] { #expect(turned.pixel(x, y)[3] > 100, "copy at \(x), \(y)") }
        #expect(turned.isClear(50, 50) && turned.isClear(15, 15))
    }
}
