import Foundation
import CoreText

/// Fonts for text layers. A text document names its font by the PostScript name of the
/// file's `fonts.list` (`fName`); CoreText finds it among the installed fonts and those
/// registered for this process, else draws a stand-in (Liberation Sans) with one diagnostic
/// per name. On iOS the app bundles such fonts; here they are registered from files.
public enum LottieFontFiles {
    /// Registers every `.ttf`, `.otf` and `.ttc` file in `directory` (not its sub-folders) with
    /// CoreText for this process (`CTFontManagerRegisterFontsForURL`,
    /// https://developer.apple.com/documentation/coretext/1499468-ctfontmanagerregisterfontsforurl).
    /// Returns the files registered; unreadable or non-font files are skipped.
    @discardableResult
    public static func register(directory: URL) -> [URL] {
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return files.filter { ["ttf", "otf", "ttc"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
            .filter { CTFontManagerRegisterFontsForURL($0, .process, nil) }
    }
}
