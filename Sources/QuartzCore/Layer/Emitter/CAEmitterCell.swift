import Foundation

/// The definition of one kind of particle emitted by a `CAEmitterLayer`: Apple's
/// `CAEmitterCell` (https://developer.apple.com/documentation/quartzcore/caemittercell).
///
/// Each "…Range" property varies its mean by a random amount in ±range per particle (seeded
/// by the layer's `seed`, so frames repeat); each "…Speed" property changes the value per second
/// of the particle's age. Defaults are Apple's: everything 0 or nil except `isEnabled` (true),
/// `color` (opaque white), `scale` (1), `contentsRect` (the unit rectangle), `contentsScale` (1),
/// the filters (`linear`) and the timing fields (`speed` 1, `fillMode` removed).
///
/// Angles are radians; distances points; times seconds. A cell is a plain mutable object: a
/// layer copies the cells it is given (see `CAEmitterLayer.emitterCells`).
open class CAEmitterCell: NSObject, CAMediaTiming {
    /// Creates a cell with the default values (Apple's `emitterCell()` class method).
    public class func emitterCell() -> Self { self.init() }
    public required override init() { super.init() }

    /// The cell's name, used in key paths and CAML. Default nil.
    open var name: String?
    /// Whether the cell emits. Default true.
    /// (https://developer.apple.com/documentation/quartzcore/caemittercell/isenabled)
    open var isEnabled = true
    /// Particles per second (multiplied by the layer's `birthRate`). Default 0.
    open var birthRate: Float = 0
    /// Seconds a particle lives (multiplied by the layer's `lifetime`). Default 0.
    open var lifetime: Float = 0
    /// Random variation of `lifetime`, seconds. Default 0.
    open var lifetimeRange: Float = 0
    /// The emission direction's angle from the x-y plane toward +z, radians. Default 0.
    open var emissionLatitude: CGFloat = 0
    /// The emission direction's angle in the x-y plane from +x toward +y, radians. Default 0.
    /// (https://developer.apple.com/documentation/quartzcore/caemittercell/emissionlongitude)
    open var emissionLongitude: CGFloat = 0
    /// The full angle of the cone around the emission direction, radians (2π: every direction). Default 0.
    open var emissionRange: CGFloat = 0
    /// Initial speed, points per second (multiplied by the layer's `velocity`). Default 0.
    open var velocity: CGFloat = 0
    /// Random variation of `velocity`. Default 0.
    open var velocityRange: CGFloat = 0
    /// Constant acceleration, points per second squared. Default 0.
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    /// Size factor of the contents (multiplied by the layer's `scale`). Default 1.
    /// (https://developer.apple.com/documentation/quartzcore/caemittercell/scale)
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    /// Change of scale per second. Default 0.
    open var scaleSpeed: CGFloat = 0
    /// Rotation speed, radians per second (multiplied by the layer's `spin`). Default 0.
    /// (https://developer.apple.com/documentation/quartzcore/caemittercell/spin)
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    /// Multiplies the contents' colour (premultiplied colour × image). Default opaque white.
    /// (https://developer.apple.com/documentation/quartzcore/caemittercell/color)
    open var color: CGColor? = CAEmitterCell.white
    open var redRange: Float = 0
    open var greenRange: Float = 0
    open var blueRange: Float = 0
    open var alphaRange: Float = 0
    /// Change of each colour component per second; components are clamped to 0…1. Default 0.
    open var redSpeed: Float = 0
    open var greenSpeed: Float = 0
    open var blueSpeed: Float = 0
    open var alphaSpeed: Float = 0
    /// The particle's image (a `CGImage`); particles without one are not drawn. Default nil.
    open var contents: Any?
    /// The part of `contents` drawn, unit coordinates from the image's top-left. Default the unit rectangle.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point. Default 1.
    open var contentsScale: CGFloat = 1
    /// Filters used to scale `contents` (`CALayerContentsFilter` raw values). Default "linear".
    open var minificationFilter = CALayerContentsFilter.linear.rawValue
    open var magnificationFilter = CALayerContentsFilter.linear.rawValue
    open var minificationFilterBias: Float = 0
    /// Cells emitted by each particle of this cell (their birth point is the particle). Default nil.
    open var emitterCells: [CAEmitterCell]?
    /// Extra default values, as `CALayer.style`. Default nil.
    open var style: [AnyHashable: Any]?

    // CAMediaTiming: the cell emits while its active period lasts (`duration` 0: forever).
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode = CAMediaTimingFillMode.removed

    /// Values under keys that are not properties (Apple's cells are KVC containers).
    final var customValues: [String: Any] = [:]

    static let white = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)

    /// Whether Core Animation archives the key (Apple: every key). (https://developer.apple.com/documentation/quartzcore/caemittercell/shouldarchivevalue(forkey:))
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// A copy with its sub-cells copied too.
    final func deepCopy() -> CAEmitterCell {
        let c = type(of: self).init()
        for key in CAEmitterCell.keys { c.setValue(value(forKey: key), forKey: key) }
        c.emitterCells = emitterCells?.map { $0.deepCopy() }
        return c
    }
}
