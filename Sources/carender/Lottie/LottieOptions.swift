import Foundation
import CoreGraphics

/// What `carender render ANIMATION.json|.lottie` was asked for, checked as scene renders are
/// (`Arguments.parseRender`): a missing value is told from the next option, numbers are finite
/// decimals, and options that cannot be used together are refused rather than one ignored.
struct LottieRenderOptions {
    var input: String?
    var output: String?
    var progress: Double?
    var frame: Double?
    var duration: Double?
    var fps: Double?
    /// `--time T`: seconds from the in point; `--marker NAME`; `--loops N`; `--frames A:B`
    /// (LottieFrames.swift).
    var time: Double?
    var marker: String?
    var loops: Int?
    var frames: FrameRange?
    var size: CGSize?
    var scale: CGFloat = 2
    var backend = BackendChoice.auto
    var allowedAssetFolders: [String] = []
    var fontFolders: [String] = []
    var workBudget = RenderOptions.defaultWorkBudget
    var memoryBudget = FrameMemory.defaultBudget
    /// `--pixel-size`, `--width`, `--height`, `--fit`, `--background` (OutputFraming.swift).
    var framing = FramingOptions()
    /// `--quiet`, `--progress-interval` (Progress.swift).
    var report = ReportOptions()
    /// `--codec`, `--crf`, `--preset` (Video/EncoderSettings.swift).
    var encoding = EncoderSettings()
    /// Whether `--scale` was given (the default is 2).
    var scaleGiven = false

    /// Largest `--size` side, in points (scenes take up to `RenderOptions.maxSizeSide`).
    static let maxSizeSide: CGFloat = 8192

    static func parse(_ args: [String]) throws(UsageError) -> LottieRenderOptions {
        var o = LottieRenderOptions()
        var i = 0
        func value() throws(UsageError) -> String {
            let name = args[i]
            i += 1
            guard i < args.count, !RenderOption.isOption(args[i]) else { throw UsageError(message: "\(name) needs a value") }
            return args[i]
        }
        func number() throws(UsageError) -> Double { let name = args[i]; return try Arguments.decimal(name, value()) }
        while i < args.count {
            switch args[i] {
            case "--progress": o.progress = try number()
            case "--frame": o.frame = try number()
            case "--duration": o.duration = try number()
            case "--fps": o.fps = try number()
            case "--time": o.time = try number()
            case "--marker": o.marker = try value()
            case "--frames": o.frames = try FrameRange(parsing: value())
            case "--loops":
                let text = try value()
                guard let n = Int(text), (1...1000).contains(n) else { throw UsageError(message: "--loops must be a whole number 1…1000") }
                o.loops = n
            case "--scale": o.scale = try Arguments.scale(value()); o.scaleGiven = true   // OptionValues.swift
            case "--size": o.size = try Arguments.size(value(), maxSide: Self.maxSizeSide, example: "500x500")
            case "-o", "--output": o.output = try value()
            case "--work-budget": o.workBudget = try Arguments.workBudget(value())
            case "--memory-budget": o.memoryBudget = try Arguments.memoryBudget(value())
            case "--allow-outside-assets": o.allowedAssetFolders.append(try Arguments.folder("--allow-outside-assets", value()))
            case "--backend": o.backend = try Arguments.backend(value())
            case "--fonts": o.fontFolders.append(try Arguments.folder("--fonts", value()))
            case let a where try o.framing.parse(a, value): break
            case let a where try o.report.parse(a, value): break
            case let a where try o.encoding.parse(a, value): break
            case let a where RenderOption.named(a)?.refusal(for: .lottie) != nil:
                throw UsageError(message: RenderOption.named(a)!.refusal(for: .lottie)!)
            case let a where a.hasPrefix("-"): throw UsageError(message: "unknown option \(printable(a))")
            case let a where o.input == nil: o.input = a
            case let a: throw UsageError(message: "unexpected argument \(printable(a))")
            }
            i += 1
        }
        guard o.input != nil, o.output != nil else { throw UsageError(message: "render needs an animation and -o OUT") }
        let times = [("--progress", o.progress != nil), ("--frame", o.frame != nil), ("--time", o.time != nil),
                     ("--duration", o.duration != nil), ("--marker", o.marker != nil)].filter(\.1)
        if times.count > 1 {
            throw UsageError(message: "use one of --progress, --frame, --time, --duration and --marker (given: \(times.map(\.0).joined(separator: ", ")))")
        }
        if o.loops != nil && (o.duration != nil || o.time != nil || o.frame != nil || o.progress != nil) {
            throw UsageError(message: "--loops repeats the whole animation or a --marker; not with \(times.map(\.0).joined(separator: ", "))")
        }
        try o.framing.check(scale: o.scaleGiven ? o.scale : nil, output: o.output)
        if let output = o.output { try o.encoding.check(output: output) }
        if let p = o.progress, !(0...1).contains(p) {
            throw UsageError(message: "--progress \(p) is outside 0…1 (a fraction of the animation)")
        }
        return o
    }
}
