// `NSValue(caTransform3D:)` on Linux Foundation.
//
// Linux's NSValue can only store scalars and C arrays: `NSValue(bytes:objCType:)` with a struct
// encoding such as Apple's "{CATransform3D=dddddddddddddddd}" traps. A CATransform3D is 16
// contiguous CGFloats (CGFloat is a one-field struct over Double on 64-bit Linux), so it is
// stored under the array encoding "[16d]". Such values compare equal (`isEqual`, `==`) when
// their 16 entries are equal, as Apple's do.

extension NSValue {
    /// The encoding used for boxed `CATransform3D` values on Linux.
    static let caTransform3DObjCType = "[16d]"

    /// A boxed transform, as `NSValue(caTransform3D:)` on Apple
    /// (https://developer.apple.com/documentation/foundation/nsvalue/init(catransform3d:)).
    public convenience init(caTransform3D t: CATransform3D) {
        var t = t
        self.init(bytes: &t, objCType: NSValue.caTransform3DObjCType)
    }

    /// The boxed transform. A value that holds something else gives `CATransform3DIdentity`
    /// (Apple leaves that case undefined).
    public var caTransform3DValue: CATransform3D { transform3DIfBoxed ?? CATransform3DIdentity }

    /// The transform when this value was made by `init(caTransform3D:)`, else nil.
    var transform3DIfBoxed: CATransform3D? {
        guard !(self is NSNumber), String(cString: objCType) == NSValue.caTransform3DObjCType else { return nil }
        var t = CATransform3DIdentity
        withUnsafeMutableBytes(of: &t) { getValue($0.baseAddress!) }
        return t
    }
}
