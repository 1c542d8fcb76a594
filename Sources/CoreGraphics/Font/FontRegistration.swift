import CQuartzFontconfig
import Foundation

extension FontResolver {
    /// Why a font file could not be registered (Apple's `CTFontManagerError` codes).
    package enum RegistrationError: Int, Error {
        case fileNotFound = 101, unrecognizedFormat = 103
    }

    /// Adds the font file at `path` to the fonts fontconfig — and so pango and `CGFont(_:)` —
    /// can find by name, for the rest of this process. Forgets cached name lookups; the caller
    /// tells its pango font maps (CoreText does).
    package static func registerFontFile(atPath path: String) -> Result<Void, RegistrationError> {
        guard FileManager.default.isReadableFile(atPath: path) else { return .failure(.fileNotFound) }
        guard FontFace.shared(path: path, index: 0) != nil,
              path.withCString({ p in
                  p.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcConfigAppFontAddFile(nil, $0) }
              }) != 0 else { return .failure(.unrecognizedFormat) }
        forgetNames()
        return .success(())
    }
}
