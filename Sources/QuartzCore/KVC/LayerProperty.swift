/// A custom, animatable layer property stored in the layer's key-value container: the Linux
/// replacement for Apple's `@NSManaged` (which does not link on Linux).
///
/// ```swift
/// final class PieLayer: CALayer {
///     @LayerProperty("progress") var progress: CGFloat = 0   // Apple: @NSManaged var progress: CGFloat
///     override class func needsDisplay(forKey key: String) -> Bool {
///         key == "progress" || super.needsDisplay(forKey: key)
///     }
/// }
/// ```
/// Reading `progress` reads `value(forKey: "progress")` (so a presentation copy reads its own
/// animated value); setting it calls `setValue(_:forKey:)`, so the change funnel, implicit
/// actions and `needsDisplay(forKey:)` see it exactly as they see a KVC write. Until the key is
/// set, the wrapper's initial value is the key's default: `value(forKey:)` returns it too (as
/// Apple returns zero for an unset `@NSManaged` scalar), unless the class's
/// `defaultValue(forKey:)` names another. Values set by KVC in any accepted form (NSNumber,
/// NSValue, Double…) convert back to the property's type.
@propertyWrapper
public struct LayerProperty<Value> {
    /// The key in the layer's key-value container.
    public let key: String
    /// The value when the key has not been set.
    public let initialValue: Value

    public init(wrappedValue: Value, _ key: String) {
        self.key = key
        self.initialValue = wrappedValue
    }

    @available(*, unavailable, message: "@LayerProperty can only be used inside a CALayer subclass")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, LayerProperty<Value>>
    ) -> Value {
        get {
            let wrapper = layer[keyPath: storageKeyPath]
            return ValueNormalizer.convert(layer.value(forKey: wrapper.key), to: Value.self) ?? wrapper.initialValue
        }
        set {
            layer.setValue(newValue, forKey: layer[keyPath: storageKeyPath].key)
        }
    }
}

/// Lets the KVC fallback find a wrapper's key and initial value by reflection.
protocol LayerPropertyReflecting {
    var reflectedKey: String { get }
    var reflectedInitialValue: Any? { get }
}

extension LayerProperty: LayerPropertyReflecting {
    var reflectedKey: String { key }
    var reflectedInitialValue: Any? { initialValue }
}

extension CALayer {
    /// The initial value of a `@LayerProperty` declared with `key`, boxed; nil when none is.
    /// Found by reflection, which only runs for keys that are neither properties nor set.
    final func layerPropertyDefault(forKey key: String) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: self)
        while let m = mirror {
            for child in m.children {
                if let p = child.value as? LayerPropertyReflecting, p.reflectedKey == key {
                    return ValueNormalizer.boxed(p.reflectedInitialValue)
                }
            }
            mirror = m.superclassMirror
        }
        return nil
    }
}
