/// One row of a layer class's property table as the package's other modules (CAML's reader
/// and writer) read it, so they keep no list of layer properties of their own.
package struct LayerPropertyInfo: @unchecked Sendable {
    // @unchecked: `defaultValue` is an immutable boxed value (numbers, colours, strings).
    package let key: String
    package let type: ValueType
    /// Computed from other properties (`frame`): readable, never stored.
    package let isDerived: Bool
    /// A tree link (`sublayers`, `mask`, `delegate`) rather than a value.
    package let isTreeLink: Bool
    /// Apple's default, boxed as `defaultValue(forKey:)` gives it.
    package let defaultValue: Any?

    init(_ d: PropertyDescriptor) {
        key = d.key; type = d.type; defaultValue = d.defaultValue
        isDerived = d.flags.contains(.derived); isTreeLink = d.flags.contains(.tree)
    }
}

extension CALayer {
    /// The class's properties (CALayer's and its own), in `PropertyID` order.
    package class var propertyInfos: [LayerPropertyInfo] { propertyTable.all.map(LayerPropertyInfo.init) }

    /// The class's property named `key` (KVC's `is…` aliases included); nil for custom keys.
    package class func propertyInfo(forKey key: String) -> LayerPropertyInfo? {
        propertyTable[key].map(LayerPropertyInfo.init)
    }
}
