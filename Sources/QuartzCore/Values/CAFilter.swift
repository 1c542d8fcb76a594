import CoreGraphics
import Foundation

/// A named filter for a layer's `filters`, `backgroundFilters` and `compositingFilter`, shaped
/// like Core Animation's filter objects (Apple's `CAFilter` class is private; on Apple these
/// properties take Core Image `CIFilter`s or, in scene files, `CAFilter`s by type name).
///
/// A filter has a `type` (what it does), a `name` (how key paths such as
/// `filters.blur.inputRadius` name it; defaults to the type), `isEnabled`, and input
/// parameters by key (`inputRadius`, `inputAmount`, `inputColor`…). A bare `String` type name
/// is accepted wherever a filter is, with default inputs.
///
/// Types drawn by the renderer (others are kept but skipped):
/// - `compositingFilter`: the blend modes `multiplyBlendMode`, `screenBlendMode`,
///   `overlayBlendMode`, `darkenBlendMode`, `lightenBlendMode`, `colorDodgeBlendMode`,
///   `colorBurnBlendMode`, `softLightBlendMode`, `hardLightBlendMode`, `differenceBlendMode`,
///   `exclusionBlendMode`, `hueBlendMode`, `saturationBlendMode`, `colorBlendMode`,
///   `luminosityBlendMode` (W3C Compositing and Blending Level 1,
///   https://www.w3.org/TR/compositing-1/), `plusL`/`plusLighter`, `plusD`/`plusDarker`
///   (https://developer.apple.com/documentation/coregraphics/cgblendmode/plusdarker) and the
///   Porter-Duff operators `normalBlendMode`/`sourceOver`, `sourceIn`, `sourceOut`,
///   `sourceAtop`, `destinationOver`, `destinationIn`, `destinationOut`, `destinationAtop`,
///   `xor`, `copy`, `clear` (Core Image's `CI…BlendMode`/`CI…Compositing` names are accepted too).
/// - `filters` and `backgroundFilters`: `gaussianBlur` (`inputRadius` in points, default 10; drawn as a Gaussian of
///   standard deviation `inputRadius / 2`, the convention this package uses for
///   `shadowRadius`), `colorMatrix` and `vibrantColorMatrix` (`inputColorMatrix`: 20 numbers,
///   4 rows of r g b a + constant, on straight colour), `colorSaturate` (`inputAmount`, default
///   1), `colorBrightness` (`inputAmount`, default 0), `colorContrast` (`inputAmount`, default
///   1), `colorHueRotate` (`inputAngle` in radians), `colorInvert`, `multiplyColor`
///   (`inputColor`), `luminanceToAlpha`.
public struct CAFilter: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: parameters hold immutable values (numbers, colours, arrays of them).

    /// What the filter does, e.g. `"gaussianBlur"` or `"multiplyBlendMode"`.
    public var type: String
    /// The filter's name in key paths; the type unless given.
    public var name: String
    /// Whether the filter applies. Default true.
    public var isEnabled: Bool = true
    /// Input values by key (`inputRadius`…).
    public var parameters: [String: Any] = [:]

    /// A filter of `type`, named `name` (the type when nil), with default inputs.
    public init(type: String, name: String? = nil) {
        self.type = type
        self.name = name ?? type
    }

    /// The input value for `key`, or nil when not set.
    public func value(forKey key: String) -> Any? { parameters[key] }

    /// Sets (or, with nil, removes) the input value for `key`.
    public mutating func setValue(_ value: Any?, forKey key: String) { parameters[key] = value }

    public var description: String { "CAFilter(\(type)\(name == type ? "" : " \"\(name)\""))" }

    /// `value` as a filter: a `CAFilter`, or a `String` type name; nil for anything else.
    package static func from(_ value: Any?) -> CAFilter? {
        switch ValueNormalizer.unwrap(value) {
        case let f as CAFilter: return f
        case let s as String: return CAFilter(type: s)
        case let s as NSString: return CAFilter(type: String(describing: s))
        default: return nil
        }
    }

    /// The number for `key` (any numeric boxing), else `fallback`.
    package func number(_ key: String, default fallback: Double) -> Double {
        guard let v = ValueNormalizer.cgFloat(parameters[key]) else { return fallback }
        let d = Double(v)
        return d.isFinite ? d : fallback
    }
}
