import Foundation
import CoreGraphics
import QuartzCore

/// A Core Animation scene read from CAML: a layer tree with its animations, states and state
/// transitions, ready to hand to a host (`CAOffscreenRenderer`, `CALayerHost`).
///
/// **Inputs.** `load(contentsOf:)` reads a `.caml` file, a `.ca` bundle (the document
/// `index.xml` names as `rootDocument`, else `main.caml`; images relative to the bundle) or a
/// `.wallpaper` folder (its Background, Floating and Foreground `.ca` planes).
///
/// **Scene semantics** (how Apple's hosts, such as the iOS wallpaper, show these files):
/// - *Host placement.* The host is `size` points (the root layer's bounds size, e.g. 390 × 844)
///   and the root's frame is placed at the document rectangle `(0, 0, size)`: its `position` is
///   set to `anchorPoint × size`, whatever the file says (editors write arbitrary root
///   positions, e.g. `390 0`, that the device ignores).
/// - *Flip.* The host is unflipped — y grows upwards, so a layer at y = 139 is near the bottom —
///   unless `index.xml` says `geometryFlipped`; `isFlipped` tells the host which.
/// - *Planes.* A `.wallpaper` composites Background, Floating and Foreground (back to front) as
///   sublayers of one container root of the planes' size. A plane whose `index.xml` asks for the
///   other flip than the scene's gets its root's `isGeometryFlipped` toggled.
/// - *Scale.* `defaultScale` is the `@Nx` in the bundle name (`…@3x~iphone.ca` → 3), else 1.
/// - *States.* `initialState` is "Locked" when a document declares it; it is applied (without
///   animation) when the scene loads. `apply(state:)` and `transition(from:to:at:)` switch.
/// - *Clock.* Scene time 0 is host time 0: the scene is committed at time 0 of the scene clock,
///   so animations with `beginTime` 0 begin then, and `beginTime="1e-100"` (the editors' "at the
///   start") is an absolute time of about 0 in the layer's timeline. Render with a host whose
///   clock starts at 0 (`CAOffscreenRenderer`'s default `startTime`).
/// - *Repeat.* `repeatCount` or `repeatDuration` of `inf` (both, in real files) repeats forever.
/// - *Skipped.* `scriptObject`, `.js` assets, non-empty `modules`/`scriptComponents`/`style`,
///   and other editor or PosterBoard extensions are skipped with a warning.
///
/// Reading is lenient: anything unreadable short of malformed XML becomes a `CAMLWarning`.
/// Use a scene from one thread.
public final class CAMLScene {
    /// The layer to host: the document's root, or a `.wallpaper`'s container of planes.
    public let rootLayer: CALayer
    /// Host size in points.
    public let size: CGSize
    /// The root bounds size a document asked for, in points, when it was not a usable host size
    /// (not 1…`maximumDocumentSide` points a side, or not finite) and `size` is the clamped one
    /// (with a warning); else equal to `size`.
    public let requestedSize: CGSize
    /// Pixels per point the scene was made for (`@3x` in the name → 3), else 1.
    public let defaultScale: CGFloat
    /// Whether the host should be flipped (y down); false for real scenes.
    public let isFlipped: Bool
    /// The state applied when the scene loaded ("Locked" when present), or nil.
    public let initialState: String?
    /// The state last applied or transitioned to.
    public internal(set) var currentState: String?
    /// What the reader skipped or repaired, in reading order, then warnings from state changes.
    public internal(set) var warnings: [CAMLWarning]
    /// Where the scene was read from.
    public let url: URL
    let documents: [CAMLDocument]

    init(url: URL, documents: [CAMLDocument], rootLayer: CALayer, size: CGSize, requestedSize: CGSize, scale: CGFloat,
         flipped: Bool, warnings: [CAMLWarning]) {
        self.url = url; self.documents = documents; self.rootLayer = rootLayer; self.size = size
        self.requestedSize = requestedSize
        self.defaultScale = scale; self.isFlipped = flipped; self.warnings = warnings
        let names = documents.flatMap { $0.states.map(\.name) }
        initialState = names.contains("Locked") ? "Locked" : nil
    }

    /// State names of every document, in order of first appearance.
    public var stateNames: [String] {
        var seen: Set<String> = [], out: [String] = []
        for d in documents { for s in d.states where seen.insert(s.name).inserted { out.append(s.name) } }
        return out
    }

    /// Every document's states (a `.wallpaper` has one set per plane).
    public var states: [CAMLState] { documents.flatMap(\.states) }

    /// Every document's state transitions.
    public var transitions: [CAMLStateTransition] { documents.flatMap(\.transitions) }

    /// The document files read, back to front.
    public var files: [String] { documents.map(\.file) }

    /// The layer with CAML `id` `id` (the first document that has one wins), or nil.
    public func layer(withID id: String) -> CALayer? {
        for d in documents { if let l = d.layersByID[id] { return l } }
        return nil
    }

    /// The number of animations the files attach to layers (not counting transitions).
    public internal(set) var animationCount = 0
}
