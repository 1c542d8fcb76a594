/// A small integer naming one layer property: an index into the property table and a bit in a
/// `PropertySet`.
///
/// Ranges: `CALayer` uses 0..<64; each subclass claims its own range when it is added
/// (CAShapeLayer 64..<96, CAGradientLayer 96..<112, CATextLayer 112..<128, CAReplicatorLayer
/// 128..<144, CAEmitterLayer 144..<160, CAScrollLayer and CATiledLayer 176..<192), so an ID means the same property in every
/// class and a dirty set needs no class to be read.
struct PropertyID: RawRepresentable, Hashable, Sendable, Comparable {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }
    init(_ rawValue: UInt8) { self.rawValue = rawValue }
    static func < (a: PropertyID, b: PropertyID) -> Bool { a.rawValue < b.rawValue }
}

extension PropertyID {
    // Geometry
    static let bounds = PropertyID(0)
    static let position = PropertyID(1)
    static let zPosition = PropertyID(2)
    static let anchorPoint = PropertyID(3)
    static let anchorPointZ = PropertyID(4)
    static let transform = PropertyID(5)
    static let sublayerTransform = PropertyID(6)
    static let geometryFlipped = PropertyID(7)
    static let autoresizingMask = PropertyID(8)
    // Visibility and compositing
    static let hidden = PropertyID(9)
    static let doubleSided = PropertyID(10)
    static let opacity = PropertyID(11)
    static let opaque = PropertyID(12)
    static let allowsGroupOpacity = PropertyID(13)
    static let allowsEdgeAntialiasing = PropertyID(14)
    static let edgeAntialiasingMask = PropertyID(15)
    static let masksToBounds = PropertyID(16)
    static let shouldRasterize = PropertyID(17)
    static let rasterizationScale = PropertyID(18)
    static let drawsAsynchronously = PropertyID(19)
    static let filters = PropertyID(20)
    static let compositingFilter = PropertyID(21)
    static let backgroundFilters = PropertyID(22)
    // Contents
    static let contents = PropertyID(23)
    static let contentsRect = PropertyID(24)
    static let contentsCenter = PropertyID(25)
    static let contentsGravity = PropertyID(26)
    static let contentsScale = PropertyID(27)
    static let contentsFormat = PropertyID(28)
    static let minificationFilter = PropertyID(29)
    static let magnificationFilter = PropertyID(30)
    static let minificationFilterBias = PropertyID(31)
    static let needsDisplayOnBoundsChange = PropertyID(32)
    // Background, border, corners
    static let backgroundColor = PropertyID(33)
    static let borderColor = PropertyID(34)
    static let borderWidth = PropertyID(35)
    static let cornerRadius = PropertyID(36)
    static let maskedCorners = PropertyID(37)
    static let cornerCurve = PropertyID(38)
    // Shadow
    static let shadowColor = PropertyID(39)
    static let shadowOpacity = PropertyID(40)
    static let shadowOffset = PropertyID(41)
    static let shadowRadius = PropertyID(42)
    static let shadowPath = PropertyID(43)
    // Identity and behaviour
    static let name = PropertyID(44)
    static let style = PropertyID(45)
    static let actions = PropertyID(46)
    // Not in LayerState: derived (frame) and tree links
    static let frame = PropertyID(47)
    static let sublayers = PropertyID(48)
    static let mask = PropertyID(49)
    static let delegate = PropertyID(50)
    // Timing (CAMediaTiming)
    static let beginTime = PropertyID(51)
    static let duration = PropertyID(52)
    static let speed = PropertyID(53)
    static let timeOffset = PropertyID(54)
    static let repeatCount = PropertyID(55)
    static let repeatDuration = PropertyID(56)
    static let autoreverses = PropertyID(57)
    static let fillMode = PropertyID(58)
}

/// A set of property IDs as a 256-bit mask: inserting never allocates, so marking a property
/// dirty in a setter stays cheap.
struct PropertySet: Equatable, Sendable, Sequence {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init() {}
    init(_ ids: [PropertyID]) { for id in ids { insert(id) } }

    static func == (a: PropertySet, b: PropertySet) -> Bool { a.words == b.words }

    var isEmpty: Bool { words == (0, 0, 0, 0) }

    func contains(_ id: PropertyID) -> Bool {
        let bit = UInt64(1) << UInt64(id.rawValue & 63)
        switch id.rawValue >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    mutating func insert(_ id: PropertyID) {
        let bit = UInt64(1) << UInt64(id.rawValue & 63)
        switch id.rawValue >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    mutating func formUnion(_ other: PropertySet) {
        words = (words.0 | other.words.0, words.1 | other.words.1,
                 words.2 | other.words.2, words.3 | other.words.3)
    }

    /// The IDs in increasing order.
    func makeIterator() -> Iterator { Iterator(words: words) }

    /// Visits the set bits word by word (a commit iterates every changed layer's set, so this
    /// costs one step per member, not one per possible ID).
    struct Iterator: IteratorProtocol {
        fileprivate var words: (UInt64, UInt64, UInt64, UInt64)
        private var base: UInt8 = 0

        fileprivate init(words: (UInt64, UInt64, UInt64, UInt64)) { self.words = words }

        mutating func next() -> PropertyID? {
            while words.0 == 0 {
                guard words != (0, 0, 0, 0) else { return nil }
                words = (words.1, words.2, words.3, 0)
                base &+= 64
            }
            let bit = words.0.trailingZeroBitCount
            words.0 &= words.0 &- 1
            return PropertyID(base &+ UInt8(bit))
        }
    }
}
