import Foundation

/// Exit codes (BSD sysexits): distinct for usage errors, unreadable input and render failures.
enum ExitCode: Int32 {
    case ok = 0
    case usage = 64          // EX_USAGE: bad arguments
    case badInput = 65       // EX_DATAERR: the scene could not be read
    case noInput = 66        // EX_NOINPUT: the scene file does not exist
    case renderFailed = 70   // EX_SOFTWARE: a frame could not be rendered
    case cantCreate = 73     // EX_CANTCREAT: the output could not be written
    case ioError = 74        // EX_IOERR: standard output could not be written
    case interrupted = 130   // SIGINT
}

struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// What `carender render` was asked for.
struct RenderOptions {
    var scene = ""
    var state: String?
    var fromState: String?
    var time: Double?
    var duration: Double?
    var fps: Double?
    var size: CGSize?
    var scale: CGFloat?
    var output = ""
    /// `--frames A:B`: only frames A…B−1 of the sequence (FrameRange.swift).
    var frames: FrameRange?

    /// Hard limits, so nothing a user passes can fill the disk or the memory.
    static let maxFrames = 10_000
    static let maxPixelSide: CGFloat = 16_384

    /// The frame times: one (`--time`, default 0) or `duration × fps` frames at n / fps.
    func frameTimes() throws(UsageError) -> [Double] {
        if let d = duration {
            let f = fps ?? 30
            guard d.isFinite, d > 0, f.isFinite, f > 0, f <= 1000 else {
                throw UsageError(message: "--duration and --fps must be positive (fps at most 1000)")
            }
            let frames = (d * f).rounded(.up)
            guard frames <= Double(Self.maxFrames) else {
                throw UsageError(message: "\(frames) frames requested; at most \(Self.maxFrames)")
            }
            let count = Int(frames)
            return (0..<max(count, 1)).map { Double($0) / f }
        }
        let t = time ?? 0
        guard t.isFinite, t >= 0, t < 1e9 else {
            throw UsageError(message: t < 0 ? "--time must not be negative" : "--time must be under 1e9 seconds")
        }
        return [t]
    }
}

enum Arguments {
    static func parseRender(_ args: [String]) throws(UsageError) -> RenderOptions {
        var o = RenderOptions()
        var i = 0
        func value(_ name: String) throws(UsageError) -> String {
            i += 1
            // `--state -o x.png`: the next option is no value.
            guard i < args.count, !Self.options.contains(args[i]) else { throw UsageError(message: "\(name) needs a value") }
            return args[i]
        }
        func number(_ name: String) throws(UsageError) -> Double {
            let s = try value(name)
            guard s.allSatisfy({ "0123456789.+-eE".contains($0) }), let x = Double(s), x.isFinite else {
                throw UsageError(message: "\(name): '\(s)' is not a decimal number")
            }
            return x
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--state": o.state = try value(a)
            case "--from-state": o.fromState = try value(a)
            case "--time": o.time = try number(a)
            case "--duration": o.duration = try number(a)
            case "--fps": o.fps = try number(a)
            case "--scale":
                let s = try number(a)
                guard s > 0, s <= 8 else { throw UsageError(message: "--scale must be in (0, 8]") }
                o.scale = CGFloat(s)
            case "--size":
                let s = try value(a)
                let parts = s.lowercased().split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 >= 1 && $0 <= 16384 }) else {
                    throw UsageError(message: "--size must be WxH in points, e.g. 390x844")
                }
                o.size = CGSize(width: parts[0], height: parts[1])
            case "-o", "--output": o.output = try value(a)
            case "--frames": o.frames = try FrameRange(parsing: value(a))   // FrameRange.swift
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option \(a)") }
                guard o.scene.isEmpty else { throw UsageError(message: "unexpected argument \(a)") }
                o.scene = a
            }
            i += 1
        }
        guard !o.scene.isEmpty else { throw UsageError(message: "no scene given") }
        guard !o.output.isEmpty else { throw UsageError(message: "no output given (-o OUT.png or -o FOLDER)") }
        if o.time != nil && o.duration != nil { throw UsageError(message: "use either --time or --duration/--fps") }
        if o.fps != nil && o.duration == nil { throw UsageError(message: "--fps needs --duration") }
        if o.fromState != nil && o.state == nil { throw UsageError(message: "--from-state needs --state") }
        return o
    }

    /// Every option `render` takes, so a missing value is told from the next option.
    static let options: Set<String> = ["--state", "--from-state", "--time", "--duration", "--fps", "--scale",
                                       "--size", "-o", "--output", "--frames", "--verbose"]

    static let usage = """
    usage:
      carender render SCENE [--state NAME] [--from-state NAME]
                            [--time T | --duration D [--fps F] [--frames A:B]] [--size WxH]
                            [--scale S] [--verbose] -o OUT
      carender info SCENE
      carender probe FILE [--frame N] [--pixel X,Y]...

    SCENE is a .wallpaper folder, a .ca bundle or a .caml file. OUT is a .png (one frame), a
    .pdf (one frame as vectors, page size = the frame in points), a folder (a PNG sequence,
    frame-00000.png …) or, in builds with FFmpeg, a video (.mp4, .mov, .mkv: H.264; .webm: VP9)
    or an animated .gif, composited over black. --time is seconds of scene time (default 0);
    --duration D --fps F renders D·F frames at n/F (F defaults to 30). --state applies a state
    at time 0; with --from-state the scene starts in that state and transitions to --state at
    time 0. --size is the viewport in points (default: the scene's size); --scale is pixels per
    point (default: the bundle's @Nx, else 1). --frames A:B renders frames A to B−1 of the
    --duration sequence, named and drawn as in the whole render (split an export across
    machines; README). --verbose shows FFmpeg's own log lines. probe prints a video, GIF or image's size, frame
    count and duration, and with --pixel the RGBA at pixel X,Y (from the top left) of frame N.

    exit codes: 0 ok, 64 usage, 65 unreadable scene (or probed file), 66 missing scene (or file),
    70 render failure, 73 output not writable, 74 standard output not writable, 130 interrupted
    """
}
