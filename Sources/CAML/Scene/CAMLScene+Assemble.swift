import Foundation
import CoreGraphics
import QuartzCore

extension CAMLScene {
    /// Places the documents' roots in the host, records state base values, applies the initial
    /// state and returns the scene (inside the load transaction).
    static func finish(url: URL, documents docs: [CAMLDocument], scaleName: String,
                       context: CAMLReadContext) -> CAMLScene {
        var sizes: [CGSize] = []
        var requested: CGSize?
        for d in docs {
            let s = documentSize(d, context: context)
            if s != d.root.bounds.size { requested = requested ?? d.root.bounds.size }
            sizes.append(s)
            place(d.root, size: s)
        }
        let flipped = docs.allSatisfy(\.wantsFlippedHost)
        let root: CALayer
        let size: CGSize
        if docs.count == 1 {
            root = docs[0].root
            size = sizes[0]
        } else {
            size = CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
            root = CALayer()
            root.name = url.deletingPathExtension().lastPathComponent
            root.bounds = CGRect(origin: .zero, size: size)
            place(root, size: size)
            for d in docs {
                if d.wantsFlippedHost != flipped { d.root.isGeometryFlipped.toggle() }
                root.addSublayer(d.root)
            }
        }
        for d in docs { recordBaseValues(d) }
        let scene = CAMLScene(url: url, documents: docs, rootLayer: root, size: size, requestedSize: requested ?? size,
                              scale: CAMLScalars.scale(inName: scaleName) ?? 1, flipped: flipped, warnings: [])
        scene.animationCount = docs.reduce(0) { $0 + $1.animationCount }
        if let initial = scene.initialState { scene.applyValues(of: initial, context: context) }
        scene.currentState = scene.initialState
        scene.warnings = context.log.all
        return scene
    }

    /// The root's bounds size, clamped to `1…maximumDocumentSide` points with a warning.
    private static func documentSize(_ d: CAMLDocument, context: CAMLReadContext) -> CGSize {
        let s = d.root.bounds.size
        func ok(_ x: CGFloat) -> Bool { x.isFinite && x >= 1 && x <= maximumDocumentSide }
        guard !(ok(s.width) && ok(s.height)) else { return s }
        func clamp(_ x: CGFloat) -> CGFloat { x.isFinite ? min(max(x, 1), maximumDocumentSide) : 1 }
        let c = CGSize(width: clamp(s.width), height: clamp(s.height))
        context.log.warn(d.file, 0, rootSizeWarningStart + "\(s.width)×\(s.height) is not a usable document size; "
                         + "host size \(c.width)×\(c.height) used")
        return c
    }

    private static let rootSizeWarningStart = "root bounds size "

    /// Whether `warning` is the one a load gives when it clamps a root's bounds size (so a tool
    /// that says more about the clamp, such as carender naming the frame's memory, can print
    /// one warning instead of two).
    public static func isRootSizeWarning(_ warning: CAMLWarning) -> Bool {
        warning.message.hasPrefix(rootSizeWarningStart)
    }

    /// Puts `layer`'s frame at `(0, 0, size)` in the host, as the device does.
    private static func place(_ layer: CALayer, size: CGSize) {
        let a = layer.anchorPoint
        layer.position = CGPoint(x: a.x * size.width, y: a.y * size.height)
    }

    /// The model value, before any state, of every key a state of `d` sets.
    private static func recordBaseValues(_ d: CAMLDocument) {
        for s in d.states {
            for v in s.elements {
                let key = CAMLTargetKey(targetID: v.targetID, keyPath: v.keyPath)
                guard d.baseValues[key] == nil, let layer = d.layersByID[v.targetID] else { continue }
                d.baseValues[key] = layer.value(forKeyPath: v.keyPath) ?? NSNull()
            }
        }
    }
}
