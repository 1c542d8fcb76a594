import Testing
import CoreGraphics
@testable import QuartzCore

// Decomposition into translation, scale, skew, perspective and a quaternion rotation (the
// "unmatrix" method), used by key paths and interpolation.
@Suite("CATransform3D decomposition")
struct DecompositionTests {
    @Test func identityDecomposesToNothing() throws {
        let c = try #require(CATransform3DIdentity.decomposed())
        #expect(c == TransformComponents())
    }

    @Test func translationScaleRotationAreRecovered() throws {
        // Scale first, then rotate 30° about z, then translate (row vectors).
        var m = CATransform3DMakeScale(2, 3, 4)
        m = CATransform3DConcat(m, CATransform3DMakeRotation(.pi / 6, 0, 0, 1))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(10, 20, 30))
        let c = try #require(m.decomposed())
        #expect(close(c.translation.x, 10) && close(c.translation.y, 20) && close(c.translation.z, 30))
        #expect(close(c.scale.x, 2) && close(c.scale.y, 3) && close(c.scale.z, 4))
        #expect(close(c.skew.xy, 0) && close(c.skew.xz, 0) && close(c.skew.yz, 0))
        #expect(close(c.rotation.euler.z, .pi / 6) && close(c.rotation.euler.x, 0) && close(c.rotation.euler.y, 0))
        #expect(close(c.rotation.w, cos(.pi / 12)) && close(c.rotation.z, sin(.pi / 12)))
        #expect(close(c.matrix, m))
    }

    @Test func skewAndPerspectiveRoundTrip() throws {
        var m = CATransform3DIdentity
        m.m21 = 0.5 // shear: x gains 0.5·y
        m = CATransform3DConcat(m, CATransform3DMakeRotation(0.4, 1, 2, 0.5))
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(-3, 4, 5))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 400
        m = CATransform3DConcat(m, p)
        let c = try #require(m.decomposed())
        #expect(close(c.perspective.z, -1.0 / 400, 1e-12))
        // m44 = 1 + 5 × (−1/400): recomposition returns the same projective map scaled to m44 = 1.
        #expect(close(m.m44, 0.9875, 1e-15))
        var normalised = m
        for i in 0..<4 { for j in 0..<4 { normalised[i, j] = m[i, j] / m.m44 } }
        #expect(close(c.matrix, normalised, 1e-12))
    }

    @Test func mirrorIsANegativeXScale() throws {
        let c = try #require(CATransform3DMakeScale(-1, 1, 1).decomposed())
        #expect(c.scale.x == -1 && c.scale.y == 1 && c.scale.z == 1)
        #expect(close(c.rotation.w, 1))
        let flippedY = try #require(CATransform3DMakeScale(1, -2, 1).decomposed())
        #expect(close(flippedY.matrix, CATransform3DMakeScale(1, -2, 1)))
    }

    @Test func singularMatricesDoNotDecompose() {
        #expect(CATransform3DMakeScale(0, 1, 1).decomposed() == nil)
        var z = CATransform3DIdentity
        z.m44 = 0
        #expect(z.decomposed() == nil)
        var nan = CATransform3DIdentity
        nan.m11 = .nan
        #expect(nan.decomposed() == nil)
    }

    @Test func eulerAnglesRoundTripThroughQuaternions() {
        let e = EulerAngles(x: 0.3, y: -0.5, z: 1.2)
        let q = Quaternion(euler: e)
        let back = q.euler
        #expect(close(back.x, 0.3) && close(back.y, -0.5) && close(back.z, 1.2))
        // The quaternion's matrix is Rx × Ry × Rz (x applied first).
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0),
                                                               CATransform3DMakeRotation(-0.5, 0, 1, 0)),
                                           CATransform3DMakeRotation(1.2, 0, 0, 1))
        #expect(close(q.matrix, expected, 1e-12))
        #expect(close(Quaternion(rotation: expected).matrix, expected, 1e-12))
    }

    @Test func gimbalLockPutsTheTurnOnX() {
        let m = CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), CATransform3DMakeRotation(0.25, 0, 0, 1))
        let e = Quaternion(rotation: m).euler
        #expect(close(e.y, .pi / 2, 1e-6) && e.z == 0)
        #expect(close(Quaternion(euler: e).matrix, m, 1e-6))
    }

    @Test func quaternionFromLargeRotationsIsStable() {
        for axis in [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (1.0, -1.0, 0.5)] {
            let m = CATransform3DMakeRotation(3.1, CGFloat(axis.0), CGFloat(axis.1), CGFloat(axis.2))
            #expect(close(Quaternion(rotation: m).matrix, m, 1e-12))
        }
    }
}
