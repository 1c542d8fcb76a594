import Testing
import CoreGraphics
@testable import QuartzCore

// Matrix entries follow Apple's "Transform Matrix Functions" and the row-vector convention of
// CATransform3D (https://developer.apple.com/documentation/quartzcore/catransform3d).
@Suite("CATransform3D functions")
struct CATransform3DTests {
    @Test func identityAndZeroInit() {
        let i = CATransform3DIdentity
        #expect(i.m11 == 1 && i.m22 == 1 && i.m33 == 1 && i.m44 == 1)
        #expect(i.m12 == 0 && i.m41 == 0 && i.m34 == 0)
        #expect(CATransform3DIsIdentity(i))
        // The imported C struct's init() is all zeros, not the identity.
        let z = CATransform3D()
        #expect(z.m11 == 0 && z.m44 == 0)
        #expect(!CATransform3DIsIdentity(z))
    }

    @Test func translationLivesInTheFourthRow() {
        let t = CATransform3DMakeTranslation(10, 20, 30)
        #expect(t.m41 == 10 && t.m42 == 20 && t.m43 == 30)
        #expect(t.m11 == 1 && t.m22 == 1 && t.m33 == 1 && t.m44 == 1 && t.m14 == 0)
    }

    @Test func scaleIsTheDiagonal() {
        let s = CATransform3DMakeScale(2, 3, 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4 && s.m44 == 1)
        #expect(s.m12 == 0 && s.m41 == 0)
    }

    @Test func rotationAboutZTurnsXTowardsY() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        #expect(close(r.m11, 0) && close(r.m12, 1) && close(r.m21, -1) && close(r.m22, 0))
        #expect(r.m33 == 1 && r.m44 == 1)
        // (1, 0) maps to (0, 1).
        let p = r.transform(x: 1, y: 0, z: 0)
        #expect(close(p.x, 0) && close(p.y, 1))
    }

    @Test func rotationAboutXAndY() {
        let a: CGFloat = 0.3
        let rx = CATransform3DMakeRotation(a, 1, 0, 0)
        #expect(close(rx.m22, cos(a)) && close(rx.m23, sin(a)) && close(rx.m32, -sin(a)) && close(rx.m33, cos(a)))
        let ry = CATransform3DMakeRotation(a, 0, 1, 0)
        #expect(close(ry.m11, cos(a)) && close(ry.m13, -sin(a)) && close(ry.m31, sin(a)) && close(ry.m33, cos(a)))
        // A non-unit axis is normalised.
        #expect(close(CATransform3DMakeRotation(a, 0, 0, 5), CATransform3DMakeRotation(a, 0, 0, 1)))
        // A zero axis gives the identity.
        #expect(CATransform3DMakeRotation(a, 0, 0, 0) == CATransform3DIdentity)
    }

    @Test func rotationAboutDiagonalAxisPermutesAxes() {
        // 120° about (1, 1, 1) maps x → y → z → x.
        let r = CATransform3DMakeRotation(2 * .pi / 3, 1, 1, 1)
        let p = r.transform(x: 1, y: 0, z: 0)
        #expect(close(p.x, 0) && close(p.y, 1) && close(p.z, 0))
    }

    @Test func translateScaleRotateApplyTheirOperationFirst() {
        let s = CATransform3DMakeScale(2, 2, 1)
        // Translate(s, 10, 0, 0) = translation × s: the translation is scaled.
        let ts = CATransform3DTranslate(s, 10, 0, 0)
        #expect(ts.m41 == 20 && ts.m11 == 2)
        let t = CATransform3DMakeTranslation(10, 0, 0)
        // Scale(t, 2, 2, 1) = scale × t: the translation is not scaled.
        let st = CATransform3DScale(t, 2, 2, 1)
        #expect(st.m41 == 10 && st.m11 == 2)
        let rt = CATransform3DRotate(t, .pi / 2, 0, 0, 1)
        #expect(close(rt.m41, 10) && close(rt.m12, 1))
    }

    @Test func concatAppliesTheFirstArgumentFirst() {
        let t = CATransform3DMakeTranslation(10, 0, 0)
        let s = CATransform3DMakeScale(2, 2, 2)
        let ts = CATransform3DConcat(t, s) // translate, then scale
        #expect(ts.m41 == 20 && ts.m11 == 2)
        let st = CATransform3DConcat(s, t) // scale, then translate
        #expect(st.m41 == 10 && st.m11 == 2)
        let p = ts.transform(x: 1, y: 1, z: 0)
        #expect(p.x == 22 && p.y == 2 && p.w == 1)
    }

    @Test func invertUndoesAndSingularIsReturnedUnchanged() {
        var m = CATransform3DRotate(CATransform3DMakeTranslation(5, -7, 2), 0.7, 1, 2, 3)
        m = CATransform3DScale(m, 2, 0.5, 3)
        m.m34 = -1.0 / 500
        let inv = CATransform3DInvert(m)
        #expect(close(CATransform3DConcat(m, inv), CATransform3DIdentity, 1e-12))
        #expect(close(CATransform3DConcat(inv, m), CATransform3DIdentity, 1e-12))
        let singular = CATransform3DMakeScale(0, 1, 1)
        #expect(CATransform3DInvert(singular) == singular)
        #expect(close(CATransform3DMakeTranslation(3, 4, 5).determinant, 1))
        #expect(close(CATransform3DMakeScale(2, 3, 4).determinant, 24))
    }

    @Test func affineConversions() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        #expect(t.m11 == 1 && t.m12 == 2 && t.m21 == 3 && t.m22 == 4 && t.m41 == 5 && t.m42 == 6)
        #expect(t.m33 == 1 && t.m44 == 1 && t.m13 == 0)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == a)
        var p = t
        p.m34 = -0.002
        #expect(!CATransform3DIsAffine(p))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 0, 0, 1)))
    }

    @Test func equality() {
        let a = CATransform3DMakeTranslation(1, 2, 3)
        #expect(CATransform3DEqualToTransform(a, CATransform3DMakeTranslation(1, 2, 3)))
        #expect(!CATransform3DEqualToTransform(a, CATransform3DMakeTranslation(1, 2, 4)))
        #expect(a == CATransform3DMakeTranslation(1, 2, 3))
    }

    @Test func perspectiveProjection() {
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        // A point 100 points towards the viewer (z = 100): w = 1 - 100/500 = 0.8.
        let q = p.transform(x: 40, y: 0, z: 100)
        #expect(close(q.w, 0.8))
        #expect(close(q.x / q.w, 50))
    }
}

@Suite("NSValue(caTransform3D:)")
struct NSValueTransformTests {
    @Test func roundTripsAndCompares() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 0.5, 0, 1, 0)
        let v = NSValue(caTransform3D: t)
        #expect(v.caTransform3DValue == t)
        #expect(v == NSValue(caTransform3D: t))
        #expect(v != NSValue(caTransform3D: CATransform3DIdentity))
        // Other NSValues are not transforms.
        #expect(NSValue(point: CGPoint(x: 1, y: 2)).transform3DIfBoxed == nil)
        #expect(NSValue(point: CGPoint(x: 1, y: 2)).caTransform3DValue == CATransform3DIdentity)
    }
}
