// The three outputs: a readable table (default), Markdown (docs/BENCHMARKS.md) and JSON.
import Foundation

/// The measurements of one case, ready to print.
struct CaseResult {
    var scene: String
    var label: String
    var unit: BenchUnit
    var target: BenchTarget?
    var measurements: [Measurement]

    /// Our main subject: the first one (the target and the ratios refer to it; a case may list
    /// more of ours, e.g. the public API beside the internal path).
    /// nil when the case has only peer rows (`cabench table` with peers of a case not run).
    var ours: Measurement? { measurements.first.flatMap { $0.isPeer ? nil : $0 } }

    /// Ours ÷ peer (below 1: we are faster); nil for our own rows.
    func ratio(_ m: Measurement) -> Double? {
        guard m.isPeer, let ours else { return nil }
        return ours.median / m.median
    }

    var targetMet: Bool? {
        guard let t = target else { return nil }
        guard let versus = t.versus else { return (ours?.median ?? .infinity) <= t.limit }
        guard let peer = measurements.first(where: { $0.isPeer && $0.subject.hasPrefix(versus) }),
              let q = ratio(peer) else { return nil }
        return q <= t.limit
    }
}

enum Report {
    /// 3 significant figures, at most 3 decimals.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "–" }
        let a = abs(v)
        let digits = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3
        return String(format: "%.\(digits)f", v)
    }

    static func spread(_ m: Measurement) -> String { "\(number(m.min))–\(number(m.max))" }

    /// GB/s or MP/s, with the unit.
    static func rate(_ m: Measurement) -> String {
        if let g = m.gigabytesPerSecond { return "\(number(g)) GB/s" }
        if let p = m.megapixelsPerSecond { return "\(number(p)) MP/s" }
        return ""
    }

    static func psnr(_ m: Measurement) -> String {
        guard let p = m.psnr else { return "" }
        return p == .infinity ? "equal" : number(p)
    }

    static func targetText(_ r: CaseResult) -> String {
        guard let t = r.target, let met = r.targetMet else { return "" }
        return "\(t.text): \(met ? "met" : "missed")"
    }

    static func text(_ results: [CaseResult], scenes: [any BenchScene]) -> String {
        var out = ""
        var lastScene = ""
        for r in results {
            if r.scene != lastScene {
                let summary = scenes.first { $0.name == r.scene }?.summary ?? ""
                out += "\n\(r.scene) — \(summary)\n"
                lastScene = r.scene
            }
            out += "  \(r.label)\n"
            for m in r.measurements {
                let name = (m.isPeer ? "peer: " : "") + m.subject
                var line = "    " + name.padding(toLength: max(44, name.count), withPad: " ", startingAt: 0)
                line += " " + pad(number(m.median), 9) + " " + r.unit.label
                line += "  [" + spread(m) + "]"
                if case .millisecondsPer("frame") = r.unit, m.median > 0 { line += "  \(number(1000 / m.median)) fps" }
                if !rate(m).isEmpty { line += "  " + rate(m) }
                if m.psnr != nil { line += "  PSNR \(psnr(m))" }
                if let q = r.ratio(m) { line += "  ours/peer \(number(q))×" }
                if let f = m.failure { line += "  CHECK FAILED: \(f)" }
                out += line + "\n"
            }
            if r.target != nil { out += "    target \(targetText(r))\n" }
        }
        return out
    }

    static func markdown(_ results: [CaseResult]) -> String {
        var out = "| Scene | Case | Subject | Median | Min–max | Unit | Ours ÷ peer | Rate | PSNR dB | Target |\n"
        out += "|---|---|---|--:|--:|---|--:|--:|--:|---|\n"
        for r in results {
            for (i, m) in r.measurements.enumerated() {
                let cells = [
                    i == 0 ? "`\(r.scene)`" : "", i == 0 ? r.label : "",
                    (m.isPeer ? "peer: " : "") + m.subject + (m.failure.map { " (CHECK FAILED: \($0))" } ?? ""),
                    number(m.median), spread(m), r.unit.label,
                    r.ratio(m).map { number($0) + "×" } ?? "", rate(m), psnr(m),
                    i == 0 ? targetText(r) : "",
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }
}
