// CoreFoundation's range type, which CoreText's API is written in. swift-corelibs-foundation
// does not export CoreFoundation, so CoreText brings the two declarations it needs.
@_exported import CoreGraphics

/// Apple's `CFIndex`.
public typealias CFIndex = Int
/// Apple's `UniChar`: one UTF-16 code unit.
public typealias UniChar = UInt16

/// A range of UTF-16 code units in a string (Apple's `CFRange`,
/// https://developer.apple.com/documentation/corefoundation/cfrange). A length of 0 in the
/// CoreText functions that take a range means "to the end of the string".
public struct CFRange: Sendable, Hashable {
    public var location: CFIndex
    public var length: CFIndex
    public init() { location = 0; length = 0 }
    public init(location: CFIndex, length: CFIndex) { self.location = location; self.length = length }
}

/// Apple's `CFRangeMake(_:_:)`.
public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange {
    CFRange(location: location, length: length)
}
