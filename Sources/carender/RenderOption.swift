/// One option of `carender render`, for scenes, Lottie animations or both: the one list the
/// parsers (`Arguments.parseRender`, `LottieRenderOptions.parse`), `renderInput` and `batch`
/// read, so "is this the next option or a value?" has one answer everywhere
/// (`render x.caml --state --work-budget 5` is a missing state name, not a state called
/// "--work-budget").
struct RenderOption: Sendable {
    /// The inputs an option applies to.
    enum Input: Sendable { case scene, lottie, both }

    let name: String
    /// Whether a value follows the option (every one but `--verbose`).
    let takesValue: Bool
    let input: Input
    /// Given with the other input: what to use instead (nil: "it is for scenes" or "for Lottie
    /// animations").
    let instead: String?

    init(_ name: String, _ input: Input, takesValue: Bool = true, instead: String? = nil) {
        self.name = name; self.input = input; self.takesValue = takesValue; self.instead = instead
    }

    static let all: [RenderOption] = [
        RenderOption("-o", .both), RenderOption("--output", .both),
        RenderOption("--duration", .both), RenderOption("--fps", .both),
        RenderOption("--size", .both), RenderOption("--scale", .both),
        RenderOption("--allow-outside-assets", .both), RenderOption("--work-budget", .both),
        RenderOption("--memory-budget", .both), RenderOption("--backend", .both),
        RenderOption("--verbose", .both, takesValue: false),
        RenderOption("--pixel-size", .both), RenderOption("--width", .both), RenderOption("--height", .both),
        RenderOption("--fit", .both), RenderOption("--background", .both),
        RenderOption("--quiet", .both, takesValue: false), RenderOption("--progress-interval", .both),
        RenderOption("--codec", .both), RenderOption("--crf", .both), RenderOption("--preset", .both),
        RenderOption("--time", .both), RenderOption("--frames", .both),
        RenderOption("--state", .scene, instead: "a Lottie animation has no states (--marker NAME renders a named range)"),
        RenderOption("--from-state", .scene, instead: "a Lottie animation has no states"),
        RenderOption("--progress", .lottie), RenderOption("--frame", .lottie), RenderOption("--fonts", .lottie),
        RenderOption("--marker", .lottie, instead: "a scene has no markers (--state NAME applies one of its states)"),
        RenderOption("--loops", .lottie, instead: "a scene's animations repeat as they say; give --duration"),
    ]

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The option spelled `name`, if `render` has one.
    static func named(_ name: String) -> RenderOption? { byName[name] }

    /// Whether `arg` is an option of `render` (for either input), so no option's value.
    static func isOption(_ arg: String) -> Bool { byName[arg] != nil }

    /// Why `input`'s parser refuses this option, or nil when `input` takes it.
    func refusal(for input: Input) -> String? {
        guard self.input != .both, self.input != input else { return nil }
        return "unknown option \(name): " + (instead ?? (self.input == .scene ? "it is for scenes" : "it is for Lottie animations"))
    }
}
