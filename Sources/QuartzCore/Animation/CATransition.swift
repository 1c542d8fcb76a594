/// Transition types (https://developer.apple.com/documentation/quartzcore/catransitiontype).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType("fade")
    public static let moveIn = CATransitionType("moveIn")
    public static let push = CATransitionType("push")
    public static let reveal = CATransitionType("reveal")
}

/// Transition directions (https://developer.apple.com/documentation/quartzcore/catransitionsubtype).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype("fromRight")
    public static let fromLeft = CATransitionSubtype("fromLeft")
    public static let fromTop = CATransitionSubtype("fromTop")
    public static let fromBottom = CATransitionSubtype("fromBottom")
}

/// An animated transition of a layer's whole appearance (its rendering lands with the
/// compositor). Defaults (Apple's): type `.fade`, subtype nil, progress 0 → 1.
/// Follows https://developer.apple.com/documentation/quartzcore/catransition.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    /// Start and end of the transition's progress, 0…1 (values outside are clamped).
    open var startProgress: Float = 0 { didSet { startProgress = min(max(startProgress, 0), 1) } }
    open var endProgress: Float = 1 { didSet { endProgress = min(max(endProgress, 0), 1) } }

    public required init() { super.init() }

    open override func copyFields(from other: CAAnimation) {
        super.copyFields(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress
    }
}
