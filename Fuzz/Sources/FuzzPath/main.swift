import Foundation
import CoreGraphics
import FuzzSupport

/// Random paths (every CGMutablePath builder, with coordinates that include 0, huge, tiny,
/// infinite and NaN values) stroked with random widths, caps, joins and miter limits, dashed
/// with random patterns, bounded, hit-tested and transformed.
@_cdecl("LLVMFuzzerTestOneInput")   // for libFuzzer's main, when the linker picks that one
public func fuzzPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var input = FuzzInput(data, size)
    let path = CGMutablePath()
    func point() -> CGPoint { CGPoint(x: input.number(), y: input.number()) }
    func rect() -> CGRect { CGRect(x: input.number(), y: input.number(), width: input.number(), height: input.number()) }
    var steps = 0, copies = 0
    while !input.isAtEnd, steps < 64 {
        steps += 1
        switch input.choice(12) {
        case 0: path.move(to: point())
        case 1: path.addLine(to: point())
        case 2: path.addQuadCurve(to: point(), control: point())
        case 3: path.addCurve(to: point(), control1: point(), control2: point())
        case 4: path.closeSubpath()
        case 5: path.addRect(rect())
        case 6: path.addEllipse(in: rect())
        case 7: path.addRoundedRect(in: rect(), cornerWidth: input.number(), cornerHeight: input.number())
        case 8: path.addArc(center: point(), radius: input.number(), startAngle: input.number(),
                            endAngle: input.number(), clockwise: input.byte() & 1 == 1)
        case 9: path.addRelativeArc(center: point(), radius: input.number(), startAngle: input.number(),
                                    delta: input.number())
        case 10: path.addArc(tangent1End: point(), tangent2End: point(), radius: input.number())
        default:
            // Each copy doubles the path; a few keep it small.
            copies += 1
            guard copies <= 4 else { continue }
            let t = CGAffineTransform(a: input.number(), b: input.number(), c: input.number(),
                                      d: input.number(), tx: input.number(), ty: input.number())
            path.addPath(path.copy()!, transform: t)
        }
    }
    _ = path.boundingBox
    _ = path.boundingBoxOfPath
    _ = path.isRect(nil)
    _ = path.currentPoint
    let probe = point()
    _ = path.contains(probe, using: .winding)
    _ = path.contains(probe, using: .evenOdd)
    let caps: [CGLineCap] = [.butt, .round, .square]
    let joins: [CGLineJoin] = [.miter, .round, .bevel]
    let stroked = path.copy(strokingWithWidth: input.number(), lineCap: caps[input.choice(3)],
                            lineJoin: joins[input.choice(3)], miterLimit: input.number())
    _ = stroked.boundingBox
    _ = stroked.contains(probe)
    var lengths: [CGFloat] = []
    for _ in 0..<input.choice(7) { lengths.append(input.number()) }
    let dashed = path.copy(dashingWithPhase: input.number(), lengths: lengths)
    _ = dashed.boundingBoxOfPath
    var count = 0
    dashed.applyWithBlock { _ in count += 1 }
    return 0
}

runFuzzer { fuzzPath($0, $1) }
