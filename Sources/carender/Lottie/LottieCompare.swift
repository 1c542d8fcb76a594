import Foundation
import CoreGraphics
import Lottie

/// `carender lottie-compare SAMPLES SNAPSHOTS [--only TEXT] [--report FILE] [--out DIR]`:
/// renders each Lottie sample at every progress (or frame) Apple's snapshots show, the way
/// they were made (shared/lottie/README.md: the paused tree, a 2× flipped context, the view
/// the animation's size clamped to 500 points), and reports per image the share of pixels
/// within CIE ΔE94 3 of Apple's — lottie-ios's criterion passes at 98.5 %.
enum LottieCompare {
    struct Result { let name: String; let share: Double; let note: String }
    static let threshold = 0.985

    static func run(_ args: [String]) -> Never {
        var positional: [String] = [], only: String?, report: String?, outDir: String?
        var shard = (0, 1)   // --shard I/N: every N-th sample from the I-th, to split a run
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--only": i += 1; only = i < args.count ? args[i] : nil
            case "--report": i += 1; report = i < args.count ? args[i] : nil
            case "--out": i += 1; outDir = i < args.count ? args[i] : nil
            case "--shard":
                i += 1
                let p = (i < args.count ? args[i] : "").split(separator: "/").compactMap { Int($0) }
                if p.count == 2, p[1] > 0 { shard = (p[0], p[1]) }
            default: positional.append(args[i])
            }
            i += 1
        }
        guard positional.count == 2 else { fail("lottie-compare SAMPLES SNAPSHOTS [--only TEXT] [--report FILE] [--out DIR]", .usage) }
        let samples = URL(fileURLWithPath: positional[0]), snapshots = URL(fileURLWithPath: positional[1])
        // The fonts lottie-ios's test app bundles for the text samples.
        LottieFontFiles.register(directory: samples.appendingPathComponent("Fonts"))
        let snapshotNames = ((try? FileManager.default.contentsOfDirectory(atPath: snapshots.path)) ?? []).filter { $0.hasSuffix(".png") }
        var results: [Result] = []
        for (n, (key, file)) in sampleFiles(samples).enumerated() where only.map({ key.contains($0) }) ?? true {
            guard n % shard.1 == shard.0 else { continue }
            let shots = snapshotNames.filter { name in
                guard name.hasPrefix(key + "-") else { return false }
                let rest = name.dropFirst(key.count + 1).dropLast(4)
                return Double(rest) != nil || (rest.hasPrefix("Frame-") && Double(rest.dropFirst(6)) != nil)
            }.sorted()
            guard !shots.isEmpty else { continue }
            let lottie: LottieLayer
            do { lottie = LottieLayer(animation: try LottieAnimation(contentsOf: file)) } catch {
                for s in shots { results.append(Result(name: String(s.dropLast(4)), share: 0, note: "not read: \(error)")) }
                continue
            }
            let note = lottie.warnings.prefix(3).map(\.message).joined(separator: "; ")
            for shot in shots {
                let rest = shot.dropFirst(key.count + 1).dropLast(4)
                if rest.hasPrefix("Frame-") { lottie.frame = Double(rest.dropFirst(6)) ?? 0 }
                else { lottie.progress = (Double(rest) ?? 0) / 100 }
                guard let apple = try? CGImage.decode(contentsOf: snapshots.appendingPathComponent(shot)) else { continue }
                // Apple's own view (unrounded points) where its pixels are the snapshot's.
                let own = lottie.viewSize()
                let view = Int((own.width * 2).rounded(.up)) == apple.width && Int((own.height * 2).rounded(.up)) == apple.height
                    ? own : CGSize(width: Double(apple.width) / 2, height: Double(apple.height) / 2)
                let ours = lottie.image(viewSize: view, scale: 2)
                let share = ours.map { matchingShare($0, apple) } ?? 0
                if let outDir, let ours, let png = try? ours.pngData() {
                    try? png.write(to: URL(fileURLWithPath: outDir).appendingPathComponent(shot))
                }
                let r = Result(name: String(shot.dropLast(4)), share: share, note: note)
                print(String(format: "%-60@ %6.2f %%  %@", r.name, share * 100, share >= threshold ? "pass" : "FAIL"))
                fflush(nil)
                results.append(r)
            }
        }
        let passed = results.filter { $0.share >= threshold }.count
        print("\(passed) of \(results.count) snapshots pass (\(String(format: "%.1f", 100 * Double(passed) / Double(max(results.count, 1)))) %)")
        if let report { writeReport(results, to: report) }
        exit(0)
    }

    /// (snapshot key, file): the sample's path under `root` without extension, `/` → `-`.
    static func sampleFiles(_ root: URL) -> [(String, URL)] {
        guard let e = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var out: [(String, URL)] = []
        for case let url as URL in e where LottieCommand.isLottie(url.path) {
            let rel = url.path.dropFirst(root.path.count).drop { $0 == "/" }
            let key = (String(rel) as NSString).deletingPathExtension.replacingOccurrences(of: "/", with: "-")
            out.append((key, url))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    static func writeReport(_ results: [Result], to path: String) {
        let passed = results.filter { $0.share >= threshold }.count
        var md = "| snapshot | share within ΔE94 3 | result | warnings of the import |\n|---|---|---|---|\n"
        for r in results {
            md += "| \(r.name) | \(String(format: "%.2f", r.share * 100)) % | \(r.share >= threshold ? "pass" : "**fail**") | \(r.note.replacingOccurrences(of: "|", with: "/")) |\n"
        }
        md += "\n\(passed) of \(results.count) pass (\(String(format: "%.1f", 100 * Double(passed) / Double(max(results.count, 1)))) %).\n"
        try? md.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The share of pixels whose colours differ by at most ΔE94 3, each pixel seen over white
    /// and over black (so transparency counts); images of different sizes compare the overlap
    /// and count the rest as different.
    static func matchingShare(_ a: CGImage, _ b: CGImage) -> Double {
        let w = max(a.width, b.width), h = max(a.height, b.height)
        guard let pa = rgba(a, w, h), let pb = rgba(b, w, h) else { return 0 }
        var good = 0
        for p in stride(from: 0, to: w * h * 4, by: 4) {
            if pa[p] == pb[p] && pa[p + 1] == pb[p + 1] && pa[p + 2] == pb[p + 2] && pa[p + 3] == pb[p + 3] { good += 1; continue }
            var ok = true
            for background in [255.0, 0.0] {
                let la = lab(pa, p, background), lb = lab(pb, p, background)
                if deltaE94(la, lb) > 3 { ok = false; break }
            }
            if ok { good += 1 }
        }
        return Double(good) / Double(w * h)
    }

    /// Premultiplied RGBA bytes of `image` drawn at the top-left of a w×h canvas.
    static func rgba(_ image: CGImage, _ w: Int, _ h: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        let ok = bytes.withUnsafeMutableBytes { buf -> Bool in
            guard let ctx = CGContext(data: buf.baseAddress, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                                      space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return false }
            ctx.draw(image, in: CGRect(x: 0, y: h - image.height, width: image.width, height: image.height))
            return true
        }
        return ok ? bytes : nil
    }

    static func lab(_ px: [UInt8], _ i: Int, _ background: Double) -> (Double, Double, Double) {
        let alpha = Double(px[i + 3]) / 255
        func lin(_ c: UInt8) -> Double {
            let v = (Double(c) + background * (1 - alpha)) / 255   // premultiplied over the background
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let r = lin(px[i]), g = lin(px[i + 1]), b = lin(px[i + 2])
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// CIE 1994 colour difference (graphic arts: kL = 1, K1 = 0.045, K2 = 0.015).
    static func deltaE94(_ p: (Double, Double, Double), _ q: (Double, Double, Double)) -> Double {
        let dL = p.0 - q.0
        let c1 = (p.1 * p.1 + p.2 * p.2).squareRoot(), c2 = (q.1 * q.1 + q.2 * q.2).squareRoot()
        let dC = c1 - c2
        let da = p.1 - q.1, db = p.2 - q.2
        let dH2 = max(da * da + db * db - dC * dC, 0)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }
}
