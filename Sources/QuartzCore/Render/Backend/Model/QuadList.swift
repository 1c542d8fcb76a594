import CoreGraphics

/// A render pass's quads, back to front, held as segments: runs of an earlier frame shared by
/// reference (`QuadRun`) between quads drawn fresh. It is a collection of `DrawQuad` like an
/// array (iterate it, index it, append to it), so a backend reads it as one list; only the
/// builder (appending runs) and damage (comparing runs by identity) see the segments.
///
/// Mutating a quad of a shared run makes that segment the list's own (copied on write) and
/// forgets the run, so a list never changes what another frame holds.
package struct QuadList: Sendable {
    /// Consecutive quads; `run` is set while they are exactly a shared run's quads.
    package struct Segment: Sendable {
        package fileprivate(set) var quads: [DrawQuad]
        package fileprivate(set) var run: QuadRun?
    }

    package private(set) var segments: [Segment] = []
    package private(set) var count = 0

    /// Runs shorter than this are copied (a segment per tiny subtree would cost more to walk).
    package static let minimumSharedRun = 16

    package init() {}

    package init(_ quads: [DrawQuad]) {
        if !quads.isEmpty { segments = [Segment(quads: quads, run: nil)] }
        count = quads.count
    }

    /// The quads as one array (no copy when the list is one segment).
    package var array: [DrawQuad] {
        if segments.count == 1 { return segments[0].quads }
        var out: [DrawQuad] = []
        out.reserveCapacity(count)
        for s in segments { out.append(contentsOf: s.quads) }
        return out
    }

    /// The quads of flat indices `range` as one array.
    package func array(_ range: Range<Int>) -> [DrawQuad] {
        var out: [DrawQuad] = []
        out.reserveCapacity(range.count)
        var start = 0
        for s in segments {
            let end = start + s.quads.count
            let lo = Swift.max(range.lowerBound, start), hi = Swift.min(range.upperBound, end)
            if lo < hi { out.append(contentsOf: s.quads[(lo - start)..<(hi - start)]) }
            start = end
            if start >= range.upperBound { break }
        }
        return out
    }

    /// Appends `run`'s quads: by reference when it is long enough to be worth a segment.
    package mutating func append(run: QuadRun) {
        guard run.quads.count >= Self.minimumSharedRun else { return append(contentsOf: run.quads) }
        segments.append(Segment(quads: run.quads, run: run))
        count += run.quads.count
    }

    package mutating func append(_ q: DrawQuad) {
        if let last = segments.indices.last, segments[last].run == nil {
            segments[last].quads.append(q)
        } else {
            segments.append(Segment(quads: [q], run: nil))
        }
        count += 1
    }

    package mutating func append<S: Sequence>(contentsOf quads: S) where S.Element == DrawQuad {
        if let list = quads as? QuadList {
            for s in list.segments {
                if let run = s.run { append(run: run) } else { appendFresh(s.quads) }
            }
            return
        }
        appendFresh(Array(quads))
    }

    private mutating func appendFresh(_ quads: [DrawQuad]) {
        guard !quads.isEmpty else { return }
        if let last = segments.indices.last, segments[last].run == nil {
            segments[last].quads.append(contentsOf: quads)
        } else {
            segments.append(Segment(quads: quads, run: nil))
        }
        count += quads.count
    }

    /// The segment holding flat index `i` and the index within it (the tail is searched first:
    /// the builder reads and edits what it just appended).
    private func locate(_ i: Int) -> (segment: Int, offset: Int) {
        precondition(i >= 0 && i < count, "QuadList index out of range")
        var end = count
        for s in segments.indices.reversed() {
            let start = end - segments[s].quads.count
            if i >= start { return (s, i - start) }
            end = start
        }
        preconditionFailure("QuadList index out of range")
    }
}

extension QuadList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral {
    package var startIndex: Int { 0 }
    package var endIndex: Int { count }
    package var isEmpty: Bool { count == 0 }

    package init(arrayLiteral quads: DrawQuad...) { self.init(quads) }

    package subscript(i: Int) -> DrawQuad {
        get { let (s, o) = locate(i); return segments[s].quads[o] }
        set {
            let (s, o) = locate(i)
            segments[s].run = nil
            segments[s].quads[o] = newValue
        }
    }

    package mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with new: C) where C.Element == DrawQuad {
        if range.isEmpty, range.lowerBound == count { return append(contentsOf: new) }
        var flat = array
        flat.replaceSubrange(range, with: new)
        self = QuadList(flat)
    }

    package struct Iterator: IteratorProtocol {
        let segments: [Segment]
        var segment = 0
        var current: IndexingIterator<[DrawQuad]>
        package mutating func next() -> DrawQuad? {
            while true {
                if let q = current.next() { return q }
                segment += 1
                guard segment < segments.count else { return nil }
                current = segments[segment].quads.makeIterator()
            }
        }
    }

    package func makeIterator() -> Iterator {
        Iterator(segments: segments, current: (segments.first?.quads ?? []).makeIterator())
    }
}
