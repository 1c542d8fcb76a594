import CoreGraphics
import Foundation

/// One filter of a layer's `filters`, as the backend applies it to a pass's pixels
/// (`PassEffect.filters`). Lengths are in the pass's device pixels.
package enum PassFilter: Sendable, Equatable {
    /// Every channel of the premultiplied pixels blurred by a Gaussian of standard deviation
    /// `sigma` pixels; outside the pass is transparent black.
    case gaussianBlur(sigma: Double)
    /// A colour matrix on straight (unpremultiplied) colour, as SVG's `feColorMatrix` and
    /// Core Image's `CIColorMatrix`: 4 rows (r, g, b, a out) of 5 numbers (r, g, b, a in, and a
    /// constant), row-major. Results are clamped to 0…1, then premultiplied again.
    case colorMatrix(ColorMatrix)
}

/// A 4 × 5 colour matrix (see `PassFilter.colorMatrix`).
package struct ColorMatrix: Sendable, Equatable {
    /// 20 numbers, row-major: `out[i] = Σ m[5i + j]·in[j] + m[5i + 4]`.
    package var m: [Double]

    package init?(_ m: [Double]) {
        guard m.count == 20, m.allSatisfy(\.isFinite) else { return nil }
        self.m = m
    }

    package static let identity = ColorMatrix([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])!

    /// Rec. 709 luma weights, as SVG's `saturate` and `luminanceToAlpha` use.
    static let luma = (r: 0.2126, g: 0.7152, b: 0.0722)

    /// `1 − c` for r, g, b; alpha kept.
    package static let invert = ColorMatrix([-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0])!

    /// Alpha = luminance, colour black (SVG `luminanceToAlpha`).
    package static let luminanceToAlpha = ColorMatrix([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                       luma.r, luma.g, luma.b, 0, 0])!

    /// SVG's `saturate(s)`: 0 is grey, 1 unchanged, above 1 more saturated.
    package static func saturate(_ s: Double) -> ColorMatrix? {
        let (r, g, b) = luma
        return ColorMatrix([r + (1 - r) * s, g - g * s, b - b * s, 0, 0,
                            r - r * s, g + (1 - g) * s, b - b * s, 0, 0,
                            r - r * s, g - g * s, b + (1 - b) * s, 0, 0,
                            0, 0, 0, 1, 0])
    }

    /// Each channel, alpha included, multiplied by the straight colour `(r, g, b, a)`.
    package static func multiply(r: Double, g: Double, b: Double, a: Double) -> ColorMatrix? {
        ColorMatrix([r, 0, 0, 0, 0, 0, g, 0, 0, 0, 0, 0, b, 0, 0, 0, 0, 0, a, 0])
    }

    /// `c + amount` for r, g, b.
    package static func brightness(_ amount: Double) -> ColorMatrix? {
        ColorMatrix([1, 0, 0, 0, amount, 0, 1, 0, 0, amount, 0, 0, 1, 0, amount, 0, 0, 0, 1, 0])
    }

    /// `(c − ½)·amount + ½` for r, g, b.
    package static func contrast(_ amount: Double) -> ColorMatrix? {
        let k = 0.5 - 0.5 * amount
        return ColorMatrix([amount, 0, 0, 0, k, 0, amount, 0, 0, k, 0, 0, amount, 0, k, 0, 0, 0, 1, 0])
    }

    /// SVG's `hueRotate(angle)` (radians).
    package static func hueRotate(_ angle: Double) -> ColorMatrix? {
        let c = cos(angle), s = sin(angle)
        return ColorMatrix([0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
                            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
                            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
                            0, 0, 0, 1, 0])
    }
}
