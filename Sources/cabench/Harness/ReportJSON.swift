// JSON rows: what `--json` prints, and what `cabench table` reads back — ours from a saved run
// plus rows that the Python peers (scripts/peers/) append for the same cases — to print one table.
import Foundation

extension Report {
    /// One measurement. `cabench table` rebuilds the cases from these, so the rows carry what
    /// the table needs (rates, PSNR, the target) and not only what a reader wants.
    struct JSONRow: Codable {
        var scene, `case`, subject, unit: String
        var peer: Bool
        var median, min, max: Double
        var values: [Double]
        var oursOverPeer, gigabytesPerSecond, megapixelsPerSecond, target: Double?
        var targetMet: Bool?
        var failure: String?
        var psnr: Double?
        var iterationNanoseconds: Double?
        var bytesPerIteration, pixelsPerIteration: Int?
        var targetText, targetVersus: String?
    }

    static func json(_ results: [CaseResult]) -> String {
        let rows = results.flatMap { r in
            r.measurements.enumerated().map { i, m in
                JSONRow(scene: r.scene, case: r.label, subject: m.subject, unit: r.unit.label,
                        peer: m.isPeer, median: m.median, min: m.min, max: m.max, values: m.values,
                        oursOverPeer: r.ratio(m), gigabytesPerSecond: m.gigabytesPerSecond,
                        megapixelsPerSecond: m.megapixelsPerSecond,
                        target: i == 0 ? r.target?.limit : nil, targetMet: i == 0 ? r.targetMet : nil,
                        failure: m.failure, psnr: m.psnr, iterationNanoseconds: m.iterationNanoseconds,
                        bytesPerIteration: m.bytesPerIteration, pixelsPerIteration: m.pixelsPerIteration,
                        targetText: i == 0 ? r.target?.text : nil, targetVersus: i == 0 ? r.target?.versus : nil)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf",
                                                                     negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(rows) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The cases of JSON files (ours first, then appended peer rows), grouped by scene and case
    /// in the order they first appear; peer rows of a case another file measured join that case.
    static func cases(fromJSON files: [String]) throws -> [CaseResult] {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf",
                                                                       negativeInfinity: "-inf", nan: "nan")
        var out: [CaseResult] = []
        for file in files {
            guard FileManager.default.fileExists(atPath: file) else { throw ReadError(file: file, reason: "no such file", isMissing: true) }
            let rows: [JSONRow]
            do { rows = try decoder.decode([JSONRow].self, from: Data(contentsOf: URL(fileURLWithPath: file))) }
            catch { throw ReadError(file: file, reason: ReadError.reason(error), isMissing: false) }
            for row in rows {
                let m = Measurement(subject: row.subject, isPeer: row.peer, values: row.values,
                                    iterationNanoseconds: row.iterationNanoseconds ?? row.median,
                                    bytesPerIteration: row.bytesPerIteration ?? 0,
                                    pixelsPerIteration: row.pixelsPerIteration ?? 0,
                                    failure: row.failure, psnr: row.psnr)
                if let k = out.firstIndex(where: { $0.scene == row.scene && $0.label == row.case }) {
                    out[k].measurements.append(m)
                } else {
                    let target = row.target.map { BenchTarget(limit: $0, text: row.targetText ?? "", versus: row.targetVersus) }
                    out.append(CaseResult(scene: row.scene, label: row.case, unit: unit(row.unit), target: target,
                                          measurements: [m]))
                }
            }
        }
        return out
    }

    /// A saved run that `cabench table` cannot use, said in one line (not Foundation's error dump).
    struct ReadError: Error, CustomStringConvertible {
        let file: String
        let reason: String
        /// The file does not exist (exit 66), rather than holding something else (65).
        let isMissing: Bool
        var description: String { "cannot read \(file): \(reason)" }

        static func reason(_ error: any Error) -> String {
            let what = "not a saved `cabench --json` run"
            switch error {
            case DecodingError.dataCorrupted(let c): return "\(what) (\(c.debugDescription))"
            case DecodingError.keyNotFound(let key, _): return "\(what) (a row without '\(key.stringValue)')"
            case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
                return "\(what) ('\(c.codingPath.map(\.stringValue).joined(separator: "."))': \(c.debugDescription))"
            default:
                let ns = error as NSError
                return ns.domain == NSCocoaErrorDomain ? "it cannot be opened (a folder, or no permission)" : "\(error)"
            }
        }
    }

    private static func unit(_ label: String) -> BenchUnit {
        if label.hasPrefix("ns/") { return .nanosecondsPer(String(label.dropFirst(3))) }
        if label.hasPrefix("ms/") { return .millisecondsPer(String(label.dropFirst(3))) }
        return .count(label)
    }
}
