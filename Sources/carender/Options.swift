import Foundation

/// Exit codes (BSD sysexits): distinct for usage errors, unreadable input and render failures.
enum ExitCode: Int32 {
    case ok = 0
    case usage = 64          // EX_USAGE: bad arguments
    case badInput = 65       // EX_DATAERR: the scene could not be read
    case noInput = 66        // EX_NOINPUT: the scene file does not exist
    case renderFailed = 70   // EX_SOFTWARE: a frame could not be rendered
    case unavailable = 69    // EX_UNAVAILABLE: --backend gpu where no GPU backend can start
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
    /// Folders outside the scene's own that its images may be read from (`--allow-outside-assets`).
    var allowedAssetFolders: [String] = []
    /// The most work one frame may take, in millions of pixel touches (`--work-budget`;
    /// `CAOffscreenRenderer.maximumFrameWork`).
    var workBudget = RenderOptions.defaultWorkBudget
    /// The most memory one frame may take, in bytes (`--memory-budget`, in MiB; FrameMemory.swift).
    var memoryBudget = FrameMemory.defaultBudget
    /// `--frames A:B`: only frames A…B−1 of the sequence (FrameRange.swift).
    var frames: FrameRange?
    /// `--backend gpu|cpu|auto` (Backend.swift).
    var backend = BackendChoice.auto
    /// `--pixel-size`, `--width`, `--height`, `--fit`, `--background` (OutputFraming.swift).
    var framing = FramingOptions()
    /// `--quiet`, `--progress-interval` (Progress.swift).
    var report = ReportOptions()
    /// `--codec`, `--crf`, `--preset` (Video/EncoderSettings.swift).
    var encoding = EncoderSettings()

    /// Hard limits, so nothing a user passes can fill the disk or the memory.
    static let maxFrames = 10_000
    /// The longest sequence `--frames A:B` may take a part of (its times are made, not its
    /// frames): an hour at 277 fps, so a long export splits across machines.
    static let maxSequenceFrames = 1_000_000
    static let maxPixelSide: CGFloat = 16_384
    /// Largest `--size` side, in points (the sizes CAML clamps a scene's root to).
    static let maxSizeSide: CGFloat = 16_384
    /// Longest `--duration`, in seconds (an hour), and slowest `--fps`.
    static let maxDuration = 3600.0
    static let minFramesPerSecond = 0.01
    /// Default `--work-budget`: 2,000 million pixel touches a frame, some 50 full-frame passes
    /// at 4K (the real wallpapers take under 15 million at their own @3x).
    static let defaultWorkBudget = 2_000.0

    /// The frame times: one (`--time`, default 0) or `duration × fps` frames at n / fps.
    func frameTimes() throws(UsageError) -> [Double] {
        if let d = duration {
            let f = fps ?? 30
            guard d.isFinite, d > 0, f.isFinite, f > 0, f <= 1000 else {
                throw UsageError(message: "--duration and --fps must be positive (fps at most 1000)")
            }
            guard f >= Self.minFramesPerSecond else {
                throw UsageError(message: "--fps must be at least \(Self.minFramesPerSecond)")
            }
            guard d <= Self.maxDuration else {
                throw UsageError(message: "--duration is at most \(Int(Self.maxDuration)) seconds")
            }
            let frames = (d * f).rounded(.up)
            guard frames <= Double(Self.maxSequenceFrames) else {
                throw UsageError(message: "\(frames) frames in the sequence; at most \(Self.maxSequenceFrames)")
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
            // `--state -o x.png`: the next option is no value (RenderOption.swift).
            guard i < args.count, !RenderOption.isOption(args[i]) else { throw UsageError(message: "\(name) needs a value") }
            return args[i]
        }
        func number(_ name: String) throws(UsageError) -> Double { try decimal(name, value(name)) }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--state": o.state = try value(a)
            case "--from-state": o.fromState = try value(a)
            case "--time": o.time = try number(a)
            case "--duration": o.duration = try number(a)
            case "--fps": o.fps = try number(a)
            case "--scale": o.scale = try scale(value(a))                    // OptionValues.swift
            case "--size": o.size = try size(value(a), maxSide: RenderOptions.maxSizeSide, example: "390x844")
            case "-o", "--output": o.output = try value(a)
            case "--allow-outside-assets": o.allowedAssetFolders.append(try folder(a, value(a)))
            case "--work-budget": o.workBudget = try workBudget(value(a))
            case "--memory-budget": o.memoryBudget = try memoryBudget(value(a))
            case "--frames": o.frames = try FrameRange(parsing: value(a))   // FrameRange.swift
            case "--backend": o.backend = try backend(value(a))
            default:
                if try o.framing.parse(a, { () throws(UsageError) -> String in try value(a) }) { break }
                if try o.report.parse(a, { () throws(UsageError) -> String in try value(a) }) { break }
                if try o.encoding.parse(a, { () throws(UsageError) -> String in try value(a) }) { break }
                if let refusal = RenderOption.named(a)?.refusal(for: .scene) { throw UsageError(message: refusal) }
                if a.hasPrefix("-") { throw UsageError(message: "unknown option \(printable(a))") }
                guard o.scene.isEmpty else { throw UsageError(message: "unexpected argument \(printable(a))") }
                o.scene = a
            }
            i += 1
        }
        guard !o.scene.isEmpty else { throw UsageError(message: "no scene given") }
        guard !o.output.isEmpty else { throw UsageError(message: "no output given (-o OUT.png or -o FOLDER)") }
        if o.time != nil && o.duration != nil { throw UsageError(message: "use either --time or --duration/--fps") }
        if o.fps != nil && o.duration == nil { throw UsageError(message: "--fps needs --duration") }
        if o.fromState != nil && o.state == nil { throw UsageError(message: "--from-state needs --state") }
        try o.framing.check(scale: o.scale, output: o.output)
        try o.encoding.check(output: o.output)
        return o
    }

    static let usage = """
    usage:
      carender render SCENE [--state NAME] [--from-state NAME]
                            [--time T | --duration D [--fps F] [--frames A:B]] [--size WxH]
                            [--scale S] [--allow-outside-assets DIR]... [--work-budget N]
                            [--memory-budget MIB] [--backend gpu|cpu|auto] [--verbose]
                            [--pixel-size WxH | --width W | --height H] [--fit contain|cover|fill]
                            [--background COLOR] [--quiet] [--progress-interval S]
                            [--codec h264|hevc|vp9|prores] [--crf N] [--preset NAME] -o OUT

    SCENE is a .wallpaper folder, a .ca bundle or a .caml file; its images are read only from its
    own folder and the folders given with --allow-outside-assets. OUT is a .png or .jpg (one
    frame; JPEG over black), a .pdf (one frame as vectors, page size = the frame in points), a
    folder (no extension or a trailing /: a PNG sequence, frame-00000.png …) or, in builds with
    FFmpeg, a video (.mp4, .mov, .mkv: H.264; .webm: VP9) or an animated .gif, composited over
    black; other extensions are refused. --time is seconds of scene time (default 0);
    --duration D --fps F renders D·F frames at n/F (F defaults to 30; D at most 3600 s, F at
    least 0.01, at most 10000 frames a run; --frames A:B takes them from a sequence of up to
    1000000). --work-budget N refuses a frame estimated to touch more
    than N million pixels (default 2000; exit 70). --memory-budget M refuses, exit 64, a frame
    taking more than M MiB (about 16 bytes a pixel; default 1024: an 8192×8192-pixel frame),
    whatever chose its size. --state applies a state at time 0; with --from-state the scene
    starts in that state and transitions to --state at time 0. --size is the viewport in points,
    each side 1…16384 (default: the scene's size; a root size that is no usable size, e.g. 1e6
    points, is clamped to 1…16384 points with a warning naming the memory its frame takes);
    --scale is pixels per point, over 0 and at most 8 (default: the bundle's @Nx, else 1).
    --frames A:B renders frames A to B−1 of the --duration sequence (B at most its frame count,
    else exit 64), named and drawn as in the whole render (split an export across machines;
    README). --backend chooses who composites bitmap frames: auto (the default) uses a hardware
    GPU (OpenGL ES 3 over EGL) when one can be used and the CPU otherwise, never a software GL
    rasteriser such as Mesa's llvmpipe (slower than the CPU compositor); it says which on
    standard error. gpu takes whatever EGL gives, llvmpipe included, and exits 69 when there is
    none; QUARTZCORE_GL=0 turns the GPU off. --verbose shows FFmpeg's own log lines.
    --pixel-size WxH makes the output exactly W×H pixels (--width or --height alone: the other
    side from the scene's aspect), the scene (its size, or --size, in points) centred and scaled
    into it: --fit contain (the default) shows all of it, cover fills the frame and cuts the
    overflow, fill stretches it; --scale does not apply then. --background COLOR (#RRGGBB,
    #RRGGBBAA, black, white, transparent…) fills the frame under the scene (default transparent;
    videos, GIFs and JPEGs show transparency as black). When --size is given at a scale other
    than 1, carender says the output's pixel size. A sequence shows its progress on standard
    error: a live line in a terminal (frames, rate, time left), otherwise a plain line every
    --progress-interval seconds (default 5); --quiet shows none. The last line says the time.
    --codec picks a video's encoder where the container holds it (h264 and hevc: .mp4 .mov .mkv;
    vp9: .webm .mkv .mp4; prores 4:2:2 10-bit: .mov .mkv), --crf its quality (lower is better:
    h264 and hevc 0…51, default 18 and 20; vp9 0…63, default 28), --preset its speed (h264 and
    hevc: ultrafast … veryslow, default medium); a codec this FFmpeg lacks is refused by name.

    exit codes: 0 ok, 64 usage, 65 unreadable scene, 66 missing scene, 69 no GPU for --backend gpu,
    70 render failure (also a frame over the work budget), 73 output not writable, 74 standard
    output not writable, 130 interrupted. Limits and what a scene may read: docs/SECURITY.md.
    """
}
