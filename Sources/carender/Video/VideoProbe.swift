import Foundation

/// `carender probe FILE [--frame N] [--pixel X,Y]…`: what a video, GIF or image file holds,
/// read back through libavformat/libavcodec (so the outputs can be checked without ffprobe).
/// Decodes every frame to count them; `--pixel` prints straight RGBA at pixel (X, Y) of frame N
/// (default 0), x right and y down from the top-left pixel.
struct ProbeOptions {
    var file = ""
    var frame = 0
    var pixels: [(x: Int, y: Int)] = []

    static func parse(_ args: [String]) throws(UsageError) -> ProbeOptions {
        var o = ProbeOptions()
        var i = 0
        func value(_ name: String) throws(UsageError) -> String {
            i += 1
            guard i < args.count else { throw UsageError(message: "\(name) needs a value") }
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--frame":
                let s = try value(a)
                guard let n = Int(s), n >= 0 else { throw UsageError(message: "--frame: '\(s)' is not a frame index") }
                o.frame = n
            case "--pixel":
                let s = try value(a)
                let parts = s.split(separator: ",").compactMap { Int($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 >= 0 }) else {
                    throw UsageError(message: "--pixel must be X,Y in pixels, e.g. 10,20")
                }
                o.pixels.append((parts[0], parts[1]))
            default:
                if a.hasPrefix("-") { throw UsageError(message: "unknown option \(a)") }
                guard o.file.isEmpty else { throw UsageError(message: "unexpected argument \(a)") }
                o.file = a
            }
            i += 1
        }
        guard !o.file.isEmpty else { throw UsageError(message: "probe takes a file") }
        return o
    }
}

func probeCommand(_ args: [String]) -> Never {
    let options: ProbeOptions
    do throws(UsageError) { options = try ProbeOptions.parse(args) }
    catch { usageFailure(error.message, help: "probe") }
    #if CARENDER_VIDEO
    var st = stat()
    guard stat(options.file, &st) == 0 else { fail("no such file: \(printable(options.file))", .noInput) }
    // A FIFO or device would block or never end: only regular files are read.
    guard st.st_mode & S_IFMT == S_IFREG else { fail("\(printable(options.file)) is not a regular file", .badInput) }
    do throws(VideoError) {
        print(try VideoProbe(options).report().split(separator: "\n").map { printable(String($0)) }.joined(separator: "\n"))
    } catch {
        fail(printable("cannot read \(options.file): \(error)"), .badInput)
    }
    exit(0)
    #else
    fail(VideoContainer.notBuilt("carender probe"), .usage)
    #endif
}
