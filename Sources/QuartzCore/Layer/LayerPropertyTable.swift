// The property table of CALayer: one row per base property, in PropertyID order. Animatable
// flags follow Apple's "Animatable Properties" list
// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/AnimatableProperties/AnimatableProperties.html).
// Subclasses extend it with `PropertyTable(extending: .layer, with: …)`.

extension PropertyTable {
    static let layer = PropertyTable(extending: nil, with: baseLayerProperties, aliases: [
        // Objective-C KVC finds the `is…` getters too.
        "isHidden": "hidden", "isDoubleSided": "doubleSided",
        "isGeometryFlipped": "geometryFlipped", "isOpaque": "opaque",
    ])
}

private let A: PropertyFlags = .animatable

private let baseLayerProperties: [PropertyDescriptor] = [
    // Geometry
    PropertyDescriptor(.bounds, "bounds", .rect, A, .linear, layer: \CALayer.bounds, state: \.bounds),
    PropertyDescriptor(.position, "position", .point, A, .linear, layer: \CALayer.position, state: \.position),
    PropertyDescriptor(.zPosition, "zPosition", .cgFloat, A, .linear, layer: \CALayer.zPosition, state: \.zPosition),
    PropertyDescriptor(.anchorPoint, "anchorPoint", .point, A, .linear, layer: \CALayer.anchorPoint, state: \.anchorPoint),
    PropertyDescriptor(.anchorPointZ, "anchorPointZ", .cgFloat, A, .linear,
                       layer: \CALayer.anchorPointZ, state: \.anchorPointZ),
    PropertyDescriptor(.transform, "transform", .transform, A, .transform, layer: \CALayer.transform, state: \.transform),
    PropertyDescriptor(.sublayerTransform, "sublayerTransform", .transform, A, .transform,
                       layer: \CALayer.sublayerTransform, state: \.sublayerTransform),
    PropertyDescriptor(.geometryFlipped, "geometryFlipped", .bool,
                       layer: \CALayer.isGeometryFlipped, state: \.isGeometryFlipped),
    PropertyDescriptor(.autoresizingMask, "autoresizingMask", .bitmask,
                       layer: \CALayer.autoresizingMask, state: \.autoresizingMask),
    // Visibility and compositing
    PropertyDescriptor(.hidden, "hidden", .bool, A, layer: \CALayer.isHidden, state: \.isHidden),
    PropertyDescriptor(.doubleSided, "doubleSided", .bool, A, layer: \CALayer.isDoubleSided, state: \.isDoubleSided),
    PropertyDescriptor(.opacity, "opacity", .float, A, .linear, layer: \CALayer.opacity, state: \.opacity),
    PropertyDescriptor(.opaque, "opaque", .bool, layer: \CALayer.isOpaque, state: \.isOpaque),
    PropertyDescriptor(.allowsGroupOpacity, "allowsGroupOpacity", .bool,
                       layer: \CALayer.allowsGroupOpacity, state: \.allowsGroupOpacity),
    PropertyDescriptor(.allowsEdgeAntialiasing, "allowsEdgeAntialiasing", .bool,
                       layer: \CALayer.allowsEdgeAntialiasing, state: \.allowsEdgeAntialiasing),
    PropertyDescriptor(.edgeAntialiasingMask, "edgeAntialiasingMask", .bitmask,
                       layer: \CALayer.edgeAntialiasingMask, state: \.edgeAntialiasingMask),
    PropertyDescriptor(.masksToBounds, "masksToBounds", .bool, A,
                       layer: \CALayer.masksToBounds, state: \.masksToBounds),
    PropertyDescriptor(.shouldRasterize, "shouldRasterize", .bool,
                       layer: \CALayer.shouldRasterize, state: \.shouldRasterize),
    PropertyDescriptor(.rasterizationScale, "rasterizationScale", .cgFloat,
                       layer: \CALayer.rasterizationScale, state: \.rasterizationScale),
    PropertyDescriptor(.drawsAsynchronously, "drawsAsynchronously", .bool,
                       layer: \CALayer.drawsAsynchronously, state: \.drawsAsynchronously),
    PropertyDescriptor(.filters, "filters", ValueCodec.array.optional(), A,
                       layer: \CALayer.filters, state: \.filters),
    PropertyDescriptor(.compositingFilter, "compositingFilter", ValueCodec.object.optional(), A,
                       layer: \CALayer.compositingFilter, state: \.compositingFilter),
    PropertyDescriptor(.backgroundFilters, "backgroundFilters", ValueCodec.array.optional(), A,
                       layer: \CALayer.backgroundFilters, state: \.backgroundFilters),
    // Contents
    PropertyDescriptor(.contents, "contents", ValueCodec.object.optional(), A,
                       layer: \CALayer.contents, state: \.contents),
    PropertyDescriptor(.contentsRect, "contentsRect", .rect, A, .linear,
                       layer: \CALayer.contentsRect, state: \.contentsRect),
    PropertyDescriptor(.contentsCenter, "contentsCenter", .rect, A, .linear,
                       layer: \CALayer.contentsCenter, state: \.contentsCenter),
    PropertyDescriptor(.contentsGravity, "contentsGravity", .rawString,
                       layer: \CALayer.contentsGravity, state: \.contentsGravity),
    PropertyDescriptor(.contentsScale, "contentsScale", .cgFloat,
                       layer: \CALayer.contentsScale, state: \.contentsScale),
    PropertyDescriptor(.contentsFormat, "contentsFormat", .rawString,
                       layer: \CALayer.contentsFormat, state: \.contentsFormat),
    PropertyDescriptor(.minificationFilter, "minificationFilter", .rawString,
                       layer: \CALayer.minificationFilter, state: \.minificationFilter),
    PropertyDescriptor(.magnificationFilter, "magnificationFilter", .rawString,
                       layer: \CALayer.magnificationFilter, state: \.magnificationFilter),
    PropertyDescriptor(.minificationFilterBias, "minificationFilterBias", .float,
                       layer: \CALayer.minificationFilterBias, state: \.minificationFilterBias),
    PropertyDescriptor(.needsDisplayOnBoundsChange, "needsDisplayOnBoundsChange", .bool,
                       layer: \CALayer.needsDisplayOnBoundsChange, state: \.needsDisplayOnBoundsChange),
    // Background, border, corners
    PropertyDescriptor(.backgroundColor, "backgroundColor", ValueCodec.color.optional(), A, .color,
                       layer: \CALayer.backgroundColor, state: \.backgroundColor),
    PropertyDescriptor(.borderColor, "borderColor", ValueCodec.color.optional(), A, .color,
                       layer: \CALayer.borderColor, state: \.borderColor),
    PropertyDescriptor(.borderWidth, "borderWidth", .cgFloat, A, .linear,
                       layer: \CALayer.borderWidth, state: \.borderWidth),
    PropertyDescriptor(.cornerRadius, "cornerRadius", .cgFloat, A, .linear,
                       layer: \CALayer.cornerRadius, state: \.cornerRadius),
    PropertyDescriptor(.maskedCorners, "maskedCorners", .bitmask,
                       layer: \CALayer.maskedCorners, state: \.maskedCorners),
    PropertyDescriptor(.cornerCurve, "cornerCurve", .rawString,
                       layer: \CALayer.cornerCurve, state: \.cornerCurve),
    // Shadow
    PropertyDescriptor(.shadowColor, "shadowColor", ValueCodec.color.optional(), A, .color,
                       layer: \CALayer.shadowColor, state: \.shadowColor),
    PropertyDescriptor(.shadowOpacity, "shadowOpacity", .float, A, .linear,
                       layer: \CALayer.shadowOpacity, state: \.shadowOpacity),
    PropertyDescriptor(.shadowOffset, "shadowOffset", .size, A, .linear,
                       layer: \CALayer.shadowOffset, state: \.shadowOffset),
    PropertyDescriptor(.shadowRadius, "shadowRadius", .cgFloat, A, .linear,
                       layer: \CALayer.shadowRadius, state: \.shadowRadius),
    PropertyDescriptor(.shadowPath, "shadowPath", ValueCodec.path.optional(), A, .path,
                       layer: \CALayer.shadowPath, state: \.shadowPath),
    // Identity and behaviour
    PropertyDescriptor(.name, "name", ValueCodec.string.optional(), layer: \CALayer.name, state: \.name),
    PropertyDescriptor(.style, "style", ValueCodec.style.optional(), layer: \CALayer.style, state: \.style),
    PropertyDescriptor(.actions, "actions", ValueCodec.actions.optional(), layer: \CALayer.actions, state: \.actions),
    // Derived and tree links
    PropertyDescriptor(.frame, "frame", .rect, .derived, layer: \CALayer.frame, state: nil),
    PropertyDescriptor(.sublayers, "sublayers", ValueCodec.layers.optional(), [A, .tree],
                       layer: \CALayer.sublayers, state: nil),
    PropertyDescriptor(.mask, "mask", ValueCodec.layer.optional(), [A, .tree], layer: \CALayer.mask, state: nil),
    PropertyDescriptor(.delegate, "delegate", ValueCodec.delegate.optional(), .tree,
                       layer: \CALayer.delegate, state: nil),
]
