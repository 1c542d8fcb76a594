import CQuartzPango
import Foundation

/// How long a registered font stays available (Apple's `CTFontManagerScope`). Here every scope
/// means this process: fonts are never installed for other processes.
public enum CTFontManagerScope: UInt32, Sendable {
    case none = 0, process = 1, persistent = 2, session = 3
    public static let user = CTFontManagerScope.persistent
}

/// Makes the fonts in the file at `fontURL` available by name to `CTFontCreateWithName`,
/// `CGFont(_:)` and line layout, for this process (Apple's
/// `CTFontManagerRegisterFontsForURL(_:_:_:)`). False, with an error in
/// `CTFontManagerErrorDomain` (101 file not found, 103 not a font), when it cannot.
public func CTFontManagerRegisterFontsForURL(_ fontURL: URL, _ scope: CTFontManagerScope,
                                             _ error: UnsafeMutablePointer<Unmanaged<NSError>?>?) -> Bool {
    switch FontResolver.registerFontFile(atPath: fontURL.path) {
    case .success:
        PangoEngine.fontsChanged()
        return true
    case .failure(let failure):
        error?.pointee = Unmanaged.passRetained(NSError(domain: "CTFontManagerErrorDomain", code: failure.rawValue,
                                                        userInfo: [NSURLErrorKey: fontURL]))
        return false
    }
}
