import Foundation
import Testing

/// A wrong command line is one line saying what was wrong and one naming the help to read
/// (`carender help COMMAND`, as git does), exit 64 — not the whole usage text.
@Suite("carender usage errors", .serialized)
struct CarenderUsageErrorTests {
    @Test(arguments: [
        (["render", "Examples/scenes/hello.caml", "--bogus", "1", "-o", "/tmp/x.png"], "unknown option --bogus", "render"),
        (["render", "Examples/scenes/hello.caml", "-o", "/tmp/x.json"], "carender does not write .json files", "render"),
        (["render", "a.json", "--nope"], "unknown option --nope", "render"),
        // A Lottie render checks its options as a scene render does (found by a newcomer's trial).
        (["render", "a.json", "--progress", "0x1", "-o", "/tmp/x.png"], "--progress: '0x1' is not a decimal number", "render"),
        (["render", "a.json", "--progress", "nan", "-o", "/tmp/x.png"], "--progress: 'nan' is not a decimal number", "render"),
        (["render", "a.json", "--progress", "-o", "/tmp/x.png"], "--progress needs a value", "render"),
        (["render", "a.json", "--state", "A", "-o", "/tmp/x.png"], "unknown option --state: a Lottie animation has no states", "render"),
        (["render", "Examples/scenes/hello.caml", "--marker", "A", "-o", "/tmp/x.png"], "unknown option --marker: a scene has no markers", "render"),
        (["render", "a.json", "--progress", "0.5", "--frame", "3", "-o", "/tmp/x.png"],
         "use one of --progress, --frame, --time, --duration and --marker (given: --progress, --frame)", "render"),
        (["render", "a.json", "--pixel-size", "10x", "-o", "/tmp/x.png"], "--pixel-size must be WxH in pixels", "render"),
        (["render", "Examples/scenes/hello.caml", "--width", "100", "--scale", "2", "-o", "/tmp/x.png"],
         "--scale does not apply with --pixel-size", "render"),
        (["render", "Examples/scenes/hello.caml", "--fit", "stretch", "-o", "/tmp/x.png"], "--fit must be contain, cover or fill", "render"),
        (["render", "Examples/scenes/hello.caml", "--background", "#12", "-o", "/tmp/x.png"], "--background: '#12' is no colour", "render"),
        (["render", "a.json", "--size", "10x", "-o", "/tmp/x.png"], "--size must be WxH in points, each 1…8192", "render"),
        (["render", "a.json", "--progress", "2", "-o", "/tmp/x.png"], "--progress 2.0 is outside 0…1", "render"),
        (["render", "Examples/scenes/hello.caml", "--size", "16384x16384", "--scale", "8", "-o", "/tmp/x.png"],
         "frame of 16384.0×16384.0 points at scale 8.0 is too large: at most 16384 pixels a side", "render"),
        // batch checks the format and the options it passes on once, before any scene runs.
        (["batch", "Examples/scenes", "-o", "/tmp/b", "--format", "tiff"], "--format tiff: carender does not write it", "batch"),
        (["batch", "Examples/scenes", "-o", "/tmp/b", "--format", "folder"], "--format folder: carender does not write it", "batch"),
        (["batch", "Examples/scenes", "-o", "/tmp/b", "--time", "nan"], "--time: 'nan' is not a decimal number", "batch"),
        (["batch", "Examples/scenes", "-o", "/tmp/b", "--scale", "9"], "--scale must be in (0, 8]", "batch"),
        (["info"], "info takes one scene", "info"),
        (["info", "a.json", "extra"], "info takes one animation", "info"),
        (["convert"], "", "convert"),
        (["batch"], "", "batch"),
        (["probe"], "probe takes a file", "probe"),
    ])
    func oneLineAndWhereToReadTheUsage(_ arguments: [String], _ message: String, _ command: String) throws {
        let r = try ToolRun("carender", arguments)
        #expect(r.status == 64, "\(arguments): \(r.status) \(r.errors)")
        let lines = r.errors.split(separator: "\n")
        #expect(lines.count == 2, "\(r.errors)")
        #expect(lines.first?.hasPrefix("carender: " + message) == true, "\(r.errors)")
        #expect(lines.last == "see 'carender help \(command)' for usage", "\(r.errors)")
        #expect(r.output.isEmpty)
    }

    @Test func anUnknownCommandPointsToTheWholeHelp() throws {
        let r = try ToolRun("carender", ["frobnicate"])
        #expect(r.status == 64)
        #expect(r.errors == "carender: unknown command 'frobnicate'\nsee 'carender help' for usage\n", "\(r.errors)")
    }

    /// Misspelt commands and options get the nearest one, as git suggests.
    @Test(arguments: [
        (["rendr", "x.caml"], "unknown command 'rendr'; did you mean 'render'?"),
        (["render", "Examples/scenes/hello.caml", "--stat", "A", "-o", "/tmp/x.png"], "unknown option --stat (did you mean --state?)"),
        (["render", "a.json", "--progres", "0.5", "-o", "/tmp/x.png"], "unknown option --progres (did you mean --progress?)"),
        (["info", "Examples/scenes/hello.caml", "--allow-outside-asset", "x"],
         "unknown option --allow-outside-asset (did you mean --allow-outside-assets?)"),
        (["convert", "Examples/scenes/hello.caml", "--forse", "-o", "/tmp/x.caml"], "unknown option --forse (did you mean --force?)"),
        (["help", "bach"], "no help for 'bach' (did you mean 'batch'?)"),
        (["--versio"], "unknown command '--versio'; did you mean '--version'?"),
    ])
    func theNearestIsSuggested(_ arguments: [String], _ message: String) throws {
        let r = try ToolRun("carender", arguments)
        #expect(r.status == 64, "\(arguments): \(r.errors)")
        #expect(r.errors.split(separator: "\n").first.map { $0.hasPrefix("carender: " + message) } == true, "\(r.errors)")
    }

    /// `carender` alone lists every command in one line each (exit 64: no command given).
    @Test func noCommandListsTheCommands() throws {
        let r = try ToolRun("carender", [])
        #expect(r.status == 64 && r.output.isEmpty)
        for command in ["render", "play", "info", "probe", "convert", "batch", "help"] {
            #expect(r.errors.contains("\n  \(command) "), "\(command): \(r.errors)")
        }
        #expect(r.errors.contains("--version | -V"))
    }

    /// `carender COMMAND --help` (or -h) prints that command's usage, exit 0, wherever it stands.
    @Test(arguments: [
        (["render", "--help"], "carender render SCENE [--state NAME]"),
        (["render", "x.caml", "-o", "y.png", "-h"], "carender render SCENE [--state NAME]"),
        (["batch", "--help"], "carender batch LIST|DIR"),
        (["play", "--help"], "carender play SCENE"),
        (["convert", "-h"], "carender convert SCENE"),
        (["info", "--help"], "carender info SCENE"),
        (["probe", "--help"], "carender probe FILE"),
        (["help", "probe"], "carender probe FILE"),
        (["help", "info"], "carender info ANIMATION.json"),
    ])
    func commandHelp(_ arguments: [String], _ usage: String) throws {
        let r = try ToolRun("carender", arguments)
        #expect(r.status == 0 && r.errors.isEmpty, "\(arguments): \(r.errors)")
        #expect(r.output.contains(usage), "\(arguments): \(r.output)")
        let others = ["carender render SCENE", "carender batch LIST|DIR", "carender probe FILE", "carender play SCENE",
                      "carender info SCENE", "carender convert SCENE"]
        #expect(others.filter { r.output.contains($0) }.count == 1, "\(arguments) prints one command's usage")
    }

    /// `--version` and `-V` (as `--help` and `-h`): the package version on standard output, exit 0.
    @Test(arguments: ["--version", "-V"])
    func versionIsPrinted(_ flag: String) throws {
        let r = try ToolRun("carender", [flag])
        #expect(r.status == 0, "\(r.errors)")
        #expect(r.errors.isEmpty, "\(r.errors)")
        #expect(r.output.wholeMatch(of: /carender [0-9]+\.[0-9]+\.[0-9]+\n/) != nil, "\(r.output)")
        let help = try ToolRun("carender", ["--help"])
        #expect(help.output.contains("--version | -V"))
    }

    @Test func helpForOneCommand() throws {
        let render = try ToolRun("carender", ["help", "render"])
        #expect(render.status == 0, "\(render.errors)")
        #expect(render.output.contains("carender render SCENE [--state NAME]"))
        #expect(render.output.contains("carender render ANIMATION.json|.lottie"))
        #expect(!render.output.contains("carender batch LIST|DIR"))
        let batch = try ToolRun("carender", ["help", "batch"])
        #expect(batch.status == 0 && batch.output.contains("carender batch LIST|DIR") && !batch.output.contains("carender render SCENE"))
        let all = try ToolRun("carender", ["--help"])
        #expect(all.status == 0 && all.output.contains("carender batch LIST|DIR") && all.output.contains("carender play SCENE"))
        let none = try ToolRun("carender", ["help", "nope"])
        #expect(none.status == 64 && none.errors.contains("no help for 'nope'"), "\(none.errors)")
    }
}
