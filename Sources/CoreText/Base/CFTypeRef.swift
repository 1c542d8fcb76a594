/// Apple's `CFTypeRef` (any Core Foundation object): `CATextLayer.font` takes a font name, a
/// `CGFont` or a `CTFont` through it. swift-corelibs-foundation does not export
/// CoreFoundation, so it is declared here, as `CFRange` is.
public typealias CFTypeRef = AnyObject
