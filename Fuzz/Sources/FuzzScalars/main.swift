import Foundation
import FuzzSupport
import CoreGraphics
import QuartzCore
@testable import CAML

/// The text syntaxes of CAML attributes: numbers, lists, points, rects, colours, the CSS-like
/// transform lists and keyframe paths. The first byte picks the parser; the rest is the text.
@_cdecl("LLVMFuzzerTestOneInput")   // for libFuzzer's main, when the linker picks that one
public func fuzzScalars(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    switch data[0] % 8 {
    case 0:
        if let x = CAMLScalars.number(text) { precondition(!x.isNaN, "number produced NaN") }
    case 1:
        if let xs = CAMLScalars.numbers(text) { precondition(xs.count <= 64 && !xs.contains { $0.isNaN }) }
    case 2:
        if let p = CAMLScalars.point(text) { precondition(p.x.isFinite && p.y.isFinite) }
        if let r = CAMLScalars.rect(text) { precondition(r.origin.x.isFinite && r.size.width.isFinite) }
        _ = CAMLScalars.size(text)
    case 3:
        _ = CAMLScalars.color(text)
        _ = CAMLScalars.color(text, opacity: 0.5)
        _ = CAMLScalars.bool(text)
    case 4, 5:
        if let m = CAMLTransformParser.parse(text) {
            let all = [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                       m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
            precondition(!all.contains { $0.isNaN }, "a transform list produced NaN: \(text)")
        }
        _ = CAMLTransformParser.angle(text)
    case 6:
        if let path = CAMLPathSyntax.parse(text) {
            // The writer's text must read back to the same path.
            let again = CAMLPathSyntax.text(path)
            precondition(CAMLPathSyntax.parse(again) != nil, "path text does not read back: \(again)")
            _ = path.boundingBox
        }
    default:
        _ = CAMLScalars.scale(inName: text)
        _ = CAMLScalars.coordinates(text, count: 4)
    }
    return 0
}

runFuzzer { fuzzScalars($0, $1) }
