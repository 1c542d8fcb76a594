import Foundation

/// Font name → installed face, with the notes for substitutes. Results are cached per name
/// (bounded: the cache is emptied when it reaches `cacheLimit` names).
package enum FontResolver {
    struct Resolved { var face: FontFace; var request: FontRequest }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [String: Resolved?] = [:]
    nonisolated(unsafe) private static var noted: Set<String> = []
    static let cacheLimit = 1024

    /// The face for `name`, or nil when neither an installed font nor an Apple mapping has it.
    static func resolve(_ name: String) -> Resolved? {
        if let hit = lock.withLock({ cache[name] }) { return hit }
        let found = lookUp(name)
        lock.withLock {
            if cache.count >= cacheLimit { cache.removeAll() }
            cache[name] = .some(found)
        }
        if let found, let why = found.request.approximation {
            noteOnce(name, "font \"\(name)\" is not available (\(why)); drawing with \(found.request.family)")
        }
        return found
    }

    /// Drops cached name lookups (after fonts were added).
    static func forgetNames() { lock.withLock { cache.removeAll() } }

    private static func lookUp(_ name: String) -> Resolved? {
        if let exact = FontMatcher.postScriptName(name), let face = FontFace.shared(path: exact.path, index: exact.index) {
            let m = face.metrics
            return Resolved(face: face, request: FontRequest(family: m.familyName ?? name,
                                                             weight: AppleFontNames.weightAndSlant(m.styleName?.lowercased() ?? "").0,
                                                             slant: m.isItalic ? 100 : 0, approximation: nil))
        }
        for request in [AppleFontNames.request(for: name),
                        FontRequest(family: name, weight: 80, slant: 0, approximation: nil)] {
            guard let match = FontMatcher.best(family: request.family, weight: request.weight, slant: request.slant),
                  FontMatcher.isFamily(match, request.family),
                  let face = FontFace.shared(path: match.path, index: match.index) else { continue }
            return Resolved(face: face, request: request)
        }
        return nil
    }

    /// The default font (`AppleFontNames.defaultFamily`, else whatever fontconfig offers) at
    /// `weight`/`slant`; an empty face (noted) when no font at all is installed.
    static func fallback(weight: Int32 = 80, slant: Int32 = 0) -> Resolved {
        let request = FontRequest(family: AppleFontNames.defaultFamily, weight: weight, slant: slant, approximation: nil)
        guard let match = FontMatcher.best(family: request.family, weight: weight, slant: slant),
              let face = FontFace.shared(path: match.path, index: match.index) else {
            noteOnce("no fonts", "no fonts are installed (scripts/install-deps.sh installs them); text draws as nothing")
            return Resolved(face: .none, request: request)
        }
        return Resolved(face: face, request: FontRequest(family: match.families.first ?? request.family,
                                                         weight: weight, slant: slant, approximation: nil))
    }

    /// Reports a font note once per `subject` for the life of the process (bounded).
    package static func noteOnce(_ subject: String, _ message: String, kind: CGDiagnostic.Kind = .fontSubstituted) {
        let first = lock.withLock { () -> Bool in
            guard !noted.contains(subject) else { return false }
            if noted.count < 10_000 { noted.insert(subject) }
            return true
        }
        if first { CGDiagnostics.report(CGDiagnostic(kind, subject: subject, message)) }
    }
}

extension CGFont {
    /// The font for `name`, or the default font with a note (once per name) when there is none:
    /// what `CTFontCreateWithName` needs, since it never fails.
    package static func named(orDefault name: String) -> CGFont {
        if let font = CGFont(name) { return font }
        let request = AppleFontNames.request(for: name)
        let fallback = FontResolver.fallback(weight: request.weight, slant: request.slant)
        FontResolver.noteOnce(name, "font \"\(name)\" is not installed; drawing with \(fallback.request.family)")
        return CGFont(face: fallback.face, request: fallback.request)
    }
}
