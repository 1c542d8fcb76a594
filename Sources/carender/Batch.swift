// `carender batch`: many scenes in one command, each rendered by `carender render` in a child
// process (so a scene that crashes, hangs past --timeout or runs out of memory fails alone, and
// every check and output rule of `render` applies unchanged), with a progress bar on a
// terminal, a summary table and an exit code that says whether every scene rendered.
import Foundation
import Lottie

enum Batch {
    static let optionNames = ["--format", "--jobs", "-j", "--timeout", "-o"]

    static let usage = """
      carender batch LIST|DIR -o OUTDIR [--format png|jpg|pdf|mp4|gif|…] [--jobs N]
                     [--timeout SECONDS] [render options…]

    batch renders every scene of DIR (its .caml files, .ca bundles and .wallpaper folders, and
    its Lottie .json and .lottie files; other JSON is skipped with one line) or of
    LIST (a text file: one scene path a line; blank lines and # comments skipped) into OUTDIR,
    each as NAME.FORMAT (default png), or a NAME/ PNG sequence when --duration is given without
    --format. Other options (--time, --duration, --fps, --frames, --scale, --size, --state…) go
    to each `carender render`. --jobs runs N at once (default 1); --timeout stops a scene after
    that many seconds (default none). Lines go to standard error as scenes finish (a progress
    bar on a terminal), then a summary table to standard output. Exit 0 when every scene
    rendered, else the exit code of the first scene that failed (65 unreadable, 70 render
    failure, 124 timed out…); 64 for a bad batch command.
    """

    struct Job {
        let scene: String
        let output: String
    }

    struct Outcome {
        var code: Int32 = -1
        var seconds = 0.0
        var warnings = 0
        var message = ""
    }

    static func run(_ args: [String]) -> Never {
        var input: String?, outDir: String?, format: String?, jobs = 1, timeout: Double?
        var passThrough: [String] = []
        var i = 0
        func value() -> String {
            i += 1
            guard i < args.count else { usageError("\(args[i - 1]) needs a value") }
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "-o", "--output": outDir = value()
            case "--format": format = value().lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            case "--jobs", "-j":
                guard let n = Int(value()), (1...64).contains(n) else { usageError("--jobs must be 1 to 64") }
                jobs = n
            case "--timeout":
                guard let t = Double(value()), t > 0, t.isFinite else { usageError("--timeout must be a positive number of seconds") }
                timeout = t
            case let a where a.hasPrefix("-"):
                passThrough.append(a)
                if RenderOption.named(a)?.takesValue ?? true { passThrough.append(value()) }   // RenderOption.swift
            default:
                guard input == nil else { usageError("unexpected argument \(a)") }
                input = a
            }
            i += 1
        }
        guard let input else { usageError("no LIST or DIR given") }
        guard let outDir else { usageError("no output folder given (-o OUTDIR)") }
        if let format, OutputPath.format(of: "x.\(format)") ?? .folder == .folder {
            usageError("--format \(printable(format)): carender does not write it (png, jpg, pdf, mp4, mov, mkv, webm or gif)")
        }
        // The options every child gets, checked once here: a bad one is one usage error, not a
        // failure per scene.
        // Options for one input only (--state, --marker…) pass when either parser takes them: a
        // folder may hold scenes and Lottie animations, and each child checks its own.
        let options = passThrough.filter { $0 != "--verbose" }, out = ["-o", "x.\(format ?? "png")"]
        do throws(UsageError) {
            _ = try Arguments.parseRender(options + ["scene.caml"] + out)
        } catch {
            do throws(UsageError) { _ = try LottieRenderOptions.parse(options + ["anim.json"] + out) }
            catch let lottie { usageError(error.message.contains(": it is for Lottie") || error.message.contains("a scene has no")
                                          ? lottie.message : error.message) }
        }
        let scenes = sceneList(input)
        guard !scenes.isEmpty else { fail("no scenes or Lottie animations in \(input)", .noInput) }
        let isSequence = passThrough.contains("--duration") && format == nil
        let ext = format ?? "png"
        var used: Set<String> = []
        let outFolder = URL(fileURLWithPath: outDir).standardized
        let list = scenes.map { scene -> Job in
            var name = jobName(scene)
            if used.contains(name) { var n = 2; while used.contains("\(name)-\(n)") { n += 1 }; name = "\(name)-\(n)" }
            used.insert(name)
            let out = outFolder.appendingPathComponent(isSequence ? name : "\(name).\(ext)").standardized
            // A job's output is a direct child of OUTDIR, whatever the list line said.
            guard out.deletingLastPathComponent().path == outFolder.path else {
                fail("the output for \(printable(scene)) would leave \(printable(outDir)); not rendered", .usage)
            }
            return Job(scene: scene, output: out.path)
        }
        BatchChildren.shared.stopOnSignals()   // Batch+Child.swift
        let outcomes = runAll(list, passThrough: passThrough, jobs: jobs, timeout: timeout)
        BatchChildren.shared.parkIfStopping()
        printSummary(list, outcomes)
        finishStandardOutput()
        exit(outcomes.first { $0.code != 0 }?.code ?? 0)
    }

    /// A job's output name: the scene file's base name (of its path with `..` resolved), never
    /// `.`, `..` or empty (`sub/..` would have moved its frames into OUTDIR's parent), which
    /// become `scene`, said once.
    static func jobName(_ scene: String) -> String {
        let name = URL(fileURLWithPath: scene).standardized.deletingPathExtension().lastPathComponent
        guard name.isEmpty || name == "/" || name.allSatisfy({ $0 == "." }) else { return name }
        note("\(printable(scene)) has no usable file name; its output is named 'scene'")
        return "scene"
    }

    /// Longest list file read (a list of scene paths; larger is refused, not read whole).
    static let maximumListBytes = 16 << 20

    /// The scenes named by `input`: a folder's scenes, sorted, or a list file's lines.
    static func sceneList(_ input: String) -> [String] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDir) else {
            fail("no such list or folder: \(printable(input))", .noInput)
        }
        if isDir.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
            return names.filter { n in
                ["caml", "ca", "wallpaper", "json", "lottie", "lot"].contains(URL(fileURLWithPath: n).pathExtension.lowercased())
            }.sorted().map { URL(fileURLWithPath: input).appendingPathComponent($0).path }.filter(isRenderable)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: input)[.size] as? Int) ?? 0
        guard size <= maximumListBytes else {
            fail("the list \(printable(input)) is \(size >> 20) MiB; a list is at most \(maximumListBytes >> 20) MiB "
                 + "(one scene path a line)", .badInput)
        }
        guard let text = try? String(contentsOfFile: input, encoding: .utf8) else {
            fail("cannot read the list \(printable(input))", .badInput)
        }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { $0.hasPrefix("-") ? "./" + $0 : $0 }   // a file named -x.caml, not an option
    }

    /// Whether a folder's file is something to render: scenes always; a `.json` file only when
    /// it reads as a Lottie animation (other JSON in the folder is skipped with one line).
    static func isRenderable(_ path: String) -> Bool {
        guard URL(fileURLWithPath: path).pathExtension.lowercased() == "json" else { return true }
        do {
            _ = try LottieAnimation(contentsOf: URL(fileURLWithPath: path))
            return true
        } catch {
            note("skipping \(printable(URL(fileURLWithPath: path).lastPathComponent)): not a Lottie animation (\(oneLine(error)))")
            return false
        }
    }

    /// Runs the jobs, at most `jobs` at once, reporting each as it finishes.
    static func runAll(_ list: [Job], passThrough: [String], jobs: Int, timeout: Double?) -> [Outcome] {
        final class Results: @unchecked Sendable {   // guarded by `lock`
            let lock = NSLock()
            var outcomes: [Outcome]
            var done = 0
            init(_ n: Int) { outcomes = [Outcome](repeating: Outcome(), count: n) }
        }
        let results = Results(list.count)
        let progress = BatchProgress(total: list.count)
        let slots = DispatchSemaphore(value: jobs)
        let group = DispatchGroup()
        for (n, job) in list.enumerated() {
            slots.wait()
            checkInterrupted(nil)
            group.enter()
            results.lock.withLock { progress.started(job.scene) }
            Thread.detachNewThread {
                let outcome = renderOne(job, passThrough: passThrough, timeout: timeout)
                results.lock.lock()
                results.outcomes[n] = outcome
                results.done += 1
                progress.finished(job.scene, outcome, done: results.done)
                results.lock.unlock()
                slots.signal()
                group.leave()
            }
        }
        group.wait()
        progress.end()
        return results.outcomes
    }

    private static func usageError(_ message: String) -> Never {
        usageFailure(message, help: "batch")
    }
}
