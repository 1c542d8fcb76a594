import Foundation
import Testing

/// `render`'s options are checked by one rule for scenes and Lottie animations (Sources/carender/
/// OptionValues.swift, RenderOption.swift): the same value gives the same message on either
/// input, and a missing value is told from the next option whichever option follows.
@Suite("carender option rules", .serialized)
struct CarenderOptionRuleTests {
    static let scene = "Examples/scenes/hello.caml"
    /// Never read: options are checked before the animation is opened.
    static let animation = "no-such-animation.json"

    /// The first line on standard error of `render INPUT ARGS -o /tmp/never.png`, and the status.
    func refusal(_ input: String, _ arguments: [String]) throws -> (Int32, String) {
        let r = try ToolRun("carender", ["render", input] + arguments + ["-o", "/tmp/carender-never.png"])
        return (r.status, r.errors.split(separator: "\n").first.map(String.init) ?? "")
    }

    @Test(arguments: [
        (["--scale", "0"], "carender: --scale must be in (0, 8]"),
        (["--scale", "8.5"], "carender: --scale must be in (0, 8]"),
        (["--scale", "0x2"], "carender: --scale: '0x2' is not a decimal number"),
        (["--work-budget", "0.5"], "carender: --work-budget is millions of pixels, 1 to 1000000"),
        (["--work-budget", "2e6"], "carender: --work-budget is millions of pixels, 1 to 1000000"),
        (["--memory-budget", "0"], "carender: --memory-budget is MiB a frame, 1 to 1048576"),
        (["--backend", "tpu"], "carender: --backend is gpu, cpu or auto"),
    ])
    func scenesAndAnimationsRefuseAValueAlike(_ arguments: [String], _ message: String) throws {
        let (sceneStatus, sceneLine) = try refusal(Self.scene, arguments)
        let (lottieStatus, lottieLine) = try refusal(Self.animation, arguments)
        #expect(sceneStatus == 64 && lottieStatus == 64)
        #expect(sceneLine == message)
        #expect(lottieLine == message)
    }

    @Test func sizeIsParsedAlikeWithEachInputsLimit() throws {
        #expect(try refusal(Self.scene, ["--size", "16385x10"])
                == (64, "carender: --size must be WxH in points, each 1…16384, e.g. 390x844"))
        #expect(try refusal(Self.animation, ["--size", "8193x10"])
                == (64, "carender: --size must be WxH in points, each 1…8192, e.g. 500x500"))
        // One parse for both: a third part or letters between the numbers are refused by each.
        for bad in ["10x10x10", "10xfoo20", "nanx10", "x10"] {
            #expect(try refusal(Self.scene, ["--size", bad]).1.hasPrefix("carender: --size must be WxH"), "\(bad)")
            #expect(try refusal(Self.animation, ["--size", bad]).1.hasPrefix("carender: --size must be WxH"), "\(bad)")
        }
    }

    /// Every option that takes a value is known as an option, so it is never taken for the value
    /// before it (`--state --work-budget 5` used to render state "--work-budget").
    @Test(arguments: ["--work-budget", "--allow-outside-assets", "--memory-budget", "--backend", "-o"])
    func anOptionIsNeverTheValueBeforeIt(_ next: String) throws {
        let r = try ToolRun("carender", ["render", Self.scene, "--state", next, "5", "-o", "/tmp/carender-never.png"])
        #expect(r.status == 64)
        #expect(r.errors.hasPrefix("carender: --state needs a value\n"), "\(r.errors)")
        let l = try ToolRun("carender", ["render", Self.animation, "--progress", next, "5", "-o", "/tmp/carender-never.png"])
        #expect(l.status == 64)
        #expect(l.errors.hasPrefix("carender: --progress needs a value\n"), "\(l.errors)")
    }

    /// The options `carender help render` shows with a value, for scenes and for animations
    /// (the synopsis lines only): (input, option).
    static func valuedOptionsInTheHelp() throws -> [(String, String)] {
        let help = try ToolRun("carender", ["help", "render"]).output.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [(String, String)] = []
        var input: String?
        for line in help {
            if line.contains("carender render SCENE") { input = scene }
            else if line.contains("carender render ANIMATION") { input = animation }
            else if !line.hasPrefix("      ") { input = nil }   // synopsis continuation lines are indented
            guard let input else { continue }
            for m in line.matches(of: /(?:^|[\[\s|])(-o|--[a-z-]+) ([A-Za-z])/) { found.append((input, String(m.output.1))) }
        }
        return found
    }

    /// Every option the help shows with a value is one the parser asks a value of, and one it
    /// knows as an option when it follows another (help, parsers and RenderOption.swift agree).
    @Test func everyValuedOptionInTheHelpNeedsItsValue() throws {
        let options = try Self.valuedOptionsInTheHelp()
        #expect(options.count >= 20, "\(options)")
        for (input, option) in options {
            let alone = try ToolRun("carender", ["render", input, option])
            #expect(alone.errors.hasPrefix("carender: \(option) needs a value\n"), "\(input) \(option): \(alone.errors)")
            let follower = option == "--work-budget" ? "--scale" : "--work-budget"
            let before = try ToolRun("carender", ["render", input, "--backend", option, follower, "1"])
            #expect(before.errors.hasPrefix("carender: --backend needs a value\n"), "\(input) \(option): \(before.errors)")
        }
    }

    @Test func anOptionOfTheOtherInputSaysWhichItIsFor() throws {
        #expect(try refusal(Self.scene, ["--progress", "0.5"]) == (64, "carender: unknown option --progress: it is for Lottie animations"))
        #expect(try refusal(Self.animation, ["--state", "on"])
                == (64, "carender: unknown option --state: a Lottie animation has no states (--marker NAME renders a named range)"))
        #expect(try refusal(Self.scene, ["--loops", "2"])
                == (64, "carender: unknown option --loops: a scene's animations repeat as they say; give --duration"))
    }
}
