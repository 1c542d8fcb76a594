import Foundation

/// The attribute runs of a range of an attributed string, each normalised once (`RunStyle`):
/// read a single time per line or frame, then shared by chunking and every paragraph's layout.
struct StyledRuns {
    private(set) var runs: [(range: NSRange, style: RunStyle)] = []
    /// The largest font size used (12 when none is larger).
    private(set) var largestSize: CGFloat = 12

    init(_ source: NSAttributedString, range: NSRange) {
        source.enumerateAttributes(in: range, options: []) { attributes, r, _ in
            let style = RunStyle(attributes)
            largestSize = max(largestSize, style.font.size)
            runs.append((r, style))
        }
    }

    /// The runs overlapping `range`, clipped to it.
    func runs(in range: NSRange) -> [(range: NSRange, style: RunStyle)] {
        var lo = 0, hi = runs.count
        while lo < hi { let mid = (lo + hi) / 2; if NSMaxRange(runs[mid].range) <= range.location { lo = mid + 1 } else { hi = mid } }
        var result: [(range: NSRange, style: RunStyle)] = []
        while lo < runs.count, runs[lo].range.location < NSMaxRange(range) {
            if let clipped = runs[lo].range.intersection(range), clipped.length > 0 { result.append((clipped, runs[lo].style)) }
            lo += 1
        }
        return result
    }
}
