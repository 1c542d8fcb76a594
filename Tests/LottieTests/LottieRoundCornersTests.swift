import Foundation
import CoreGraphics
import Testing
@testable import Lottie

@Suite struct LottieRoundCornersTests {
    @Test("rounding a square's corners by 10 puts two vertices 10 along each edge, with arc tangents")
    func squareVertices() {
        let square = BezierShape(closed: true, vertices: [CGPoint(x: 20, y: 20), CGPoint(x: 80, y: 20), CGPoint(x: 80, y: 80), CGPoint(x: 20, y: 80)],
                                 inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4))
        let r = square.roundingCorners(10)
        #expect(r.vertices.count == 8)
        #expect(r.vertices[0] == CGPoint(x: 20, y: 30) && r.vertices[1] == CGPoint(x: 30, y: 20))
        // Into the corner (20, 20) by 0.5519 of the radius.
        #expect(abs(r.outTangents[0].y - -5.519) < 0.01 && r.outTangents[0].x == 0)
        #expect(abs(r.inTangents[1].x - -5.519) < 0.01 && r.inTangents[1].y == 0)
        // A radius beyond half an edge is cut to it; radius 0 changes nothing.
        #expect(square.roundingCorners(100).vertices[1] == CGPoint(x: 50, y: 20))
        #expect(square.roundingCorners(0).vertices == square.vertices)
    }

    @Test("a free path under a rounded-corners modifier is filled with arcs at its corners")
    func roundedFill() throws {
        let shape = """
        {"ty":4,"ind":1,"ip":0,"op":100,"st":0,"ks":{},"shapes":[{"ty":"gr","it":[
          {"ty":"sh","ks":{"a":0,"k":\(polygon([(20, 20), (80, 20), (80, 80), (20, 80)]))}},
          {"ty":"rd","r":{"a":0,"k":10}},
          {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},
          {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}
        """
        let r = Rendered(try load(lottieJSON(shape)), frame: 0)
        // The corner arc is centred on (30, 30), radius 10: (25, 25) is inside it, (21, 21) outside.
        #expect(r.isRed(25, 25) && r.isRed(50, 21) && r.isRed(21, 50) && r.isRed(75, 75))
        #expect(r.isClear(21, 21) && r.isClear(78, 21) && r.isClear(21, 78) && r.isClear(78, 78))
    }
}
