// Layer trees the model scenes share: a root with `count` sublayers, committed once.
import QuartzCore

/// A root layer holding `count` committed sublayers (kept alive by this object).
final class LayerFixture {
    let root = CALayer()
    let layers: [CALayer]

    /// Builds and commits the tree inside one explicit transaction with actions disabled;
    /// `configure` runs on each sublayer (index, layer) before the commit.
    ///
    /// Then flushes: creating a layer outside a transaction opens an implicit one, which only a
    /// main-queue turn commits — and this tool never turns the main queue — so without the flush
    /// the explicit transaction would be nested in it and commit nothing.
    ///
    /// `shown`: a host shows the committed tree in one small frame first, so later property
    /// changes animate implicitly (Apple animates only layers already on screen; see
    /// CALayer+HostPresence). The host is dropped afterwards, so commits are timed without a
    /// render tree listening.
    init(count: Int, shown: Bool = false, configure: (Int, CALayer) -> Void = { _, _ in }) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.bounds = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        var made: [CALayer] = []
        made.reserveCapacity(count)
        for i in 0..<count {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
            l.position = CGPoint(x: Double(i % 1920), y: Double(i / 1920))
            configure(i, l)
            root.addSublayer(l)
            made.append(l)
        }
        layers = made
        CATransaction.commit()
        CATransaction.flush()
        if shown, let host = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 16, height: 16)) {
            _ = host.frame(at: 0)
        }
    }

    /// nil when every layer has a committed state (what the model scenes rely on).
    func checkCommitted() -> String? {
        layers.allSatisfy { $0.committed != nil } ? nil : "layers were not committed"
    }
}

/// The same amount of layer-like data as plain Swift structs: the floor for model scenes.
final class StructFixture {
    struct Record {
        var position = CGPoint.zero
        var bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        var anchorPoint = CGPoint(x: 0.5, y: 0.5)
        var opacity: Float = 1
        var isHidden = false
    }
    var records: [Record]

    init(count: Int) { records = Array(repeating: Record(), count: count) }
}
