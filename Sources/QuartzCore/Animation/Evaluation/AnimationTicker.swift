// `cpu_backend_prefetch` (a prefetch hint; Swift has none of its own).
import CQuartzPixman

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
    /// One compiled animation and the target it writes (32 bytes, no reference count: the
    /// ticker's `owners` keeps the animations alive).
    struct Record {
        let target: Int32
        /// For the first record of a target: the index past its target's last record (all of
        /// them are reset before the first applies); 0 for the others.
        var groupEnd: Int32
        let beginTime: CFTimeInterval
        let animation: Unmanaged<CompiledAnimation>
        /// The bytes reset from the model state before applying (count 0: through the slot).
        let resetOffset: Int32, resetCount: Int32
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
    private var owners: [CompiledAnimation] = []
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
            let first = records.count
            for (entry, c) in zip(animations, compiled) {
                guard let c, let begin = entry.resolvedBeginTime else { continue }
                owners.append(c)
                let reset = c.writtenBytes ?? 0..<0
                records.append(Record(target: Int32(i), groupEnd: 0, beginTime: begin, animation: .passUnretained(c),
                                      resetOffset: Int32(reset.lowerBound), resetCount: Int32(reset.count)))
            }
            if records.count > first { records[first].groupEnd = Int32(records.count) }
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
                    // A target's animated fields go back to their model values, then its
                    // animations apply in order (later ones see earlier ones' results); one pass,
                    // so each state is touched while it is in cache.
                    let o = out.baseAddress!, m = model.baseAddress!
                    for (i, r) in records.enumerated() {
                        if i &+ Self.prefetchDistance < records.count {
                            Self.prefetch(records[i &+ Self.prefetchDistance], o, m)
                        }
                        let target = Int(r.target)
                        if Int(r.groupEnd) == i &+ 1, r.resetCount > 0 {
                            // Its target's only animation, on inline bytes: the underlying value
                            // is the model's, read there; the model's bytes are copied only when
                            // the animation has no effect now.
                            let applied = r.animation._withUnsafeGuaranteedRef {
                                $0.apply(from: m + target, to: o + target, beginTime: r.beginTime, at: local[target])
                            }
                            if !applied { Self.reset(r, of: o + target, from: m + target) }
                            continue
                        }
                        if r.groupEnd > 0 {
                            for j in i..<Int(r.groupEnd) { Self.reset(records[j], of: o + target, from: m + target) }
                        }
                        r.animation._withUnsafeGuaranteedRef {
                            $0.apply(to: o + target, beginTime: r.beginTime, at: local[target])
                        }
                    }
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
    /// How many records ahead the tick loop asks for the memory a record touches.
    static let prefetchDistance = 4

    /// Asks for the lines record `r` will touch (its animation object, and the bytes it resets
    /// and writes in its target's model and presentation states), so that their cache misses
    /// overlap the records before it: at 10,000 targets the states (608 bytes each) and the
    /// objects are far outside the core's cache, and the loop is otherwise bound by those misses.
    @inline(__always)
    static func prefetch(_ r: Record, _ out: UnsafeMutablePointer<LayerState>, _ model: UnsafePointer<LayerState>) {
        let object = UnsafeRawPointer(r.animation.toOpaque())
        cpu_backend_prefetch(object); cpu_backend_prefetch(object + 64); cpu_backend_prefetch(object + 128)
        let target = Int(r.target), first = Int(r.resetOffset), last = first + max(Int(r.resetCount), 1) - 1
        let o = UnsafeRawPointer(out + target), m = UnsafeRawPointer(model + target)
        cpu_backend_prefetch(o + first); cpu_backend_prefetch(o + last)
        cpu_backend_prefetch(m + first); cpu_backend_prefetch(m + last)
        if last - first > 64 { cpu_backend_prefetch(o + first + 64); cpu_backend_prefetch(m + first + 64) }
    }

    /// Resets what record `r` writes in the state at `p` to its value in `model`.
    @inline(__always)
    static func reset(_ r: Record, of p: UnsafeMutablePointer<LayerState>, from model: UnsafePointer<LayerState>) {
        if r.resetCount > 0 {
            copy(Int(r.resetOffset)..<Int(r.resetOffset + r.resetCount), from: UnsafeRawPointer(model),
                 to: UnsafeMutableRawPointer(p))
        } else {
            r.animation._withUnsafeGuaranteedRef { $0.resetSlot(of: p, from: model) }
        }
    }

    /// Copies the bytes `b` of one state into another: loads and stores for the common sizes
    /// (a number, a point or size, a rect, a transform), `memmove` otherwise.
    @inline(__always)
    static func copy(_ b: Range<Int>, from src: UnsafeRawPointer, to dst: UnsafeMutableRawPointer) {
        let s = src + b.lowerBound, d = dst + b.lowerBound
        switch b.count {
        case 4: d.storeBytes(of: s.load(as: UInt32.self), as: UInt32.self)
        case 8: d.storeBytes(of: s.load(as: UInt64.self), as: UInt64.self)
        case 16: d.storeBytes(of: s.load(as: (UInt64, UInt64).self), as: (UInt64, UInt64).self)
        case 32: d.storeBytes(of: s.load(as: (UInt64, UInt64, UInt64, UInt64).self), as: (UInt64, UInt64, UInt64, UInt64).self)
        case 128:
            typealias Half = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
            d.storeBytes(of: s.load(as: Half.self), as: Half.self)
            (d + 64).storeBytes(of: (s + 64).load(as: Half.self), as: Half.self)
        default: d.copyMemory(from: s, byteCount: b.count)
        }
    }
}
