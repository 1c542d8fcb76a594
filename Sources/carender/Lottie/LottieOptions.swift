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
    var size: CGSize?
    var scale: CGFloat = 2
    var backend: BackendChoice?
    var allowedAssetFolders: [String] = []
    var fontFolders: [String] = []
    var workBudget = RenderOptions.defaultWorkBudget

    /// The options a Lottie render takes that are followed by a value.
    static let valued: Set<String> = ["--progress", "--frame", "--duration", "--fps", "--scale", "--size", "-o",
                                      "--output", "--work-budget", "--allow-outside-assets", "--backend", "--fonts"]
    /// Scene options a Lottie render does not take, and what to use instead.
    static let sceneOnly: [String: String] = [
        "--time": "a Lottie animation is timed by --progress P (0…1), --frame F or --duration D --fps N",
        "--state": "a Lottie animation has no states", "--from-state": "a Lottie animation has no states",
        "--frames": "--frames A:B is for scenes; render a shorter --duration instead",
    ]

    static func parse(_ args: [String]) throws(UsageError) -> LottieRenderOptions {
        var o = LottieRenderOptions()
        var i = 0
        func value() throws(UsageError) -> String {
            let name = args[i]
            i += 1
            guard i < args.count, !valued.contains(args[i]) else { throw UsageError(message: "\(name) needs a value") }
            return args[i]
        }
        func number() throws(UsageError) -> Double { let name = args[i]; return try Arguments.decimal(name, value()) }
        while i < args.count {
            switch args[i] {
            case "--progress": o.progress = try number()
            case "--frame": o.frame = try number()
            case "--duration": o.duration = try number()
            case "--fps": o.fps = try number()
            case "--scale":
                let s = try number()
                guard s > 0, s <= 8 else { throw UsageError(message: "--scale must be in (0, 8]") }
                o.scale = CGFloat(s)
            case "--size":
                let parts = try value().lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
                guard parts.count == 2, let w = parts[0], let h = parts[1], [w, h].allSatisfy({ $0 >= 1 && $0 <= 8192 }) else {
                    throw UsageError(message: "--size must be WxH in points, each 1…8192, e.g. 500x500")
                }
                o.size = CGSize(width: w, height: h)
            case "-o", "--output": o.output = try value()
            case "--work-budget":
                o.workBudget = try number()
                guard o.workBudget >= 1, o.workBudget <= 1_000_000 else {
                    throw UsageError(message: "--work-budget is millions of pixels, 1 to 1000000")
                }
            case "--allow-outside-assets": o.allowedAssetFolders.append(try Arguments.folder("--allow-outside-assets", value()))
            case "--backend":
                let v = try value()
                guard let b = BackendChoice(rawValue: v) else { throw UsageError(message: "--backend is gpu, cpu or auto") }
                o.backend = b
            case "--fonts": o.fontFolders.append(try Arguments.folder("--fonts", value()))
            case let a where sceneOnly[a] != nil: throw UsageError(message: "unknown option \(a): \(sceneOnly[a]!)")
            case let a where a.hasPrefix("-"): throw UsageError(message: "unknown option \(printable(a))")
            case let a where o.input == nil: o.input = a
            case let a: throw UsageError(message: "unexpected argument \(printable(a))")
            }
            i += 1
        }
        guard o.input != nil, o.output != nil else { throw UsageError(message: "render needs an animation and -o OUT") }
        let times = [("--progress", o.progress), ("--frame", o.frame), ("--duration", o.duration)].filter { $0.1 != nil }
        if times.count > 1 { throw UsageError(message: "use one of --progress, --frame and --duration (given: \(times.map(\.0).joined(separator: ", ")))") }
        if o.fps != nil && o.duration == nil { throw UsageError(message: "--fps needs --duration") }
        if let p = o.progress, !(0...1).contains(p) {
            throw UsageError(message: "--progress \(p) is outside 0…1 (a fraction of the animation)")
        }
        return o
    }
}
