// Codecs for the layer-specific value types of the property table.

extension ValueCodec where V == CALayer {
    static var layer: ValueCodec {
        ValueCodec(type: .layer, expected: "a CALayer",
                   decode: { ValueNormalizer.unwrap($0) as? CALayer }, encode: { $0 })
    }
}

extension ValueCodec where V == [CALayer] {
    static var layers: ValueCodec {
        ValueCodec(type: .layerArray, expected: "an array of CALayer",
                   decode: { v in
                       guard let items = ValueNormalizer.unwrap(v) as? [Any] else { return nil }
                       let layers = items.compactMap { $0 as? CALayer }
                       return layers.count == items.count ? layers : nil
                   },
                   encode: { $0 })
    }
}

extension ValueCodec where V == any CALayerDelegate {
    static var delegate: ValueCodec {
        ValueCodec(type: .delegate, expected: "a CALayerDelegate",
                   decode: { ValueNormalizer.unwrap($0) as? any CALayerDelegate }, encode: { $0 })
    }
}

extension ValueCodec where V == [AnyHashable: Any] {
    static var style: ValueCodec {
        ValueCodec(type: .dictionary, expected: "a dictionary",
                   decode: { ValueNormalizer.unwrap($0) as? [AnyHashable: Any] }, encode: { $0 })
    }
}

extension ValueCodec where V == [String: any CAAction] {
    /// A dictionary whose values all conform to CAAction (NSNull does).
    static var actions: ValueCodec {
        ValueCodec(type: .actions, expected: "a [String: CAAction] dictionary",
                   decode: { v in
                       if let a = ValueNormalizer.unwrap(v) as? [String: any CAAction] { return a }
                       guard let d = ValueNormalizer.unwrap(v) as? [String: Any] else { return nil }
                       var out: [String: any CAAction] = [:]
                       for (k, x) in d {
                           guard let action = x as? any CAAction else { return nil }
                           out[k] = action
                       }
                       return out
                   },
                   encode: { $0 })
    }
}
