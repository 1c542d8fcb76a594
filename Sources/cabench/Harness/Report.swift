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
    var ours: Measurement? { measurements.first }

    /// Ours ÷ peer (below 1: we are faster); nil for our own rows.
    func ratio(_ m: Measurement) -> Double? {
        guard m.isPeer, let ours else { return nil }
        return ours.median / m.median
    }

    var targetMet: Bool? { target.map { t in (ours?.median ?? .infinity) <= t.limit } }
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
                if let g = m.gigabytesPerSecond { line += "  \(number(g)) GB/s" }
                if let q = r.ratio(m) { line += "  ours/peer \(number(q))×" }
                if let f = m.failure { line += "  CHECK FAILED: \(f)" }
                out += line + "\n"
            }
            if r.target != nil { out += "    target \(targetText(r))\n" }
        }
        return out
    }

    static func markdown(_ results: [CaseResult]) -> String {
        var out = "| Scene | Case | Subject | Median | Min–max | Unit | Ours ÷ peer | GB/s | Target |\n"
        out += "|---|---|---|--:|--:|---|--:|--:|---|\n"
        for r in results {
            for (i, m) in r.measurements.enumerated() {
                let cells = [
                    i == 0 ? "`\(r.scene)`" : "", i == 0 ? r.label : "",
                    (m.isPeer ? "peer: " : "") + m.subject + (m.failure.map { " (CHECK FAILED: \($0))" } ?? ""),
                    number(m.median), spread(m), r.unit.label,
                    r.ratio(m).map { number($0) + "×" } ?? "", m.gigabytesPerSecond.map(number) ?? "",
                    i == 0 ? targetText(r) : "",
                ]
                out += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    struct JSONRow: Encodable {
        var scene, `case`, subject, unit: String
        var peer: Bool
        var median, min, max: Double
        var values: [Double]
        var oursOverPeer, gigabytesPerSecond, target: Double?
        var targetMet: Bool?
        var failure: String?
    }

    static func json(_ results: [CaseResult]) -> String {
        let rows = results.flatMap { r in
            r.measurements.enumerated().map { i, m in
                JSONRow(scene: r.scene, case: r.label, subject: m.subject, unit: r.unit.label,
                        peer: m.isPeer, median: m.median, min: m.min, max: m.max, values: m.values,
                        oursOverPeer: r.ratio(m), gigabytesPerSecond: m.gigabytesPerSecond,
                        target: i == 0 ? r.target?.limit : nil, targetMet: i == 0 ? r.targetMet : nil, failure: m.failure)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(rows) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }
}
