// carender: renders Core Animation scenes (CAML `.ca` bundles, `.wallpaper` folders, `.caml`
// files) to PNG frames, and to video or GIF when built with FFmpeg. See `carender --help`.
import Foundation
import CoreGraphics
import QuartzCore
import CAML

ensureStandardDescriptors()   // before anything opens a file (Safety/StandardDescriptors.swift)
stopWithBatchParent()         // Batch+Child.swift: a batch child dies with its batch

func fail(_ message: String, _ code: ExitCode) -> Never {
    // A live progress line is ended first, so the message (Ctrl-C's too) has its own line.
    if RenderProgress.lineOpen { FileHandle.standardError.write(Data("\n".utf8)) }
    FileHandle.standardError.write("carender: \(message)\n".data(using: .utf8)!)
    exit(code.rawValue)
}

/// Set by SIGINT, SIGTERM or SIGHUP once an output is being written; the program stops at the
/// next check (between frames, before writing, and last just before the output is put in place:
/// `StagingFolder.checkNotInterrupted`), removes partial output and exits 130. Hidden test hook:
/// `CARENDER_FAULT=signal-before-publish` sends SIGTERM to itself at that last check.
nonisolated(unsafe) var interrupted: sig_atomic_t = 0
/// 0 while nothing partial exists (loading a scene, `info`, `probe`): a signal then ends the
/// process at once with exit 130, however long the load. Set by `outputWillOpen()`.
nonisolated(unsafe) var outputOpen: sig_atomic_t = 0
// A parent may have started us with these blocked (a blocked mask is inherited): handle them anyway.
var handledSignals = sigset_t()
sigemptyset(&handledSignals)
for sig in [SIGINT, SIGTERM, SIGHUP] {
    sigaddset(&handledSignals, sig)
    signal(sig) { _ in
        guard outputOpen != 0 else {
            let message: StaticString = "carender: interrupted; no output written\n"
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(ExitCode.interrupted.rawValue)
        }
        interrupted = 1
    }
}
sigprocmask(SIG_UNBLOCK, &handledSignals, nil)
// Hidden test hook: `CARENDER_FAULT=slow-exit-ignoring-term` ignores SIGTERM and waits 2 s before
// exiting, so a `batch --timeout` shorter than that fires while the output is already complete.
if ProcessInfo.processInfo.environment["CARENDER_FAULT"] == "slow-exit-ignoring-term" {
    signal(SIGTERM, SIG_IGN)
    atexit { sleep(2) }
}
// Hidden test hook: `CARENDER_FAULT=hang-ignoring-term` (render only) ignores SIGTERM and hangs
// for 60 s first, as a child inside a very long frame does, so `batch --timeout` must kill it.
if ProcessInfo.processInfo.environment["CARENDER_FAULT"] == "hang-ignoring-term", CommandLine.arguments.dropFirst().first == "render" {
    signal(SIGTERM, SIG_IGN)
    sleep(60)
}

/// From here on a signal is handled between steps, so partial output can be removed.
func outputWillOpen() { outputOpen = 1 }

func checkInterrupted(_ writer: (any FrameSink)?) {
    guard interrupted != 0 else { return }
    writer?.abandon()
    fail("interrupted; no output written", .interrupted)
}

/// Loads the scene at `path`; its images may be read from its own folder and from `allowed`
/// (`--allow-outside-assets DIR`).
func loadScene(_ path: String, allowedAssetFolders allowed: [String] = []) -> CAMLScene {
    guard FileManager.default.fileExists(atPath: path) else { fail("no such scene: \(printable(path))", .noInput) }
    let options = CAMLReadOptions(allowedAssetFolders: allowed.map { URL(fileURLWithPath: $0) })
    do { return try CAMLScene.load(contentsOf: URL(fileURLWithPath: path), options: options) } catch {
        // CAMLError's description starts with the file (and line) it concerns.
        fail(printable("\(error)"), .badInput)
    }
}

/// Why `renderer` gave no frame at `t`: over the work budget, or out of memory. `name` says
/// which frame in the message (default "the frame at t = T"; Lottie renders name their frame).
func frameFailure(_ renderer: CAOffscreenRenderer, at t: Double, called name: String? = nil) -> String {
    let frame = name ?? "the frame at t = \(t)"
    if let limit = renderer.maximumFrameWork, renderer.lastFrameWork > limit {
        return "\(frame) would touch about \(renderer.lastFrameWork / 1_000_000) million pixels, "
            + "over the work budget of \(limit / 1_000_000) million (--work-budget N raises it; see docs/SECURITY.md)"
    }
    return "could not render \(frame)"
}

func render(_ o: RenderOptions) -> Never {
    if PDFOutput.matches(o.output) { renderPDF(o) }   // PDFOutput.swift
    let times: [Double], firstFrame: Int
    let writer: any FrameSink
    do throws(UsageError) {
        (firstFrame, times) = try FrameRange.select(o.frames, from: o.frameTimes(), isSequence: o.duration != nil)
        guard times.count <= RenderOptions.maxFrames else {
            throw UsageError(message: "\(times.count) frames to render; at most \(RenderOptions.maxFrames) a run "
                             + "(--frames A:B renders part of a longer sequence)")
        }
        writer = try makeFrameSink(o, frameCount: times.count, firstFrame: firstFrame)
    } catch { usageFailure(error.message, help: "render") }
    let setup = SceneSetup(o)
    let renderer = setup.renderer, size = setup.size, scale = setup.scale
    outputWillOpen()
    let pixels = (width: Int((size.width * scale).rounded(.up)), height: Int((size.height * scale).rounded(.up)))
    noteOutputSize(asked: o.size, framing: o.framing, pixels: pixels, scale: scale)   // OutputFraming.swift
    do { try writer.begin(width: pixels.width, height: pixels.height) } catch {
        writer.abandon(); fail("cannot create output \(printable(o.output)): \(oneLine(error))", .cantCreate)
    }
    let progress = RenderProgress(total: times.count, options: o.report)   // Progress.swift
    for (i, t) in times.enumerated() {
        checkInterrupted(writer)
        guard let image = renderer.image(at: t) else {
            writer.abandon(); fail(frameFailure(renderer, at: t), .renderFailed)
        }
        checkInterrupted(writer)
        // A sequence's files keep their numbers in the whole render (--frames, FrameRange.swift).
        do { try writer.write(image, index: writer is FrameWriter ? firstFrame + i : i) } catch {
            writer.abandon(); fail("cannot write \(printable(o.output)): \(oneLine(error))", .cantCreate)
        }
        progress.update(i + 1)
    }
    do { try writer.finish() } catch { writer.abandon(); fail("cannot write \(printable(o.output)): \(oneLine(error))", .cantCreate) }
    let written = writer.writtenSize ?? pixels
    print("wrote \(printable(times.count == 1 ? o.output : "\(times.count) frames to \(o.output)")) "
          + "(\(written.width)×\(written.height) px)" + progress.summary)
    exit(0)
}

/// The input of `render ARGS`: the first argument that is neither an option nor an option's value
/// (RenderOption.swift says which options take one; an unknown one is taken to, as before).
func renderInput(_ args: ArraySlice<String>) -> String? {
    var i = args.startIndex
    while i < args.endIndex {
        let a = args[i]
        if let option = RenderOption.named(a) { i += option.takesValue ? 2 : 1; continue }
        if a.hasPrefix("--") { i += 2; continue }
        return a
    }
    return nil
}

/// The value of `-o`/`--output` in `args`, if any.
func renderOutput(_ args: ArraySlice<String>) -> String? {
    args.indices.last { ["-o", "--output"].contains(args[$0]) && $0 + 1 < args.endIndex }.map { args[$0 + 1] }
}

var args = Array(CommandLine.arguments.dropFirst())
// --verbose, for any command: FFmpeg's own log lines (Messages.swift).
if let v = args.firstIndex(of: "--verbose") { verboseOutput = true; args.remove(at: v) }
// --quiet, for render and batch: read here for the informational lines; the parsers take it too.
quietOutput = args.contains("--quiet")
// Only the input chooses Lottie or scene; an output named .json is never written (it used to
// send a scene render down the Lottie path).
if args.first == "render", let out = renderOutput(args.dropFirst()),
   URL(fileURLWithPath: out).pathExtension.lowercased() == "json" {
    usageFailure("carender does not write .json files: \(printable(out))", help: "render")
}
// `carender COMMAND --help` (or -h) anywhere in the command's arguments: that command's usage.
if let command = args.first, Help.command(command) != nil, args.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
    Help.run([command])
}
switch args.first {
case "render" where renderInput(args.dropFirst()).map(LottieCommand.isLottie) ?? false:
    LottieCommand.render(Array(args.dropFirst()))    // Lottie/LottieRender.swift
case "render":
    do throws(UsageError) {
        let o = try Arguments.parseRender(Array(args.dropFirst()))
        RenderDiagnostics.collect { render(o) }      // Messages.swift: per-frame warnings once
    } catch { usageFailure(error.message, help: "render") }
case "play":
    RenderDiagnostics.collect { PlayCommand.run(Array(args.dropFirst())) }   // Play/PlayCommand.swift
case "batch":
    Batch.run(Array(args.dropFirst()))               // Batch.swift
case "convert":
    Convert.run(Array(args.dropFirst()))
case "info" where renderInput(args.dropFirst()).map(LottieCommand.isLottie) ?? false:
    LottieCommand.info(Array(args.dropFirst()))
case "lottie-compare":
    LottieCompare.run(Array(args.dropFirst()))       // Lottie/LottieCompare.swift
case "info":
    infoCommand(Array(args.dropFirst()))
case "probe":
    probeCommand(Array(args.dropFirst()))
case "help":
    Help.run(args.dropFirst())                       // Help.swift
case "-h", "--help":
    Help.run([])
case "-V", "--version":
    print("carender \(packageVersion)")                 // Version.swift
    finishStandardOutput()
    exit(0)
case nil:
    // `carender` alone: every command in one line (exit 64: no command was given).
    FileHandle.standardError.write(Data(Help.overview.utf8))
    exit(ExitCode.usage.rawValue)
default:
    let command = args.first!
    usageFailure("unknown command '\(printable(command))'"
                 + (Help.nearestCommand(command).map { "; did you mean '\($0)'?" } ?? ""), help: nil)
}
