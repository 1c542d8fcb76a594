import Foundation
import CoreGraphics
import QuartzCore
import Lottie

/// `carender render ANIMATION.json|.lottie …` and `carender info ANIMATION…` for Lottie files.
enum LottieCommand {
    static func isLottie(_ path: String) -> Bool {
        ["json", "lottie", "lot"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    static let usage = """
      carender render ANIMATION.json|.lottie [--progress P | --frame F | --time T | --marker NAME |
                      --duration D] [--fps N] [--loops N] [--frames A:B] [--size WxH] [--scale S]
                      [--fonts DIR] [--backend gpu|cpu|auto] [--allow-outside-assets DIR]...
                      [--work-budget N] [--memory-budget MIB] [--pixel-size WxH | --width W |
                      --height H] [--fit MODE] [--background COLOR] [--quiet] [--progress-interval S]
                      [--codec h264|hevc|vp9|prores] [--crf N] [--preset NAME]
                      -o out.png|out.pdf|frames/|out.mp4|out.gif
      carender info ANIMATION.json|.lottie [--allow-outside-assets DIR]...

    ANIMATION is a Lottie (Bodymovin) .json file or a .lottie archive. A folder, video or GIF
    output gets the whole animation, in point to out point, at the animation's own frame rate
    (--fps N resamples it; --loops N plays it N times); a .png, .jpg or .pdf output gets its
    first frame. --progress P is 0…1 of the animation; --frame F a frame number within its in…out
    points; --time T seconds from its start; --marker NAME the frames of a marker (info lists
    them); --duration D renders D seconds from the start (at most the animation's length).
    Outside the animation any of these is exit 64, never clamped. --frames A:B keeps frames A…B−1
    of the sequence, numbered as in the whole render (split an export across machines).
    The view is the animation's size (at most 500 points a side unless --size, each side
    1…8192) at --scale 2;
    --fonts registers the font files in DIR (a folder that exists, else exit 64) for text
    layers; --backend as for scenes. --work-budget N and --memory-budget M as for scenes (a frame
    estimated to touch more than N million pixels is refused, exit 70, default 2000; one taking
    more than M MiB, exit 64, default 1024). Image files are read only from the animation's
    folder and the folders given with --allow-outside-assets (for info too); any other is
    skipped with a warning.

    """

    /// `path`'s animation; its image files may be read from its own folder and from `allowed`
    /// (`--allow-outside-assets DIR`).
    static func load(_ path: String, allowedAssetFolders allowed: [String] = []) -> LottieLayer {
        guard FileManager.default.fileExists(atPath: path) else { fail("no such animation: \(printable(path))", .noInput) }
        do {
            let animation = try LottieAnimation(contentsOf: URL(fileURLWithPath: path),
                                                allowedAssetFolders: allowed.map { URL(fileURLWithPath: $0) })
            return LottieLayer(animation: animation)
        } catch { fail(printable("\(path): \(error)"), .badInput) }
    }

    /// `load`, then each warning on standard error as CAML's are: the file, then the cause
    /// (`carender: anim.json: warning: …`).
    static func loadReportingWarnings(_ path: String, allowedAssetFolders allowed: [String] = []) -> LottieLayer {
        let lottie = load(path, allowedAssetFolders: allowed)
        let file = URL(fileURLWithPath: path).lastPathComponent
        for w in lottie.warnings { note(printable("\(file): warning: \(w)")) }
        return lottie
    }

    static func render(_ args: [String]) -> Never {
        let o: LottieRenderOptions
        do throws(UsageError) { o = try LottieRenderOptions.parse(args) }   // LottieOptions.swift
        catch { usageFailure(error.message, help: "render") }
        guard let input = o.input, let output = o.output else { usageFailure("render needs an animation and -o OUT", help: "render") }
        let size = o.size
        let (backend, allowed) = (o.backend, o.allowedAssetFolders)
        for dir in o.fontFolders where LottieFontFiles.register(directory: URL(fileURLWithPath: dir)).isEmpty {
            note("warning: --fonts: no font files registered from \(printable(dir))")
        }
        let lottie = loadReportingWarnings(input, allowedAssetFolders: allowed)
        let selection: LottieFrames
        do throws(UsageError) { selection = try LottieFrames(o, lottie.animation) }   // LottieFrames.swift
        catch { fail(error.message, .usage) }
        let frames = selection.frames
        if o.fps == nil, selection.fps < lottie.animation.frameRate, selection.isSequence {
            note("the GIF plays at \(Int(selection.fps)) fps, the most a GIF can (the animation is \(lottie.animation.frameRate) fps)")
        }
        var options = RenderOptions()
        options.output = output; options.fps = selection.fps; options.encoding = o.encoding
        let viewSize = size ?? lottie.viewSize()
        if PDFOutput.matches(output) {
            renderPDF(lottie, frames: frames, viewSize: viewSize, o)
        }
        // One renderer for every frame: only the root's timeOffset changes between them.
        let renderer = makeRenderer(lottie, viewSize: viewSize, o)
        backend.install(on: renderer)   // Backend.swift: one line saying which and why
        let writer: any FrameSink
        do throws(UsageError) { writer = try makeFrameSink(options, frameCount: frames.count, firstFrame: selection.first) }
        catch { usageFailure(error.message, help: "render") }
        outputWillOpen()
        let (w, h) = renderer.outputPixels
        noteOutputSize(asked: o.size, framing: o.framing, pixels: (w, h), scale: renderer.scale)
        do { try writer.begin(width: w, height: h) } catch {
            writer.abandon(); fail("cannot create output \(printable(output)): \(oneLine(error))", .cantCreate)
        }
        let progress = RenderProgress(total: frames.count, options: o.report)   // Progress.swift
        for (n, f) in frames.enumerated() {
            checkInterrupted(writer)
            lottie.frame = f
            guard let image = renderer.image(at: Double(n)) else {
                writer.abandon(); fail(frameFailure(renderer, at: Double(n), called: "frame \(f)"), .renderFailed)
            }
            do { try writer.write(image, index: writer is FrameWriter ? selection.first + n : n) } catch {
                writer.abandon(); fail("cannot write \(printable(output)): \(oneLine(error))", .cantCreate)
            }
            progress.update(n + 1)
        }
        do { try writer.finish() } catch { writer.abandon(); fail("cannot write \(printable(output)): \(oneLine(error))", .cantCreate) }
        print("wrote \(printable(frames.count == 1 ? output : "\(frames.count) frames to \(output)")) (\(w)×\(h) px)" + progress.summary)
        exit(0)
    }

    /// The renderer for `lottie` at `o.scale`, refusing frames over `o.workBudget` million pixel
    /// touches and views over `o.memoryBudget` bytes, as scenes' renderers do (`SceneSetup`).
    static func makeRenderer(_ lottie: LottieLayer, viewSize content: CGSize, _ o: LottieRenderOptions) -> CAOffscreenRenderer {
        // Framed (OutputFraming.swift): the output's pixels at scale 1, the view placed in them.
        let (root, viewSize, scale) = o.framing.host(lottie.makeView(viewSize: content), size: content, scale: o.scale,
                                                     output: o.output ?? "", memoryBudget: o.memoryBudget)
        let (width, height) = FrameMemory.pixels(viewSize, scale: scale)
        guard width <= CAOffscreenRenderer.maximumPixelSide, height <= CAOffscreenRenderer.maximumPixelSide else {
            fail("a view of \(viewSize.width)×\(viewSize.height) points at scale \(scale) is over "
                 + "\(CAOffscreenRenderer.maximumPixelSide) pixels a side", .usage)
        }
        FrameMemory.check(viewSize, scale: scale, budget: o.memoryBudget)   // Safety/FrameMemory.swift
        guard let renderer = CAOffscreenRenderer(rootLayer: root, size: viewSize, scale: scale, flipped: true) else {
            fail("a view of \(viewSize.width)×\(viewSize.height) points at scale \(scale) is under one pixel", .usage)
        }
        renderer.maximumFrameWork = Int(o.workBudget * 1_000_000)
        return renderer
    }

    /// One frame as a vector PDF page of `viewSize` points (`scale` sets the resolution of the
    /// parts that are rasterized), through the same path as CAML scenes (`PDFOutput`).
    static func renderPDF(_ lottie: LottieLayer, frames: [Double], viewSize: CGSize, _ o: LottieRenderOptions) -> Never {
        let (output, input) = (o.output ?? "", o.input ?? "")
        guard frames.count == 1 else { usageFailure("a .pdf output takes one frame (--progress P or --frame F)", help: "render") }
        let renderer = makeRenderer(lottie, viewSize: viewSize, o)
        lottie.frame = frames[0]
        // As for scenes (PDFOutput.swift): the page's rasterized parts cost what a frame's passes do.
        if let limit = renderer.maximumFrameWork, renderer.estimatedWork(at: 0) > limit {
            fail("the page of frame \(frames[0]) would touch about \(renderer.estimatedWork(at: 0) / 1_000_000) million pixels, "
                 + "over the work budget of \(limit / 1_000_000) million (--work-budget N raises it; see docs/SECURITY.md)", .renderFailed)
        }
        let title = URL(fileURLWithPath: input).lastPathComponent
        PDFOutput.save(to: output, what: "frame \(frames[0])") { PDFOutput.document(renderer, at: 0, title: title) }
        print("wrote \(printable(output)) (\(Int(viewSize.width))×\(Int(viewSize.height)) pt, vector)")
        exit(0)
    }

    /// `carender info ANIMATION [--allow-outside-assets DIR]…`: what the file holds and what of
    /// it is not drawn (its images read as `render` reads them).
    static func info(_ args: [String]) -> Never {
        let (input, allowed) = infoArguments(args, what: "animation")
        let lottie = load(input, allowedAssetFolders: allowed)
        let a = lottie.animation
        print("Lottie \(a.version.isEmpty ? "" : "v\(a.version) ")\"\(printable(a.name))\"")
        print("size: \(Int(a.size.width))×\(Int(a.size.height)) points; frames \(a.inPoint)…\(a.outPoint) at \(a.frameRate) fps "
              + "(\(String(format: "%.2f", a.duration)) s)")
        if !a.markers.isEmpty {
            print("markers: " + a.markers.map { "\(printable($0.name)) (frames \($0.startFrame)…\($0.startFrame + $0.durationFrames))" }
                .joined(separator: ", "))
        }
        print("features:")
        for (k, v) in a.featureCounts.sorted(by: { $0.key < $1.key }) { print("  \(k): \(v)") }
        print("expressions: never evaluated (the values keyframed under them are drawn)")
        print("not supported or approximated:\(lottie.warnings.isEmpty ? " nothing" : "")")
        for w in lottie.warnings { print("  \(printable("\(w)"))") }
        finishStandardOutput()
        exit(0)
    }
}
