import Foundation

/// Apple's `CFString`: the string type of Core Foundation APIs (font and colour space names,
/// attribute keys), toll-free bridged with `NSString`. swift-corelibs-foundation does not export
/// Core Foundation, so here it is `NSString` itself: a literal or a `String` becomes one with
/// `as` (`"Futura-Medium" as CFString`, `name as CFString`), and it goes back with `as String`,
/// as on Apple. The functions that take names accept it beside `String` (`CTFontCreateWithName`,
/// `CGFont(_:)`, `CGColorSpace(name:)`), and `CATextLayer.font` takes it as a font name.
/// (https://developer.apple.com/documentation/corefoundation/cfstring)
public typealias CFString = NSString
