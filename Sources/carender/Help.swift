import Foundation

/// `carender help [COMMAND]`, and the usage errors that point to it: a wrong argument is one
/// line saying what was wrong and one naming the help to read (as git does), not the whole
/// usage text.
enum Help {
    /// The usage of `topic` (a command), or of every command when nil; nil for no such command.
    static func text(_ topic: String?) -> String? {
        switch topic {
        case nil: Arguments.usage + "\n" + LottieCommand.usage + PlayOptions.usage + "\n" + Convert.usage + "\n"
            + Batch.usage + "\n" + videoSupport
        case "render": Arguments.usage + "\n" + LottieCommand.usage + videoSupport
        case "info", "probe": Arguments.usage
        case "play": "usage:\n" + PlayOptions.usage
        case "convert": "usage:\n" + Convert.usage
        case "batch": "usage:\n" + Batch.usage
        default: nil
        }
    }

    /// `carender help ARGS`: prints the usage asked for (exit 0), or refuses an unknown command (64).
    static func run(_ args: ArraySlice<String>) -> Never {
        guard args.count <= 1, let text = text(args.first) else {
            usageFailure("no help for '\(printable(args.joined(separator: " ")))'; commands: render, info, probe, play, "
                         + "convert, batch", help: nil)
        }
        print(text)
        finishStandardOutput()
        exit(0)
    }
}

/// A usage error (exit 64): `message`, then where to read the usage of `command` (nil: all).
func usageFailure(_ message: String, help command: String?) -> Never {
    fail(message + "\nsee 'carender help" + (command.map { " " + $0 } ?? "") + "' for usage", .usage)
}
