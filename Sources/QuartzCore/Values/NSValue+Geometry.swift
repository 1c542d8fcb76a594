// The iOS spellings of geometry NSValues (UIKit's `NSValue(cgPoint:)`, `cgPointValue`…), which
// Core Animation code passes as animation values. Linux Foundation only has the macOS spellings
// (`NSValue(point:)`, `pointValue`…); these forward to them, so both read back either way.
// A CGAffineTransform is stored as the C array "[6d]" (a, b, c, d, tx, ty), since Linux NSValue
// cannot hold structs (see NSValue+CATransform3D.swift).

extension NSValue {
    /// (https://developer.apple.com/documentation/foundation/nsvalue/init(cgpoint:))
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// (https://developer.apple.com/documentation/foundation/nsvalue/cgpointvalue)
    public var cgPointValue: CGPoint { pointValue }

    /// (https://developer.apple.com/documentation/foundation/nsvalue/init(cgsize:))
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// (https://developer.apple.com/documentation/foundation/nsvalue/cgsizevalue)
    public var cgSizeValue: CGSize { sizeValue }

    /// (https://developer.apple.com/documentation/foundation/nsvalue/init(cgrect:))
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    /// (https://developer.apple.com/documentation/foundation/nsvalue/cgrectvalue)
    public var cgRectValue: CGRect { rectValue }

    static let cgAffineTransformObjCType = "[6d]"

    /// (https://developer.apple.com/documentation/foundation/nsvalue/init(cgaffinetransform:))
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        var t = transform
        self.init(bytes: &t, objCType: NSValue.cgAffineTransformObjCType)
    }

    /// The boxed transform; the identity for a value that holds something else.
    /// (https://developer.apple.com/documentation/foundation/nsvalue/cgaffinetransformvalue)
    public var cgAffineTransformValue: CGAffineTransform { affineTransformIfBoxed ?? .identity }

    var affineTransformIfBoxed: CGAffineTransform? {
        guard !(self is NSNumber), String(cString: objCType) == NSValue.cgAffineTransformObjCType else { return nil }
        var t = CGAffineTransform.identity
        withUnsafeMutableBytes(of: &t) { getValue($0.baseAddress!) }
        return t
    }
}
