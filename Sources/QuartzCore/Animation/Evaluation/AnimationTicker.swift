/// The running animations of many layers kept as the render side wants them (DESIGN.md §4):
/// the compiled ones in one contiguous array of (target layer, begin time, compiled record), and
/// each target's presentation state kept between ticks, so a tick writes only the animated
/// fields — each is first reset to its model value, then the animations are applied in order —
/// instead of copying and rebuilding a whole state per layer (Chromium's animation host keeps
/// its animations the same way).
///
/// Targets are added parents first; a target's local time comes from its parent's (or from the
/// host time for a root) through its own `beginTime`, `speed` and `timeOffset`. A target whose
/// animations are not all compiled (keyframes, groups, custom keys…) is evaluated by the
/// general path, as `LayerSnapshot.presentationState(at:)` evaluates it. After `tick(at:)`,
/// `states[i]` is exactly what `AnimationEvaluator.apply` gives for target `i` at its local time.
package struct AnimationTicker {
    /// One compiled animation and the target it writes.
    struct Record {
        let target: Int
        let beginTime: CFTimeInterval
        let animation: CompiledAnimation
        /// The bytes reset from the model state before applying (nil: through the slot).
        let reset: Range<Int>?
    }

    /// How a target's local time follows from its parent's.
    struct Clock {
        let parent: Int?
        let beginTime: CFTimeInterval
        let speed: Float
        let timeOffset: CFTimeInterval
    }

    /// A target evaluated through the general path.
    struct GeneralTarget {
        let target: Int
        let animations: [LayerAnimation]
        let custom: [String: Any]
        let table: PropertyTable
    }

    /// The presentation state of each target as of the last tick (its model state before one).
    package private(set) var states: [LayerState] = []
    /// Each target's local time at the last tick.
    package private(set) var localTimes: [CFTimeInterval] = []
    private var models: [LayerState] = []
    private var clocks: [Clock] = []
    private var records: [Record] = []
    private var general: [GeneralTarget] = []

    package init() {}

    /// The number of compiled animations ticked in the contiguous array.
    package var compiledCount: Int { records.count }

    /// Adds a layer's committed state and animations (in the order they apply); returns the
    /// target's index. `parent` is the index of the superlayer's target, nil for a root.
    @discardableResult
    package mutating func add(_ committed: CommittedLayer, table: PropertyTable, parent: Int?) -> Int {
        add(state: committed.state, animations: committed.animations, custom: committed.customValues,
            table: table, parent: parent)
    }

    /// Adds a layer given by its state, animations (begin times resolved, in the order they
    /// apply) and custom values (a render tree's snapshot); returns the target's index.
    @discardableResult
    mutating func add(state s: LayerState, animations: [LayerAnimation], custom: [String: Any],
                      table: PropertyTable, parent: Int?) -> Int {
        let i = models.count
        models.append(s); states.append(s); localTimes.append(0)
        clocks.append(Clock(parent: parent, beginTime: s.beginTime, speed: s.speed, timeOffset: s.timeOffset))
        let compiled = animations.map { $0.resolvedBeginTime == nil ? nil : $0.compile(table: table) }
        if compiled.allSatisfy({ $0?.isCompiled ?? true }) {
            for (entry, c) in zip(animations, compiled) {
                guard let c, let begin = entry.resolvedBeginTime else { continue }
                records.append(Record(target: i, beginTime: begin, animation: c, reset: c.writtenBytes))
            }
        } else if !animations.isEmpty {
            general.append(GeneralTarget(target: i, animations: animations, custom: custom, table: table))
        }
        return i
    }

    /// The number of targets.
    package var count: Int { models.count }

    /// Evaluates every target at host time `t`.
    package mutating func tick(at t: CFTimeInterval) {
        localTimes.withUnsafeMutableBufferPointer { local in
            for (i, c) in clocks.enumerated() {
                let parent = c.parent.map { local[$0] } ?? t
                local[i] = MediaTiming.localTime(fromParent: parent, beginTime: c.beginTime, speed: c.speed,
                                                 timeOffset: c.timeOffset)
            }
        }
        let local = localTimes
        states.withUnsafeMutableBufferPointer { out in
            models.withUnsafeBufferPointer { model in
                records.withUnsafeBufferPointer { records in
                    // The animated fields go back to their model values, then every animation
                    // applies in order (later ones see earlier ones' results).
                    let o = out.baseAddress!, m = model.baseAddress!
                    for r in records {
                        if let b = r.reset {
                            Self.copy(b, from: UnsafeRawPointer(m + r.target), to: UnsafeMutableRawPointer(o + r.target))
                        } else {
                            r.animation.resetSlot(of: o + r.target, from: m + r.target)
                        }
                    }
                    for r in records { r.animation.apply(to: o + r.target, beginTime: r.beginTime, at: local[r.target]) }
                }
                for g in general {
                    var s = model[g.target], custom = g.custom
                    AnimationEvaluator.apply(g.animations, to: &s, custom: &custom, table: g.table, at: local[g.target])
                    out[g.target] = s
                }
            }
        }
    }
}

extension AnimationTicker {
    /// Copies the bytes `b` of one state into another: loads and stores for the common sizes
    /// (a number, a point or size, a rect), `memmove` otherwise.
    @inline(__always)
    static func copy(_ b: Range<Int>, from src: UnsafeRawPointer, to dst: UnsafeMutableRawPointer) {
        let s = src + b.lowerBound, d = dst + b.lowerBound
        switch b.count {
        case 4: d.storeBytes(of: s.load(as: UInt32.self), as: UInt32.self)
        case 8: d.storeBytes(of: s.load(as: UInt64.self), as: UInt64.self)
        case 16: d.storeBytes(of: s.load(as: (UInt64, UInt64).self), as: (UInt64, UInt64).self)
        case 32: d.storeBytes(of: s.load(as: (UInt64, UInt64, UInt64, UInt64).self), as: (UInt64, UInt64, UInt64, UInt64).self)
        default: d.copyMemory(from: s, byteCount: b.count)
        }
    }
}

extension CompiledAnimation {
    /// Copies the value this animation writes from `model` into `state`.
    @inline(__always)
    func resetSlot(of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        switch evaluator {
        case let .number(a, _): a.write(a.read(at: model), at: p)
        case let .point(a, _): a.write(a.read(at: model), at: p)
        case let .size(a, _): a.write(a.read(at: model), at: p)
        case let .rect(a, _): a.write(a.read(at: model), at: p)
        case let .transform(a, _): a.write(a.read(at: model), at: p)
        case let .transformField(a, _, _): a.write(a.read(at: model), at: p)
        case let .color(a, _): a.write(a.read(at: model), at: p)
        case let .switching(inputs): inputs.reset(&p.pointee, from: model)
        case .general: return
        }
    }
}
