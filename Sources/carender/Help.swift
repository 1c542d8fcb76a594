import Foundation

/// `carender help [COMMAND]`, `carender COMMAND --help`, and the usage errors that point to them:
/// a wrong argument is one line saying what was wrong (with the nearest command or option when
/// one is close) and one naming the help to read, as git does; not the whole usage text.
enum Help {
    /// One command: its name, one line saying what it does, its usage text and its options
    /// (what a misspelt option is matched against).
    struct Command: Sendable {
        let name: String
        let summary: String
        let usage: @Sendable () -> String
        let options: @Sendable () -> [String]
    }

    static let commands: [Command] = [
        Command(name: "render", summary: "render a scene or Lottie animation to PNG, JPEG, PDF, video or GIF",
                usage: { Arguments.usage + "\n" + LottieCommand.usage + videoSupport },
                options: { RenderOption.all.map(\.name) }),
        Command(name: "play", summary: "play a scene or Lottie animation in a window",
                usage: { "usage:\n" + PlayOptions.usage }, options: { PlayOptions.optionNames }),
        Command(name: "info", summary: "print a scene's layers, states and size (or an animation's)",
                usage: { infoUsage }, options: { ["--allow-outside-assets", "--state"] }),
        Command(name: "probe", summary: "print a video, GIF or image's size and frames, and pixel colours",
                usage: { probeUsage }, options: { ["--frame", "--pixel"] }),
        Command(name: "convert", summary: "write a scene back as a .caml file, .ca bundle or .wallpaper folder",
                usage: { "usage:\n" + Convert.usage }, options: { Convert.optionNames }),
        Command(name: "batch", summary: "render every scene of a folder or list, several at once",
                usage: { "usage:\n" + Batch.usage }, options: { Batch.optionNames + RenderOption.all.map(\.name) }),
        Command(name: "help", summary: "print the usage of a command",
                usage: { "usage:\n  carender help [COMMAND]\n  carender COMMAND --help\n" }, options: { [] }),
    ]

    static func command(_ name: String) -> Command? { commands.first { $0.name == name } }

    /// What `carender` alone and the top of `carender help` print: every command in one line.
    static var overview: String {
        let width = commands.map(\.name.count).max() ?? 0
        let lines = commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        return "usage: carender COMMAND [ARGUMENTS]\n\ncommands:\n" + lines.joined(separator: "\n")
            + "\n  --version | -V" + "  print carender's version\n\n"
            + "'carender help COMMAND' or 'carender COMMAND --help' prints a command's usage.\n"
    }

    static let infoUsage = """
    usage:
      carender info SCENE [--state NAME] [--allow-outside-assets DIR]...
      carender info ANIMATION.json|.lottie [--allow-outside-assets DIR]...

    info prints what a scene holds: its size, its states (the names --state takes) and its
    layer tree, with the values of state NAME when --state is given; for a Lottie animation its size, frame rate, in and out points and layers.
    Images are read only from the input's folder and the folders given with
    --allow-outside-assets. Exit codes as for render.

    """

    static let probeUsage = """
    usage:
      carender probe FILE [--frame N] [--pixel X,Y]...

    probe prints a video, GIF or image's size, frame count and duration, and with --pixel the
    RGBA at pixel X,Y (from the top left) of frame N (default 0). Exit codes: 0 ok, 64 usage,
    65 unreadable file, 66 missing file.

    """

    /// The usage of `topic` (a command), or the overview and every command's usage when nil;
    /// nil for no such command.
    static func text(_ topic: String?) -> String? {
        guard let topic else {
            // render's usage ends with the "video: yes|no" line scripts look for.
            return overview + "\n" + commands.filter { $0.name != "help" }.map { $0.usage() }.joined(separator: "\n")
        }
        return command(topic)?.usage()
    }

    /// `carender help ARGS`: prints the usage asked for (exit 0), or refuses an unknown command (64).
    static func run(_ args: ArraySlice<String>) -> Never {
        guard args.count <= 1, let text = text(args.first) else {
            let asked = args.joined(separator: " ")
            usageFailure("no help for '\(printable(asked))'" + (nearestCommand(asked).map { " (did you mean '\($0)'?)" } ?? "")
                         + "; commands: " + commands.map(\.name).joined(separator: ", "), help: nil)
        }
        print(text)
        finishStandardOutput()
        exit(0)
    }

    /// The command nearest to a misspelt one, if one is near enough to be meant.
    static func nearestCommand(_ word: String) -> String? {
        Suggestion.nearest(to: word, among: commands.map(\.name) + ["--help", "--version"])
    }
}

/// A usage error (exit 64): `message`, then where to read the usage of `command` (nil: all).
/// An "unknown option X" message gains the command's nearest option when one is close.
func usageFailure(_ message: String, help command: String?) -> Never {
    var message = message
    if message.hasPrefix("unknown option "), let cmd = command.flatMap(Help.command) {
        let option = message.dropFirst("unknown option ".count).prefix { $0 != " " && $0 != ":" }
        if let near = Suggestion.nearest(to: String(option), among: cmd.options()), !message.contains(":") {
            message += " (did you mean \(near)?)"
        }
    }
    fail(message + "\nsee 'carender help" + (command.map { " " + $0 } ?? "") + "' for usage", .usage)
}

/// Nearest-word suggestions for misspelt commands and options (Levenshtein distance).
enum Suggestion {
    /// The candidate closest to `word` when it is within a third of the word's length (at least
    /// one edit, at most three); nil when none is, or `word` is a candidate itself.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        guard !word.isEmpty, !candidates.contains(word) else { return nil }
        let limit = min(3, max(1, word.count / 3))
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
