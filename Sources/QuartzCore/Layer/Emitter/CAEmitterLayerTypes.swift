// String-backed option types of CAEmitterLayer, with Apple's raw values (the NSString
// constants `kCAEmitterLayerPoint`… have these strings), so values read from CAML or set
// through KVC as plain strings match.

/// The shape particles are emitted from: Apple's `CAEmitterLayerEmitterShape`
/// (https://developer.apple.com/documentation/quartzcore/caemitterlayeremittershape).
/// Sizes come from `emitterSize` (and `emitterDepth`) around `emitterPosition`.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A single point at `emitterPosition` (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A horizontal line `emitterSize.width` long, centred on `emitterPosition`.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize` centred on `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` × `emitterDepth` centred on (`emitterPosition`, `emitterZPosition`).
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of radius `emitterSize.width` centred on `emitterPosition`.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of radius `emitterSize.width` centred on (`emitterPosition`, `emitterZPosition`).
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Where on the shape particles are born: Apple's `CAEmitterLayerEmitterMode`
/// (https://developer.apple.com/documentation/quartzcore/caemitterlayeremittermode).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The shape's corner points (a line's ends, a rectangle's corners; a circle's or sphere's centre).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// Its outline (a rectangle's perimeter, a circle's circumference).
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// Its surface (a rectangle's or disc's area; a cuboid's faces, a sphere's surface).
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Anywhere inside (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// How particles are composited into the layer: Apple's `CAEmitterLayerRenderMode`
/// (https://developer.apple.com/documentation/quartzcore/caemitterlayerrendermode).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// No particular order (the default); here cell by cell, oldest first.
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Oldest particles drawn first (the newest on top).
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Oldest particles drawn last (on top).
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Sorted by z, farthest first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Added together (Porter-Duff PLUS): overlaps brighten.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}
