/// The generic animation math (`PropertyAnimationMath`) applied to typed values of one kind.
extension AnimValue {
    /// Runs `body` with the values unwrapped to one concrete `AnimatableValue` type; nil when the
    /// kinds differ or the kind does not interpolate.
    static func withSameKind(_ values: [AnimValue?], _ body: (any AnimatableBox) -> AnimValue?) -> AnimValue? {
        guard let first = values.compactMap({ $0 }).first else { return nil }
        switch first {
        case .number: return body(Box<CGFloat>(values) { if case .number(let x) = $0 { x } else { nil } } wrap: { .number($0) })
        case .point: return body(Box<CGPoint>(values) { if case .point(let x) = $0 { x } else { nil } } wrap: { .point($0) })
        case .size: return body(Box<CGSize>(values) { if case .size(let x) = $0 { x } else { nil } } wrap: { .size($0) })
        case .rect: return body(Box<CGRect>(values) { if case .rect(let x) = $0 { x } else { nil } } wrap: { .rect($0) })
        case .transform:
            return body(Box<CATransform3D>(values) { if case .transform(let x) = $0 { x } else { nil } } wrap: { .transform($0) })
        case .color:
            return body(Box<CGColor>(values) { if case .color(let c) = $0 { c ?? AnimValue.clear } else { nil } } wrap: { .color($0) })
        case .path, .other: return nil
        }
    }

    static let clear = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0)
}

/// Type-erased access to values of one concrete animatable type.
protocol AnimatableBox {
    func basic(from: Int?, to: Int?, by: Int?, underlying: Int, progress: Double, iteration: Int,
               additive: Bool, cumulative: Bool) -> AnimValue?
    func keyframes(_ indices: [Int], keyTimes: [Double]?, functions: [CAMediaTimingFunction]?,
                   mode: CAAnimationCalculationMode, spline: KeyframeSpline.Parameters,
                   fraction: Double, iteration: Int,
                   underlying: Int, additive: Bool, cumulative: Bool) -> AnimValue?
}

/// Holds the input values (by index) converted to `V`.
struct Box<V: AnimatableValue & ZeroValue>: AnimatableBox {
    let values: [V?]
    let wrap: (V) -> AnimValue
    init(_ raw: [AnimValue?], _ unwrap: (AnimValue) -> V?, wrap: @escaping (V) -> AnimValue) {
        values = raw.map { $0.flatMap(unwrap) }; self.wrap = wrap
    }
    func basic(from: Int?, to: Int?, by: Int?, underlying: Int, progress: Double, iteration: Int,
               additive: Bool, cumulative: Bool) -> AnimValue? {
        guard let u = values[underlying] else { return nil }
        return wrap(PropertyAnimationMath.basicValue(
            from: from.flatMap { values[$0] }, to: to.flatMap { values[$0] }, by: by.flatMap { values[$0] },
            underlying: u, zero: V.zeroValue, progress: progress, iteration: iteration,
            additive: additive, cumulative: cumulative))
    }
    func keyframes(_ indices: [Int], keyTimes: [Double]?, functions: [CAMediaTimingFunction]?,
                   mode: CAAnimationCalculationMode, spline: KeyframeSpline.Parameters,
                   fraction: Double, iteration: Int,
                   underlying: Int, additive: Bool, cumulative: Bool) -> AnimValue? {
        guard let u = values[underlying] else { return nil }
        let vs = indices.compactMap { values[$0] }
        guard vs.count == indices.count else { return nil }
        return PropertyAnimationMath.keyframeValue(
            values: vs, keyTimes: keyTimes, timingFunctions: functions, mode: mode, spline: spline, fraction: fraction,
            iteration: iteration, underlying: u, additive: additive, cumulative: cumulative).map(wrap)
    }
}

/// The identity of addition, for additive animations.
protocol ZeroValue { static var zeroValue: Self { get } }
extension CGFloat: ZeroValue { static var zeroValue: CGFloat { 0 } }
extension CGPoint: ZeroValue { static var zeroValue: CGPoint { .zero } }
extension CGSize: ZeroValue { static var zeroValue: CGSize { .zero } }
extension CGRect: ZeroValue { static var zeroValue: CGRect { .zero } }
extension CATransform3D: ZeroValue { static var zeroValue: CATransform3D { CATransform3DIdentity } }
extension CGColor: ZeroValue { static var zeroValue: Self { CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0) as! Self } }
