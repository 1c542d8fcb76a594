// Typed places in a `LayerState` that compiled animations read and write, made once per table
// row from the row's state key path (`PropertyDescriptor.slot`), so no list of properties is
// kept here: a row added to any class's table is animatable through its slot. Each slot reads
// and writes exactly what the general path (`PropertyTarget` through the descriptor's codec and
// `StructKeyPath`) reads and writes for the same key path; `CompiledAnimationTests` checks it.

/// Typed access to one value of type `V` in a `LayerState`.
struct StateAccess<V>: @unchecked Sendable {
    // @unchecked: key paths are immutable; Swift does not mark them Sendable.
    /// The value's byte offset when it is stored inline in `LayerState` and trivially copyable
    /// (a read is then one load and a write one store, with no key-path projection), else the
    /// key path. An enum, so that copying an inline access retains nothing.
    private let place: Place

    private enum Place {
        case inline(Int)
        case keyPath(WritableKeyPath<LayerState, V>)
    }

    private init(_ place: Place) { self.place = place }

    init(_ keyPath: WritableKeyPath<LayerState, V>) {
        if _isPOD(V.self), let o = MemoryLayout<LayerState>.offset(of: keyPath) { place = .inline(o) }
        else { place = .keyPath(keyPath) }
    }

    /// The bytes of the value in the state, when reads and writes are plain loads and stores.
    var inlineBytes: Range<Int>? {
        if case .inline(let o) = place { return o..<(o + MemoryLayout<V>.size) }
        return nil
    }

    // Reads take the state `inout` or by pointer: reading through a borrowed `LayerState`
    // parameter makes Swift copy the whole state to take its address.

    @inline(__always) func read(at p: UnsafePointer<LayerState>) -> V {
        switch place {
        case .inline(let o): UnsafeRawPointer(p).load(fromByteOffset: o, as: V.self)
        case .keyPath(let k): p.pointee[keyPath: k]
        }
    }

    @inline(__always) func read(_ s: inout LayerState) -> V {
        withUnsafePointer(to: &s) { read(at: $0) }
    }

    @inline(__always) func write(_ v: V, at p: UnsafeMutablePointer<LayerState>) {
        switch place {
        case .inline(let o): UnsafeMutableRawPointer(p).storeBytes(of: v, toByteOffset: o, as: V.self)
        case .keyPath(let k): p.pointee[keyPath: k] = v
        }
    }

    @inline(__always) func write(_ v: V, _ s: inout LayerState) {
        withUnsafeMutablePointer(to: &s) { write(v, at: $0) }
    }

    /// The access of a field of the value (`position` → `position.x`).
    /// nil when `field` is not a stored field of an inline value (it then has no compiled form).
    func appending<U>(_ field: WritableKeyPath<V, U>) -> StateAccess<U>? {
        switch place {
        case .inline(let o):
            return MemoryLayout<V>.offset(of: field).map { StateAccess<U>(.inline(o + $0)) }
        case .keyPath(let k):
            return StateAccess<U>(.keyPath(k.appending(path: field)))
        }
    }
}

/// A number in the state, read as `CGFloat` whatever it is stored as (a `Float` is widened on
/// read and narrowed on write, as the `.float` codec does).
enum NumberAccess: Sendable {
    case cgFloat(StateAccess<CGFloat>)
    case float(StateAccess<Float>)
    case double(StateAccess<Double>)

    @inline(__always) func read(_ s: inout LayerState) -> CGFloat {
        withUnsafePointer(to: &s) { read(at: $0) }
    }

    var inlineBytes: Range<Int>? {
        switch self {
        case .cgFloat(let a): a.inlineBytes
        case .float(let a): a.inlineBytes
        case .double(let a): a.inlineBytes
        }
    }

    @inline(__always) func read(at p: UnsafePointer<LayerState>) -> CGFloat {
        switch self {
        case .cgFloat(let a): a.read(at: p)
        case .float(let a): CGFloat(a.read(at: p))
        case .double(let a): CGFloat(a.read(at: p))
        }
    }

    @inline(__always) func write(_ x: CGFloat, at p: UnsafeMutablePointer<LayerState>) {
        switch self {
        case .cgFloat(let a): a.write(x, at: p)
        case .float(let a): a.write(Float(x), at: p)
        case .double(let a): a.write(Double(x), at: p)
        }
    }

    @inline(__always) func write(_ x: CGFloat, _ s: inout LayerState) {
        withUnsafeMutablePointer(to: &s) { write(x, at: $0) }
    }
}

/// Where a property (or a struct field of one) lives in the state, by how it animates
/// (`AnimValue.Kind`): the typed kinds interpolate; everything else switches (`.value`).
enum StateSlot: Sendable {
    case number(NumberAccess)
    case point(StateAccess<CGPoint>)
    case size(StateAccess<CGSize>)
    case rect(StateAccess<CGRect>)
    case transform(StateAccess<CATransform3D>)
    case color(StateAccess<CGColor?>)
    /// Values that switch half way (Booleans, strings, contents…), and paths (which interpolate
    /// when both ends have the same elements).
    case value(ValueAccess)

    /// The slot of a table row stored at `keyPath`, typed as the general path interpolates it.
    static func make<V>(_ keyPath: WritableKeyPath<LayerState, V>, _ interpolation: Interpolation,
                        decode: @escaping @Sendable (Any?) -> V?) -> StateSlot {
        switch interpolation {
        case .linear, .transform, .color:
            if let k = keyPath as? WritableKeyPath<LayerState, CGFloat> { return .number(.cgFloat(StateAccess(k))) }
            if let k = keyPath as? WritableKeyPath<LayerState, Float> { return .number(.float(StateAccess(k))) }
            if let k = keyPath as? WritableKeyPath<LayerState, Double> { return .number(.double(StateAccess(k))) }
            if let k = keyPath as? WritableKeyPath<LayerState, CGPoint> { return .point(StateAccess(k)) }
            if let k = keyPath as? WritableKeyPath<LayerState, CGSize> { return .size(StateAccess(k)) }
            if let k = keyPath as? WritableKeyPath<LayerState, CGRect> { return .rect(StateAccess(k)) }
            if let k = keyPath as? WritableKeyPath<LayerState, CATransform3D> { return .transform(StateAccess(k)) }
            if let k = keyPath as? WritableKeyPath<LayerState, CGColor?> { return .color(StateAccess(k)) }
        case .discrete, .path, .elementwise:
            break
        }
        return .value(TypedValueAccess(StateAccess(keyPath), decode: decode, interpolation: interpolation))
    }

    /// The slot of a struct field (`position.x`, `bounds.size`, `bounds.origin.y`…), by Apple's
    /// "Key Path Support for Structures" table; nil for fields it does not name. Transform
    /// fields are `TransformField`s, not slots.
    func field(_ name: String) -> StateSlot? {
        switch (self, name) {
        case (.point(let a), "x"): a.appending(\.x).map { .number(.cgFloat($0)) }
        case (.point(let a), "y"): a.appending(\.y).map { .number(.cgFloat($0)) }
        case (.size(let a), "width"): a.appending(\.width).map { .number(.cgFloat($0)) }
        case (.size(let a), "height"): a.appending(\.height).map { .number(.cgFloat($0)) }
        case (.rect(let a), "origin"): a.appending(\.origin).map { .point($0) }
        case (.rect(let a), "size"): a.appending(\.size).map { .size($0) }
        case (.rect(let a), "origin.x"): a.appending(\.origin.x).map { .number(.cgFloat($0)) }
        case (.rect(let a), "origin.y"): a.appending(\.origin.y).map { .number(.cgFloat($0)) }
        case (.rect(let a), "size.width"): a.appending(\.size.width).map { .number(.cgFloat($0)) }
        case (.rect(let a), "size.height"): a.appending(\.size.height).map { .number(.cgFloat($0)) }
        default: nil
        }
    }

    /// The value in `s`, typed as the compiled form reads it (nil for switching values).
    func typedValue(in s: inout LayerState) -> AnimValue? {
        switch self {
        case .number(let a): .number(a.read(&s))
        case .point(let a): .point(a.read(&s))
        case .size(let a): .size(a.read(&s))
        case .rect(let a): .rect(a.read(&s))
        case .transform(let a): .transform(a.read(&s))
        case .color(let a): .color(a.read(&s))
        case .value: nil
        }
    }
}

/// A transform in the state and one number of its decomposition, as `StructKeyPath` reads and
/// writes `transform.rotation.z` and friends (`translation`, a CGSize, is left to the general
/// path).
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
