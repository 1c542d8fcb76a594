// carender: renders Core Animation scenes (CAML `.ca` bundles, `.wallpaper` folders, `.caml`
// files) to PNG frames. See `carender --help`.
import Foundation
import CoreGraphics
import QuartzCore
import CAML

func fail(_ message: String, _ code: ExitCode) -> Never {
    FileHandle.standardError.write("carender: \(message)\n".data(using: .utf8)!)
    exit(code.rawValue)
}

/// Set by SIGINT; the frame loop stops, removes partial output and exits 130.
nonisolated(unsafe) var interrupted: sig_atomic_t = 0
signal(SIGINT) { _ in interrupted = 1 }

func loadScene(_ path: String) -> CAMLScene {
    guard FileManager.default.fileExists(atPath: path) else { fail("no such scene: \(path)", .noInput) }
    do { return try CAMLScene.load(contentsOf: URL(fileURLWithPath: path)) } catch {
        fail("cannot read \(path): \(error)", .badInput)
    }
}

func render(_ o: RenderOptions) -> Never {
    let times: [Double]
    let writer: FrameWriter
    do throws(UsageError) {
        times = try o.frameTimes()
        writer = try FrameWriter(output: o.output, frameCount: times.count)
    } catch { fail(error.message + "\n" + Arguments.usage, .usage) }
    let scene = loadScene(o.scene)
    for w in scene.warnings { FileHandle.standardError.write("warning: \(w)\n".data(using: .utf8)!) }
    let names = scene.stateNames
    for s in [o.state, o.fromState].compactMap({ $0 }) where !names.contains(s) {
        fail("scene has no state '\(s)' (states: \(names.joined(separator: ", ")))", .usage)
    }
    let size = o.size ?? scene.size
    let scale = o.scale ?? scene.defaultScale
    guard size.width * scale <= RenderOptions.maxPixelSide, size.height * scale <= RenderOptions.maxPixelSide,
          let renderer = CAOffscreenRenderer(rootLayer: scene.rootLayer, size: size, scale: scale,
                                             flipped: scene.isFlipped, startTime: 0)
    else { fail("frame of \(size.width)×\(size.height) points at scale \(scale) is too large", .usage) }
    renderer.host.withClock {
        if let to = o.state {
            if let from = o.fromState {
                scene.apply(state: from)
                CATransaction.flush()
                scene.transition(from: from, to: to, at: 0)
            } else {
                scene.apply(state: to)
            }
        }
    }
    do { try writer.begin() } catch { fail("cannot create output \(o.output): \(error)", .cantCreate) }
    let progress = ProgressBar(total: times.count)
    for (i, t) in times.enumerated() {
        if interrupted != 0 { writer.abandon(); fail("interrupted; no output written", .interrupted) }
        guard let image = renderer.image(at: t) else {
            writer.abandon(); fail("could not render the frame at t = \(t)", .renderFailed)
        }
        do { try writer.write(image, index: i) } catch {
            writer.abandon(); fail("cannot write \(o.output): \(error)", .cantCreate)
        }
        progress.update(i + 1)
    }
    do { try writer.finish() } catch { writer.abandon(); fail("cannot write \(o.output): \(error)", .cantCreate) }
    print("wrote \(times.count == 1 ? o.output : "\(times.count) frames to \(o.output)") "
          + "(\(Int(size.width * scale))×\(Int(size.height * scale)) px)")
    exit(0)
}

let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "render":
    do throws(UsageError) { render(try Arguments.parseRender(Array(args.dropFirst()))) }
    catch { fail(error.message + "\n" + Arguments.usage, .usage) }
case "info":
    guard args.count == 2 else { fail("info takes one scene\n" + Arguments.usage, .usage) }
    print(loadScene(args[1]).describe())
case "-h", "--help", "help":
    print(Arguments.usage)
default:
    fail("expected a command\n" + Arguments.usage, .usage)
}
