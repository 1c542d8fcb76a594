import Foundation

/// The style of gradient a `CAGradientLayer` draws: Apple's `CAGradientLayerType`
/// (https://developer.apple.com/documentation/quartzcore/cagradientlayertype), with Apple's
/// raw values, so CAML and KVC strings match.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Varies along the line `startPoint` → `endPoint`, constant across it (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// An ellipse centred on `startPoint` whose radii reach `endPoint`: the horizontal radius
    /// is |endPoint.x − startPoint.x| and the vertical one |endPoint.y − startPoint.y| (in
    /// bounds units); 0 at the centre, 1 on the ellipse.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// The angle around `startPoint`, 0 in the direction of `endPoint`, 1 after a full turn.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that draws a colour gradient over its background colour, filling the shape of the
/// layer (rounded corners included): Apple's `CAGradientLayer`
/// (https://developer.apple.com/documentation/quartzcore/cagradientlayer).
///
/// Points are in the unit coordinate space mapped onto `bounds`: (0, 0) is the bounds' origin,
/// which is the top-left corner in a flipped (iOS-style) host and the bottom-left corner in an
/// unflipped (macOS-style) one, as Apple's header says. Colours interpolate in straight RGBA
/// between stops; before the first stop and past the last the end colours extend. The gradient
/// is drawn per device pixel (never a scaled bitmap) between the contents and the sublayers.
open class CAGradientLayer: CALayer {
    override class var propertyTable: PropertyTable { .gradientLayer }

    /// The colour of each stop, as CGColor objects. Default nil (nothing drawn). Elements that
    /// are not CGColor are reported and left out. Animatable: element by element when both
    /// arrays have as many colours, otherwise switching half way.
    /// (https://developer.apple.com/documentation/quartzcore/cagradientlayer/colors)
    open var colors: [Any]? {
        get { typedColors }
        set {
            guard let newValue else { return typedColors = nil }
            typedColors = ValueCodec.gradientColors.decode(newValue)
        }
    }

    /// Each stop's position, 0…1, increasing. Default nil: stops spread evenly. Values out of
    /// range or order are kept, reported, and clamped / made non-decreasing when drawn; an
    /// array with a non-finite value is ignored and reported. Animatable (element by element).
    /// (https://developer.apple.com/documentation/quartzcore/cagradientlayer/locations)
    open var locations: [NSNumber]? {
        get { typedLocations?.map { NSNumber(value: Double($0)) } }
        set {
            setObject(newValue, key: "locations", expected: "an array of finite numbers",
                      ValueCodec.gradientLocations.decode, at: \CAGradientLayer.typedLocations)
        }
    }

    /// Where the first stop is drawn, in the unit coordinate space of the bounds. Default
    /// (0.5, 0). Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/cagradientlayer/startpoint)
    open var startPoint: CGPoint {
        get { state.gradient.startPoint }
        set { setFinite(.gradientStartPoint, \.gradient.startPoint, newValue) }
    }

    /// Where the last stop is drawn, in the unit coordinate space of the bounds. Default
    /// (0.5, 1). Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/cagradientlayer/endpoint)
    open var endPoint: CGPoint {
        get { state.gradient.endPoint }
        set { setFinite(.gradientEndPoint, \.gradient.endPoint, newValue) }
    }

    /// The style of gradient. Default `.axial`. An unknown value draws as axial.
    /// (https://developer.apple.com/documentation/quartzcore/cagradientlayer/type)
    open var type: CAGradientLayerType {
        get { state.gradient.type }
        set { set(.gradientType, \.gradient.type, newValue) }
    }

    /// The table's typed view of `colors`.
    final var typedColors: [CGColor]? {
        get { state.gradient.colors }
        set { set(.gradientColors, \.gradient.colors, newValue) }
    }

    /// The table's typed view of `locations`.
    final var typedLocations: [CGFloat]? {
        get { state.gradient.locations }
        set { set(.gradientLocations, \.gradient.locations, newValue) }
    }
}
