import Foundation
import QuartzCore

/// The document the `scroll` scene shows: rows 40 points high, alternately shaded, each with
/// eight filled cards and eight outlined dots, drawn for whatever part a context's clip covers
/// (a tile on a background thread, or the viewport). Thread-safe: it keeps only a counter.
final class ScrollContent: CALayerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var draws: Int { lock.withLock { count } }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        lock.withLock { count += 1 }
        let clip = ctx.boundingBoxOfClipPath
        guard clip.height > 0, clip.height.isFinite else { return }
        let first = Int((clip.minY / 40).rounded(.down)), last = Int((clip.maxY / 40).rounded(.up))
        ctx.setLineWidth(2)
        for row in first...last {
            let y = CGFloat(row) * 40
            ctx.setFillColor(row % 2 == 0 ? CGColor(srgbRed: 0.95, green: 0.95, blue: 0.97, alpha: 1)
                                          : CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: clip.minX, y: y, width: clip.width, height: 40))
            for i in 0..<8 {
                let x = CGFloat(i) * 160
                guard x + 160 > clip.minX, x < clip.maxX else { continue }
                let hue = CGFloat((row * 8 + i) % 17) / 17
                ctx.setFillColor(CGColor(srgbRed: hue, green: 0.5, blue: 1 - hue, alpha: 1))
                ctx.fill(CGRect(x: x + 8, y: y + 6, width: 100, height: 28))
                ctx.setStrokeColor(CGColor(srgbRed: 0.2, green: 0.2, blue: 0.2, alpha: 1))
                ctx.strokeEllipse(in: CGRect(x: x + 120, y: y + 8, width: 24, height: 24))
            }
        }
    }

    /// A white root the size of the viewport.
    static func root() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(origin: .zero, size: ScrollScene.viewport)
        root.anchorPoint = .zero
        root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        return root
    }

    static func withoutActions(_ body: () -> Void) {
        CATransaction.begin(); CATransaction.setDisableActions(true); body(); CATransaction.commit()
    }
}

/// Scrolls diagonally across a 100,000 × 100,000-point tiled layer once (100 points a frame)
/// and reports the peak resident set size of the process (VmRSS sampled every 10 frames).
enum ScrollMemory {
    static func measure(frames: Int) -> Measurement {
        let before = residentMiB("VmRSS")
        let root = ScrollContent.root()
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(origin: .zero, size: ScrollScene.viewport)
        scroller.masksToBounds = true
        let doc = UnfadedTiles()
        doc.frame = CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
        let painter = ScrollContent()
        doc.delegate = painter
        scroller.addSublayer(doc)
        root.addSublayer(scroller)
        let r = CAOffscreenRenderer(rootLayer: root, size: ScrollScene.viewport)!
        BenchBackend.install(on: r)
        var peak = before
        let step = 100_000.0 / Double(frames)
        for n in 0..<frames {
            ScrollContent.withoutActions { scroller.scroll(to: CGPoint(x: Double(n) * step, y: Double(n) * step)) }
            blackHole(r.frame(at: Double(n) / 60)?.width ?? 0)
            if n % 10 == 0 { peak = max(peak, residentMiB("VmRSS")) }
        }
        peak = max(peak, residentMiB("VmRSS"))
        let stats = doc.tileStatistics
        let cacheMiB = Double(stats.bytes) / 1_048_576
        // On standard error, as the other progress lines: stdout is the table or, with --json, one
        // JSON document (this line on stdout made `scripts/bench.sh`'s `cabench table` fail).
        FileHandle.standardError.write(Data(("  scroll memory: RSS \(Int(before)) MiB before, \(Int(peak)) MiB peak (growth \(Int(peak - before)) MiB); "
              + "\(painter.draws) tiles drawn, \(stats.tiles) cached (\(String(format: "%.1f", cacheMiB)) MiB, budget 64 MiB)\n").utf8))
        return Measurement(subject: "CATiledLayer, 100,000² points, peak RSS (MiB)", isPeer: false, values: [peak],
                           iterationNanoseconds: 0, bytesPerIteration: 0)
    }

    /// A `/proc/self/status` field in MiB (0 where unreadable).
    static func residentMiB(_ field: String) -> Double {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }
}
