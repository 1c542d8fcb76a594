// issue 16's benchmark: the 20 largest Lottie animations of ../shared/lottie/samples (JSON, by
// file size), each played as a 60-frame sequence (positions 0, 1/60 … 59/60 of the animation)
// into a view of the animation's size clamped to 500 points a side at 1 pixel per point, and
// each imported (parse + layer tree). The peer is librlottie (C, opened at run time) drawing the
// same frame numbers at the same pixel size, aspect kept and centred as our view does it.
import CPeer
import Foundation
import Lottie
import QuartzCore

struct LottieScene: BenchScene {
    let name = "lottie"
    let summary = "the 20 largest Lottie samples: ms per frame of a 60-frame sequence (≤ 500 px a side) and ms per import (parse + layers), against librlottie"

    /// $CABENCH_LOTTIE, else ../shared/lottie/samples beside the checkout.
    static var folder: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["CABENCH_LOTTIE"] ?? "../shared/lottie/samples")
    }
    static let fileCount = 20, sequenceLength = 60, maximumSide: CGFloat = 500

    /// The `count` largest `.json` files under the folder, largest first.
    static func largest(_ count: Int) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey]) else { return [] }
        var files: [(URL, Int)] = []
        for case let url as URL in walker where url.pathExtension.lowercased() == "json" {
            files.append((url, (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0))
        }
        return files.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.path < $1.0.path }.prefix(count).map(\.0)
    }

    func cases() -> [BenchCase] {
        let files = Self.largest(Self.fileCount)
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("lottie: no samples at \(Self.folder.path) (set CABENCH_LOTTIE); skipped\n".utf8))
            return []
        }
        let peer = cpeer_rlottie_available() != 0
        if !peer {
            FileHandle.standardError.write(Data("lottie: librlottie not found (scripts/install-deps.sh); ours only\n".utf8))
        }
        var renders: [BenchCase] = [], imports: [BenchCase] = []
        for url in files {
            guard let sample = LottieSample(url) else {
                FileHandle.standardError.write(Data("lottie: \(url.lastPathComponent) does not load; skipped\n".utf8))
                continue
            }
            let rlottie = peer ? RLottieFile(sample) : nil
            let px = "\(sample.pixelWidth)×\(sample.pixelHeight) px"
            renders.append(BenchCase(label: "\(sample.name), \(px), 60-frame sequence", unit: .millisecondsPer("frame"),
                                     subjects: [sample.ours(offsets: rlottie?.offsets)] + (rlottie.map { [$0.frames(sample)] } ?? []),
                                     frames: Self.sequenceLength, warmup: 2))
            imports.append(BenchCase(label: "\(sample.name) (\(sample.data.count / 1024) KB) import", unit: .millisecondsPer("import"),
                                     subjects: [sample.oursImport()] + (rlottie.map { [$0.imports()] } ?? []),
                                     frames: 5, warmup: 1))
        }
        return renders + imports
    }
}

/// One sample: its bytes, its frame list and view size, and our two subjects.
struct LottieSample {
    let url: URL, name: String, data: Data
    let viewSize: CGSize
    let pixelWidth: Int, pixelHeight: Int
    let inPoint: Double, outPoint: Double

    init?(_ url: URL) {
        guard let data = try? Data(contentsOf: url),
              let a = try? LottieAnimation(data: data, baseURL: url.deletingLastPathComponent()) else { return nil }
        self.url = url
        name = url.path.replacingOccurrences(of: LottieScene.folder.path + "/", with: "")
        self.data = data
        let probe = LottieLayer(animation: a)
        viewSize = probe.viewSize(maximumSide: LottieScene.maximumSide)
        // The renderer covers the whole view, so a fractional side (1920 × 1080 → 500 × 281.25)
        // is rounded up to whole pixels (FrameGeometry), and the peer draws that many too.
        pixelWidth = Int(viewSize.width.rounded(.up)); pixelHeight = Int(viewSize.height.rounded(.up))
        inPoint = a.inPoint; outPoint = a.outPoint
    }

    /// Frame `n` of the sequence, in whole frames from the in point (librlottie's numbering,
    /// replaced by its own when it is there: `RLottieFile.offsets`).
    func offset(_ n: Int) -> Double {
        (Double(n) / Double(LottieScene.sequenceLength) * (outPoint - inPoint)).rounded()
    }

    func load() -> LottieLayer {
        LottieLayer(animation: try! LottieAnimation(data: data, baseURL: url.deletingLastPathComponent()))
    }

    /// Set the frame, commit, draw: what a player does per frame (one render thread, as the peer).
    func ours(offsets: [Double]? = nil) -> Subject {
        Subject(name: "LottieLayer + CAOffscreenRenderer", isPeer: false) {
            let lottie = load()
            let r = lottie.renderer(viewSize: viewSize, scale: 1)!
            r.renderThreadCount = 1
            BenchBackend.install(on: r)
            let offsets = offsets ?? (0..<LottieScene.sequenceLength).map(offset)
            var n = 0, width = 0, inked = false
            var last: PixelBuffer?
            return Iteration(
                body: {
                    lottie.frame = inPoint + offsets[n % offsets.count]
                    n += 1
                    last = nil
                    last = r.frame(at: Double(n) / 60)
                },
                finish: {
                    width = last?.width ?? 0
                    if !inked, let last { inked = last.words.contains { $0 >> 24 != 0 } }
                },
                check: { width != pixelWidth ? "frame width \(width), not \(pixelWidth)" : inked ? nil : "every frame empty" })
        }
    }

    /// `LottieAnimation(data:)` plus `LottieLayer(animation:)`: the bytes to a layer tree.
    func oursImport() -> Subject {
        Subject(name: "LottieAnimation + LottieLayer", isPeer: false) {
            var kept: LottieLayer?
            return Iteration(
                prepare: { kept = nil },
                body: { kept = load() },
                finish: { CATransaction.flush() },
                check: { kept?.layer.sublayers?.isEmpty == false ? nil : "no layers built" })
        }
    }
}

/// The sample as librlottie reads it: a NUL-terminated copy of the JSON and its folder.
final class RLottieFile {
    let json: [CChar], folder: String
    /// The sequence's frame numbers as librlottie picks them for positions n/60.
    let offsets: [Double]

    init?(_ sample: LottieSample) {
        json = Array(sample.data.map { CChar(bitPattern: $0) }) + [0]
        folder = sample.url.deletingLastPathComponent().path + "/"
        guard let a = cpeer_rlottie_load(json, "", folder) else { return nil }
        offsets = (0..<LottieScene.sequenceLength).map {
            Double(cpeer_rlottie_frame_at(a, Double($0) / Double(LottieScene.sequenceLength)))
        }
        cpeer_rlottie_destroy(a)
        // The sequence once in a child process first: librlottie loops forever on some files.
        let frames = offsets.map { Int($0) }
        let probe = cpeer_rlottie_probe(json, folder, frames, Int32(frames.count), Int32(sample.pixelWidth),
                                        Int32(sample.pixelHeight), 20)
        guard probe == 0 else {
            FileHandle.standardError.write(Data("lottie: librlottie \(probe == 1 ? "did not finish the sequence in 20 s of CPU" : "failed") on \(sample.name); no peer for it\n".utf8))
            return nil
        }
    }

    func frames(_ sample: LottieSample) -> Subject {
        Subject(name: "librlottie (C)", isPeer: true) { [json, folder, offsets] in
            let a = cpeer_rlottie_load(json, "", folder)!
            let w = sample.pixelWidth, h = sample.pixelHeight
            let pixels = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
            pixels.initialize(repeating: 0, count: w * h)
            var n = 0, inked = false
            return Iteration(
                body: {
                    cpeer_rlottie_render(a, Int(offsets[n % offsets.count]), pixels, Int32(w), Int32(h), Int32(w * 4))
                    n += 1
                },
                finish: { if !inked { inked = UnsafeBufferPointer(start: pixels, count: w * h).contains { $0 >> 24 != 0 } } },
                check: { inked ? nil : "every frame empty" })
        }
    }

    func imports() -> Subject {
        Subject(name: "librlottie (C)", isPeer: true) { [json, folder] in
            var a: OpaquePointer?
            return Iteration(
                body: { a = cpeer_rlottie_load(json, "", folder) },
                finish: { if let a { cpeer_rlottie_destroy(a) } },
                check: { a != nil ? nil : "librlottie refused the file" })
        }
    }
}
