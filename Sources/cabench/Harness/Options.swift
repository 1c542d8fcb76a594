// Command-line arguments, parsed by hand (no outside packages).

/// What the command line asked for.
struct Options {
    enum Command { case list, run([String]), all, table([String]), help }

    var command: Command = .help
    /// Timed iterations per repeat; nil: each scene's default.
    var frames: Int?
    var repeats = 7
    /// Untimed iterations before the first repeat; nil: each scene's default.
    var warmup: Int?
    var markdown = false
    var json = false
    /// `--save DIR`: render cases write the scene (for the Python peers) and our frame there.
    var save: String?

    static let usage = """
        usage: cabench list
               cabench run NAME... [options]
               cabench all [options]
               cabench table FILE.json... [--markdown]   (one table from saved --json runs)
        options:
          --frames N    timed iterations per repeat (default: the scene's own)
          --repeats R   repeats; the median and min–max are over these (default 7)
          --warmup W    untimed iterations before timing (default: the scene's own)
          --quick       1 frame, 1 repeat, no warm-up (a smoke run, e.g. for CI)
          --markdown    print a Markdown table (for docs/BENCHMARKS.md)
          --json        print JSON (instead of a table)
          --save DIR    render scenes: write each scene and our frame to DIR (scripts/peers/)
        Build in release: swift run -c release cabench all
        exit codes: 0 ok, 1 a check failed, 64 usage, 65 a saved run unreadable, 66 one missing,
        69 CABENCH_BACKEND=gpu without a GPU, 73 a --save DIR that cannot be made or written
        """

    struct ParseError: Error, CustomStringConvertible { var description: String }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(ParseError) -> Options {
        var o = Options()
        var names: [String] = []
        var verb: String?
        var i = 0
        func count(_ flag: String, min: Int) throws(ParseError) -> Int {
            i += 1
            guard i < arguments.count, let n = Int(arguments[i]), n >= min else {
                throw ParseError(description: "\(flag) needs a whole number ≥ \(min)")
            }
            return n
        }
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--frames": o.frames = try count(a, min: 1)
            case "--repeats": o.repeats = try count(a, min: 1)
            case "--warmup": o.warmup = try count(a, min: 0)
            case "--quick": o.frames = 1; o.repeats = 1; o.warmup = 0
            case "--markdown": o.markdown = true
            case "--json": o.json = true
            case "--save":
                i += 1
                guard i < arguments.count else { throw ParseError(description: "--save needs a directory") }
                o.save = arguments[i]
            case "-h", "--help", "help": verb = "help"
            default:
                if a.hasPrefix("-") { throw ParseError(description: "unknown option \(a)") }
                if verb == nil { verb = a } else { names.append(a) }
            }
            i += 1
        }
        switch verb {
        case "list": o.command = .list
        case "all": o.command = .all
        case "table":
            guard !names.isEmpty else { throw ParseError(description: "table needs at least one JSON file") }
            o.command = .table(names)
        case "run":
            guard !names.isEmpty else { throw ParseError(description: "run needs at least one scene name") }
            o.command = .run(names)
        case "help": o.command = .help
        case nil: throw ParseError(description: "expected a command")   // as carender: exit 64, usage on stderr
        case let v?: throw ParseError(description: "unknown command \(v)")
        }
        switch o.command {
        case .run, .table: return o
        default: break
        }
        if !names.isEmpty {
            throw ParseError(description: "unexpected arguments: \(names.joined(separator: " "))")
        }
        return o
    }
}
