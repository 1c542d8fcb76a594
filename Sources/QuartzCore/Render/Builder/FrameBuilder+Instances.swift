/// Drawing a layer's sublayers more than once (`LayerRenderer.sublayerInstances`; the
/// replicator's renderer is the one that asks). Each instance draws the same sublayer
/// snapshots — nothing is copied — with its transform before the layer's sublayer space, its
/// time shift, its alpha multiplied into the opacity, and its red, green and blue multiplied
/// into every colour its quads (and the passes they made) draw.
///
/// Subtree reuse (FrameBuilder+Reuse) sees instance 0 only: it is drawn through the cache and
/// records the snapshots and dynamic layers a reused ancestor depends on; later instances are
/// drawn uncached (their placements differ, and would evict instance 0's entries).
/// When instance 0 draws nothing, the frame counts as dynamic, so no ancestor is kept.
extension FrameBuilder {
    /// Quads one target may hold before a replicator stops adding instances (a project limit,
    /// bounding memory when replicators nest).
    static let maximumReplicatedQuads = 1 << 16

    /// The sublayers `order` of `snap` (state `st`, local time `local`), drawn once per instance
    /// its class asks for, or once as they are.
    mutating func emitSublayerInstances(_ order: [UInt64], of snap: LayerSnapshot, _ st: LayerState,
                                        local: CFTimeInterval, sublayerSpace: CATransform3D,
                                        toTarget: ProjectiveTransform, opacity: Double, clip: CGRect?,
                                        flipped: Bool, into quads: inout QuadList) {
        guard let instances = instanceList(of: snap, st, local: local, quadsSoFar: quads.count) else {
            return emitChildren(order, parentTime: local, parentSublayerSpace: sublayerSpace,
                                parentToTarget: toTarget, opacity: opacity, clip: clip, flipParity: flipped,
                                into: &quads)
        }
        let cache = subtreeCache
        defer { subtreeCache = cache }
        for inst in instances {
            guard inst.color.alpha > 0 else {
                if inst.index == 0 { dynamicLayers += 1 }
                continue
            }
            if inst.index > 0 {
                guard quads.count < FrameBuilder.maximumReplicatedQuads else {
                    return CADiagnostics.report(CALayerDiagnostic(.invalidValue, key: "instanceCount",
                        "layer \(snap.id): instances from \(inst.index) on are not drawn; the frame holds \(quads.count) quads (limit \(FrameBuilder.maximumReplicatedQuads))"))
                }
                subtreeCache = nil
            }
            let space = inst.index == 0 ? sublayerSpace : inst.transform.concatenating(sublayerSpace)
            let firstQuad = quads.count, firstPass = passes.count
            emitChildren(order, parentTime: local - inst.delay, parentSublayerSpace: space,
                         parentToTarget: toTarget, opacity: opacity * inst.color.alpha, clip: clip,
                         flipParity: flipped, into: &quads)
            multiplyColors(inst.color, quads: &quads, from: firstQuad, passesFrom: firstPass)
        }
    }

    /// `snap.renderer.sublayerInstances(st)`, computed once per frame for each snapshot and
    /// local time (the state is a function of both): a replicator inside another's instances
    /// is asked again only when an `instanceDelay` shifts its time, not once per outer instance.
    /// Only as many instances as the target's quad budget can still draw are made (each
    /// instance that draws adds a quad): 2,000 replicators of 10,000 instances made 20 million
    /// of them (3.6 GB) after the budget had stopped drawing them. Within a frame the room only
    /// shrinks, so a list kept from earlier is long enough later.
    mutating func instanceList(of snap: LayerSnapshot, _ st: LayerState, local: CFTimeInterval,
                               quadsSoFar: Int) -> [SublayerInstance]? {
        guard snap.renderer.hasSublayerInstances else { return nil }
        let key = InstanceListKey(snapshot: ObjectIdentifier(snap), local: local.bitPattern)
        if let known = instanceLists[key] { return known }
        let room = max(1, FrameBuilder.maximumReplicatedQuads - quadsSoFar + 1)
        let list = snap.renderer.sublayerInstances(st, limit: room)
        instanceLists[key] = list
        return list
    }

    /// Multiplies the red, green and blue of `quads[from...]` and of the passes made since
    /// `passesFrom` by `color` (pass outputs are left alone: their passes are multiplied). A
    /// multiplied pass is not kept as a rasterization (its bitmap belongs to this instance).
    mutating func multiplyColors(_ color: InstanceColor, quads: inout QuadList, from: Int, passesFrom: Int) {
        guard !color.isWhite else { return }
        for i in from..<quads.count { quads[i].multiplyColor(by: color) }
        for p in passesFrom..<passes.count {
            passes[p].capture = nil
            for j in passes[p].quads.indices { passes[p].quads[j].multiplyColor(by: color) }
        }
    }
}

/// A snapshot (kept alive by the builder's `layers` for the frame) at a local time.
struct InstanceListKey: Hashable {
    var snapshot: ObjectIdentifier
    var local: UInt64
}

/// One copy of a layer's sublayers.
struct SublayerInstance {
    /// 0 for the sublayers as they are.
    var index: Int
    /// Applied to the sublayers before the layer's sublayer space.
    var transform: CATransform3D
    /// Seconds subtracted from the layer's local time for the sublayers.
    var delay: CFTimeInterval
    var color: InstanceColor
}

/// A straight colour multiplying an instance: red, green and blue multiply colour channels,
/// alpha the opacity. Components are clamped to 0…1 (NaN becomes 0).
struct InstanceColor: Equatable {
    var red, green, blue, alpha: Double

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        self.red = c(red); self.green = c(green); self.blue = c(blue); self.alpha = c(alpha)
    }

    static let white = InstanceColor(red: 1, green: 1, blue: 1, alpha: 1)
    var isWhite: Bool { red == 1 && green == 1 && blue == 1 }

    /// Both multiplications in turn (an instance inside an instance).
    func times(_ o: InstanceColor) -> InstanceColor {
        InstanceColor(red: red * o.red, green: green * o.green, blue: blue * o.blue, alpha: alpha * o.alpha)
    }
}

extension PremultipliedColor {
    /// The colour with its straight red, green and blue multiplied by `c` (alpha unchanged).
    func multiplied(by c: InstanceColor) -> PremultipliedColor {
        PremultipliedColor(red: red * c.red, green: green * c.green, blue: blue * c.blue, alpha: alpha)
    }
}

extension DrawQuad {
    /// Multiplies the colours the quad draws by `c` (textures through `SharedQuadState.tint`).
    mutating func multiplyColor(by c: InstanceColor) {
        switch material {
        case .solidColor(let x): material = .solidColor(x.multiplied(by: c))
        case .roundedRect(let radii, let x): material = .roundedRect(radii: radii, color: x.multiplied(by: c))
        case .border(let w, let radii, let x): material = .border(width: w, radii: radii, color: x.multiplied(by: c))
        case .path(var m):
            if let f = m.fill { m.fill?.color = f.color.multiplied(by: c) }
            if let s = m.stroke { m.stroke?.color = s.color.multiplied(by: c) }
            material = .path(m)
        case .gradient(var g):
            for i in g.colors.indices { g.colors[i] = g.colors[i].multiplied(by: c) }
            material = .gradient(g)
        case .text(var t):
            // A plain string's one colour is multiplied; an attributed string's runs are
            // multiplied as they are drawn (the material's tint).
            if let col = t.color {
                t.color = col.multiplied(by: c)
            } else {
                t.tint = (t.tint ?? PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)).multiplied(by: c)
            }
            material = .text(t)
        case .texture:
            let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
            state.tint = (state.tint ?? white).multiplied(by: c)
        case .renderPassOutput, .maskedPassOutput:
            break
        }
    }
}
