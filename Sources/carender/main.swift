// carender: renders Core Animation scenes (CAML `.ca` bundles, `.wallpaper` folders, `.caml`
// files) to PNG frames, and to video or GIF when built with FFmpeg. See `carender --help`.
import Foundation
import CoreGraphics
import QuartzCore
import CAML

func fail(_ message: String, _ code: ExitCode) -> Never {
    FileHandle.standardError.write("carender: \(message)\n".data(using: .utf8)!)
    exit(code.rawValue)
}

/// Set by SIGINT, SIGTERM or SIGHUP; the program stops at the next check (after loading, between
/// frames, before writing), removes partial output and exits 130.
nonisolated(unsafe) var interrupted: sig_atomic_t = 0
for sig in [SIGINT, SIGTERM, SIGHUP] { signal(sig) { _ in interrupted = 1 } }

func checkInterrupted(_ writer: (any FrameSink)?) {
    guard interrupted != 0 else { return }
    writer?.abandon()
    fail("interrupted; no output written", .interrupted)
}

func loadScene(_ path: String) -> CAMLScene {
    guard FileManager.default.fileExists(atPath: path) else { fail("no such scene: \(path)", .noInput) }
    do { return try CAMLScene.load(contentsOf: URL(fileURLWithPath: path)) } catch {
        // CAMLError's description starts with the file (and line) it concerns.
        fail("\(error)", .badInput)
    }
}

func render(_ o: RenderOptions) -> Never {
    if PDFOutput.matches(o.output) { renderPDF(o) }   // PDFOutput.swift
    let times: [Double], firstFrame: Int
    let writer: any FrameSink
    do throws(UsageError) {
        (firstFrame, times) = try FrameRange.select(o.frames, from: o.frameTimes(), isSequence: o.duration != nil)
        writer = try makeFrameSink(o, frameCount: times.count)
    } catch { fail(error.message + "\n" + Arguments.usage, .usage) }
    let setup = SceneSetup(o)
    let renderer = setup.renderer, size = setup.size, scale = setup.scale
    do { try writer.begin() } catch { fail("cannot create output \(o.output): \(oneLine(error))", .cantCreate) }
    let progress = ProgressBar(total: times.count)
    for (i, t) in times.enumerated() {
        checkInterrupted(writer)
        guard let image = renderer.image(at: t) else {
            writer.abandon(); fail("could not render the frame at t = \(t)", .renderFailed)
        }
        checkInterrupted(writer)
        // A sequence's files keep their numbers in the whole render (--frames, FrameRange.swift).
        do { try writer.write(image, index: writer is FrameWriter ? firstFrame + i : i) } catch {
            writer.abandon(); fail("cannot write \(o.output): \(oneLine(error))", .cantCreate)
        }
        progress.update(i + 1)
    }
    do { try writer.finish() } catch { writer.abandon(); fail("cannot write \(o.output): \(oneLine(error))", .cantCreate) }
    print("wrote \(times.count == 1 ? o.output : "\(times.count) frames to \(o.output)") "
          + "(\(Int(size.width * scale))×\(Int(size.height * scale)) px)")
    exit(0)
}

var args = Array(CommandLine.arguments.dropFirst())
// --verbose, for any command: FFmpeg's own log lines (Messages.swift).
if let v = args.firstIndex(of: "--verbose") { verboseOutput = true; args.remove(at: v) }
switch args.first {
case "render":
    do throws(UsageError) {
        let o = try Arguments.parseRender(Array(args.dropFirst()))
        RenderDiagnostics.collect { render(o) }      // Messages.swift: per-frame warnings once
    } catch { fail(error.message + "\n" + Arguments.usage, .usage) }
case "batch":
    Batch.run(Array(args.dropFirst()))               // Batch.swift
case "convert":
    Convert.run(Array(args.dropFirst()))
case "info":
    guard args.count == 2 else { fail("info takes one scene\n" + Arguments.usage, .usage) }
    print(loadScene(args[1]).describe())
    finishStandardOutput()
case "probe":
    probeCommand(Array(args.dropFirst()))
case "-h", "--help", "help":
    print(Arguments.usage + "\n" + Convert.usage + "\n" + Batch.usage + "\n" + videoSupport)
    finishStandardOutput()
default:
    fail("expected a command\n" + Arguments.usage, .usage)
}
