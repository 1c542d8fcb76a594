// The setter plumbing every property accessor uses: the change funnel and the non-finite rule.
//
// **Non-finite rule.** A geometry or numeric value with a NaN or infinite component (position,
// bounds, frame, transforms, zPosition, opacity, radii, scales…) is ignored: the layer keeps its
// previous value and a `.nonFiniteValue` diagnostic is reported. Apple raises an exception for
// NaN geometry ("CALayer position contains NaN"); ignoring keeps one bad value from poisoning
// frames, conversions and rendering of the whole tree.

/// Values whose components can be checked for NaN and infinity.
protocol FiniteCheckable { var isFiniteValue: Bool { get } }

extension CGFloat: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
extension Float: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
extension Double: FiniteCheckable { var isFiniteValue: Bool { isFinite } }
extension CGPoint: FiniteCheckable { var isFiniteValue: Bool { x.isFinite && y.isFinite } }
extension CGSize: FiniteCheckable { var isFiniteValue: Bool { width.isFinite && height.isFinite } }
extension CGRect: FiniteCheckable { var isFiniteValue: Bool { origin.isFiniteValue && size.isFiniteValue } }
extension CATransform3D: FiniteCheckable { var isFiniteValue: Bool { isFinite } }

extension CALayer {
    /// Stores `value` in the state between the change funnel's two calls.
    @inline(__always)
    final func set<V>(_ id: PropertyID, _ keyPath: WritableKeyPath<LayerState, V>, _ value: V) {
        willChange(id)
        state[keyPath: keyPath] = value
        didChange(id)
    }

    /// `set` for geometry and numbers: a value with a NaN or infinite component is ignored and
    /// reported.
    @inline(__always)
    final func setFinite<V: FiniteCheckable>(_ id: PropertyID, _ keyPath: WritableKeyPath<LayerState, V>, _ value: V) {
        guard value.isFiniteValue else { return rejectNonFinite(classInfo.table[id]?.key ?? "\(id.rawValue)", value) }
        set(id, keyPath, value)
    }

    /// Reports an ignored non-finite value.
    final func rejectNonFinite(_ key: String, _ value: Any) {
        CADiagnostics.report(CALayerDiagnostic(
            .nonFiniteValue, key: key,
            "ignored non-finite \(key) \(value) on \(type(of: self)) #\(layerID); it keeps its previous value"))
    }
}
