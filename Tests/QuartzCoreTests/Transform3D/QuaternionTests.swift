import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `Quaternion(euler:)` takes each half angle's sine and cosine from one `sincos` call: the
/// quaternion must be bit for bit the one `sin` and `cos` give, so a `transform.rotation.z`
/// frame is the same whichever libm entry computed it.
@Suite("Quaternion")
struct QuaternionTests {
    /// `Quaternion(euler:)`'s formula with libm's `sin` and `cos`.
    static func reference(_ e: EulerAngles) -> Quaternion {
        func half(_ a: CGFloat) -> (CGFloat, CGFloat) { a.bitPattern == 0 ? (0, 1) : (sin(a / 2), cos(a / 2)) }
        let (sx, cx) = half(e.x), (sy, cy) = half(e.y), (sz, cz) = half(e.z)
        return Quaternion(x: sx * cy * cz - cx * sy * sz, y: cx * sy * cz + sx * cy * sz,
                          z: cx * cy * sz - sx * sy * cz, w: cx * cy * cz + sx * sy * sz)
    }

    static func bits(_ q: Quaternion) -> [UInt64] { [q.x, q.y, q.z, q.w].map { UInt64($0.bitPattern) } }

    @Test func eulerAnglesGiveWhatSinAndCosGive() {
        var g = SplitMix(seed: 7)
        // Small angles, a few turns, huge ones (long argument reduction), signed zeros and the
        // special values.
        var angles: [CGFloat] = [0, -0.0, .pi, -.pi / 2, 1e-300, 1e22, -3e15, .infinity, .nan, .greatestFiniteMagnitude]
        for _ in 0..<3000 { angles.append(CGFloat(Double.random(in: -20...20, using: &g))) }
        for _ in 0..<500 { angles.append(CGFloat(Double.random(in: -1e9...1e9, using: &g))) }
        for a in angles {
            for e in [EulerAngles(x: 0, y: 0, z: a), EulerAngles(x: a, y: 0.25, z: 0), EulerAngles(x: -1, y: a, z: a / 3)] {
                #expect(Self.bits(Quaternion(euler: e)) == Self.bits(Self.reference(e)), "angles \(e)")
            }
        }
    }

    @Test func aRotationAboutZIsTheMatrixOfThatAngle() {
        let m = Quaternion(euler: EulerAngles(x: 0, y: 0, z: .pi / 3)).matrix
        #expect(abs(m.m11 - 0.5) < 1e-15 && abs(m.m12 - sin(.pi / 3)) < 1e-15)
        #expect(abs(m.m21 + sin(.pi / 3)) < 1e-15 && abs(m.m22 - 0.5) < 1e-15 && m.m33 == 1 && m.m44 == 1)
    }
}
