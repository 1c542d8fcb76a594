import Foundation
import CoreGraphics
import QuartzCore

/// The CALayer properties written as attributes, each with its text form. A property is written
/// when its text differs from that of a new `CALayer` — Apple's defaults, as
/// `CALayer.defaultValue(forKey:)` gives them
/// (https://developer.apple.com/documentation/quartzcore/calayer/defaultvalue(forkey:)) — so
/// files stay as short as an editor's. Colours and `contents` are handled apart (they may be nil).
///
/// The keys are the ones the reader knows (`CAMLValueKind`); `frame` is derived and never
/// written. Order: identity and geometry first, as editors write them.
enum CAMLLayerAttributes {
    struct Attribute: Sendable {
        let key: String
        let text: @Sendable (CALayer) -> String?
    }

    struct ColorAttribute: Sendable {
        let key: String
        let get: @Sendable (CALayer) -> CGColor?
    }

    static let all: [Attribute] = [
        Attribute(key: "name") { $0.name },
        Attribute(key: "bounds") { CAMLFormat.rect($0.bounds) },
        Attribute(key: "position") { CAMLFormat.point($0.position) },
        Attribute(key: "anchorPoint") { CAMLFormat.point($0.anchorPoint) },
        Attribute(key: "zPosition") { CAMLFormat.number(Double($0.zPosition)) },
        Attribute(key: "anchorPointZ") { CAMLFormat.number(Double($0.anchorPointZ)) },
        Attribute(key: "transform") { CAMLFormat.transform($0.transform) },
        Attribute(key: "sublayerTransform") { CAMLFormat.transform($0.sublayerTransform) },
        Attribute(key: "geometryFlipped") { CAMLFormat.bool($0.isGeometryFlipped) },
        Attribute(key: "autoresizingMask") { String($0.autoresizingMask.rawValue) },
        Attribute(key: "hidden") { CAMLFormat.bool($0.isHidden) },
        Attribute(key: "doubleSided") { CAMLFormat.bool($0.isDoubleSided) },
        Attribute(key: "opacity") { CAMLFormat.number($0.opacity) },
        Attribute(key: "opaque") { CAMLFormat.bool($0.isOpaque) },
        Attribute(key: "allowsGroupOpacity") { CAMLFormat.bool($0.allowsGroupOpacity) },
        Attribute(key: "allowsEdgeAntialiasing") { CAMLFormat.bool($0.allowsEdgeAntialiasing) },
        Attribute(key: "edgeAntialiasingMask") { String($0.edgeAntialiasingMask.rawValue) },
        Attribute(key: "masksToBounds") { CAMLFormat.bool($0.masksToBounds) },
        Attribute(key: "shouldRasterize") { CAMLFormat.bool($0.shouldRasterize) },
        Attribute(key: "rasterizationScale") { CAMLFormat.number(Double($0.rasterizationScale)) },
        Attribute(key: "drawsAsynchronously") { CAMLFormat.bool($0.drawsAsynchronously) },
        Attribute(key: "contentsRect") { CAMLFormat.rect($0.contentsRect) },
        Attribute(key: "contentsCenter") { CAMLFormat.rect($0.contentsCenter) },
        Attribute(key: "contentsGravity") { $0.contentsGravity.rawValue },
        Attribute(key: "contentsScale") { CAMLFormat.number(Double($0.contentsScale)) },
        Attribute(key: "contentsFormat") { $0.contentsFormat.rawValue },
        Attribute(key: "minificationFilter") { $0.minificationFilter.rawValue },
        Attribute(key: "magnificationFilter") { $0.magnificationFilter.rawValue },
        Attribute(key: "minificationFilterBias") { CAMLFormat.number($0.minificationFilterBias) },
        Attribute(key: "needsDisplayOnBoundsChange") { CAMLFormat.bool($0.needsDisplayOnBoundsChange) },
        Attribute(key: "borderWidth") { CAMLFormat.number(Double($0.borderWidth)) },
        Attribute(key: "cornerRadius") { CAMLFormat.number(Double($0.cornerRadius)) },
        Attribute(key: "maskedCorners") { String($0.maskedCorners.rawValue) },
        Attribute(key: "cornerCurve") { $0.cornerCurve.rawValue },
        Attribute(key: "shadowOpacity") { CAMLFormat.number($0.shadowOpacity) },
        Attribute(key: "shadowOffset") { CAMLFormat.size($0.shadowOffset) },
        Attribute(key: "shadowRadius") { CAMLFormat.number(Double($0.shadowRadius)) },
        Attribute(key: "beginTime") { CAMLFormat.number($0.beginTime) },
        Attribute(key: "duration") { CAMLFormat.number($0.duration) },
        Attribute(key: "speed") { CAMLFormat.number($0.speed) },
        Attribute(key: "timeOffset") { CAMLFormat.number($0.timeOffset) },
        Attribute(key: "repeatCount") { CAMLFormat.number($0.repeatCount) },
        Attribute(key: "repeatDuration") { CAMLFormat.number($0.repeatDuration) },
        Attribute(key: "autoreverses") { CAMLFormat.bool($0.autoreverses) },
        Attribute(key: "fillMode") { $0.fillMode.rawValue },
    ]

    /// Colour properties: written as attributes (`"r g b [a]"`), or as `<key type="NSNull"/>`
    /// when nil where the default is a colour (`shadowColor`).
    static let colors: [ColorAttribute] = [
        ColorAttribute(key: "backgroundColor") { $0.backgroundColor },
        ColorAttribute(key: "borderColor") { $0.borderColor },
        ColorAttribute(key: "shadowColor") { $0.shadowColor },
    ]
}
