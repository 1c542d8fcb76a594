// Typed places in a `LayerState` that compiled animations read and write with a switch instead
// of a key path string, a property-table lookup and `Any` boxes. Each slot reads and writes
// exactly what the general path (`PropertyTarget` through the descriptor's codec and
// `StructKeyPath`) reads and writes for the same key path; `CompiledAnimationTests` checks it.

/// A number in the state: a `CGFloat` property, a `Float` property (read widened, written
/// narrowed, as the `.float` codec does), or one field of a point, size or rect property.
enum ScalarSlot: Sendable {
    case zPosition, anchorPointZ, borderWidth, cornerRadius, shadowRadius
    case opacity, shadowOpacity
    case positionX, positionY, anchorPointX, anchorPointY
    case boundsOriginX, boundsOriginY, boundsWidth, boundsHeight
    case shadowOffsetWidth, shadowOffsetHeight

    @inline(__always) func read(_ s: LayerState) -> CGFloat {
        switch self {
        case .zPosition: s.zPosition
        case .anchorPointZ: s.anchorPointZ
        case .borderWidth: s.borderWidth
        case .cornerRadius: s.cornerRadius
        case .shadowRadius: s.shadowRadius
        case .opacity: CGFloat(s.opacity)
        case .shadowOpacity: CGFloat(s.shadowOpacity)
        case .positionX: s.position.x
        case .positionY: s.position.y
        case .anchorPointX: s.anchorPoint.x
        case .anchorPointY: s.anchorPoint.y
        case .boundsOriginX: s.bounds.origin.x
        case .boundsOriginY: s.bounds.origin.y
        case .boundsWidth: s.bounds.size.width
        case .boundsHeight: s.bounds.size.height
        case .shadowOffsetWidth: s.shadowOffset.width
        case .shadowOffsetHeight: s.shadowOffset.height
        }
    }

    @inline(__always) func write(_ x: CGFloat, _ s: inout LayerState) {
        switch self {
        case .zPosition: s.zPosition = x
        case .anchorPointZ: s.anchorPointZ = x
        case .borderWidth: s.borderWidth = x
        case .cornerRadius: s.cornerRadius = x
        case .shadowRadius: s.shadowRadius = x
        case .opacity: s.opacity = Float(x)
        case .shadowOpacity: s.shadowOpacity = Float(x)
        case .positionX: s.position.x = x
        case .positionY: s.position.y = x
        case .anchorPointX: s.anchorPoint.x = x
        case .anchorPointY: s.anchorPoint.y = x
        case .boundsOriginX: s.bounds.origin.x = x
        case .boundsOriginY: s.bounds.origin.y = x
        case .boundsWidth: s.bounds.size.width = x
        case .boundsHeight: s.bounds.size.height = x
        case .shadowOffsetWidth: s.shadowOffset.width = x
        case .shadowOffsetHeight: s.shadowOffset.height = x
        }
    }

    /// The slot of a whole number property, by its table ID.
    init?(property id: PropertyID) {
        switch id {
        case .zPosition: self = .zPosition
        case .anchorPointZ: self = .anchorPointZ
        case .borderWidth: self = .borderWidth
        case .cornerRadius: self = .cornerRadius
        case .shadowRadius: self = .shadowRadius
        case .opacity: self = .opacity
        case .shadowOpacity: self = .shadowOpacity
        default: return nil
        }
    }

    /// The slot of a struct field (`position.x`, `bounds.size.width`…).
    init?(property id: PropertyID, field: String) {
        switch (id, field) {
        case (.position, "x"): self = .positionX
        case (.position, "y"): self = .positionY
        case (.anchorPoint, "x"): self = .anchorPointX
        case (.anchorPoint, "y"): self = .anchorPointY
        case (.bounds, "origin.x"): self = .boundsOriginX
        case (.bounds, "origin.y"): self = .boundsOriginY
        case (.bounds, "size.width"): self = .boundsWidth
        case (.bounds, "size.height"): self = .boundsHeight
        case (.shadowOffset, "width"): self = .shadowOffsetWidth
        case (.shadowOffset, "height"): self = .shadowOffsetHeight
        default: return nil
        }
    }
}

/// A point in the state.
enum PointSlot: Sendable {
    case position, anchorPoint, boundsOrigin

    @inline(__always) func read(_ s: LayerState) -> CGPoint {
        switch self {
        case .position: s.position
        case .anchorPoint: s.anchorPoint
        case .boundsOrigin: s.bounds.origin
        }
    }

    @inline(__always) func write(_ p: CGPoint, _ s: inout LayerState) {
        switch self {
        case .position: s.position = p
        case .anchorPoint: s.anchorPoint = p
        case .boundsOrigin: s.bounds.origin = p
        }
    }
}

/// A size in the state.
enum SizeSlot: Sendable {
    case shadowOffset, boundsSize

    @inline(__always) func read(_ s: LayerState) -> CGSize {
        switch self {
        case .shadowOffset: s.shadowOffset
        case .boundsSize: s.bounds.size
        }
    }

    @inline(__always) func write(_ v: CGSize, _ s: inout LayerState) {
        switch self {
        case .shadowOffset: s.shadowOffset = v
        case .boundsSize: s.bounds.size = v
        }
    }
}

/// A rect in the state.
enum RectSlot: Sendable {
    case bounds, contentsRect, contentsCenter

    @inline(__always) func read(_ s: LayerState) -> CGRect {
        switch self {
        case .bounds: s.bounds
        case .contentsRect: s.contentsRect
        case .contentsCenter: s.contentsCenter
        }
    }

    @inline(__always) func write(_ v: CGRect, _ s: inout LayerState) {
        switch self {
        case .bounds: s.bounds = v
        case .contentsRect: s.contentsRect = v
        case .contentsCenter: s.contentsCenter = v
        }
    }
}

/// A transform in the state.
enum TransformSlot: Sendable {
    case transform, sublayerTransform

    @inline(__always) func read(_ s: LayerState) -> CATransform3D {
        switch self {
        case .transform: s.transform
        case .sublayerTransform: s.sublayerTransform
        }
    }

    @inline(__always) func write(_ v: CATransform3D, _ s: inout LayerState) {
        switch self {
        case .transform: s.transform = v
        case .sublayerTransform: s.sublayerTransform = v
        }
    }
}

/// One number of a transform's decomposition, as `StructKeyPath` reads and writes
/// `transform.rotation.z` and friends (`translation`, a CGSize, is left to the general path).
enum TransformField: Sendable {
    case rotationX, rotationY, rotationZ, scaleX, scaleY, scaleZ, scale
    case translationX, translationY, translationZ

    init?(_ field: String) {
        switch field {
        case "rotation.x": self = .rotationX
        case "rotation.y": self = .rotationY
        case "rotation.z", "rotation": self = .rotationZ
        case "scale.x": self = .scaleX
        case "scale.y": self = .scaleY
        case "scale.z": self = .scaleZ
        case "scale": self = .scale
        case "translation.x": self = .translationX
        case "translation.y": self = .translationY
        case "translation.z": self = .translationZ
        default: return nil
        }
    }

    /// The field's value in `c`, whose rotation's Euler angles are `e`.
    @inline(__always) func read(_ c: TransformComponents, euler e: EulerAngles) -> CGFloat {
        switch self {
        case .rotationX: e.x
        case .rotationY: e.y
        case .rotationZ: e.z
        case .scaleX: c.scale.x
        case .scaleY: c.scale.y
        case .scaleZ: c.scale.z
        case .scale: (c.scale.x + c.scale.y + c.scale.z) / 3
        case .translationX: c.translation.x
        case .translationY: c.translation.y
        case .translationZ: c.translation.z
        }
    }

    /// `c` with the field set to `x` (rotations rebuild the quaternion from the Euler angles `e`).
    @inline(__always) func write(_ x: CGFloat, _ c: inout TransformComponents, euler e: EulerAngles) {
        var e = e
        switch self {
        case .rotationX: e.x = x; c.rotation = Quaternion(euler: e)
        case .rotationY: e.y = x; c.rotation = Quaternion(euler: e)
        case .rotationZ: e.z = x; c.rotation = Quaternion(euler: e)
        case .scaleX: c.scale.x = x
        case .scaleY: c.scale.y = x
        case .scaleZ: c.scale.z = x
        case .scale: c.scale = (x, x, x)
        case .translationX: c.translation.x = x
        case .translationY: c.translation.y = x
        case .translationZ: c.translation.z = x
        }
    }
}
