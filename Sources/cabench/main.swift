// cabench: named benchmark scenes timed against peers in the same run (docs/BENCHMARKS.md).
// Build in release: `swift run -c release cabench all`.
// Exit codes as carender's (BSD sysexits): 0 ok, 1 a check failed, 64 usage (with the usage on
// standard error), 65 a saved run that cannot be read, 66 one that does not exist, 69 no GPU,
// 73 a --save folder that cannot be made or written.
import Foundation

/// Says what was wrong and how cabench is used, on standard error; exits 64 (EX_USAGE).
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cabench: \(message)\n\n\(Options.usage)\n".utf8))
    exit(64)
}

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    usageError("\(error)")
}

let scenes = SceneRegistry.all()
let chosen: [any BenchScene]
switch options.command {
case .help:
    print(Options.usage)
    exit(0)
case .list:
    let width = scenes.map(\.name.count).max() ?? 0
    for s in scenes { print(s.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + s.summary) }
    exit(0)
case .all:
    chosen = scenes
case .table(let files):
    // Ours from a saved run plus the rows the Python peers appended, as one table.
    do {
        let merged = try Report.cases(fromJSON: files)
        print(options.json ? Report.json(merged) : options.markdown ? Report.markdown(merged) : Report.text(merged, scenes: scenes),
              terminator: options.markdown ? "" : "\n")
        exit(merged.flatMap(\.measurements).contains { $0.failure != nil } ? 1 : 0)
    } catch let error as Report.ReadError {
        FileHandle.standardError.write(Data("cabench: \(error)\n".utf8))
        exit(error.isMissing ? 66 : 65)
    } catch {
        FileHandle.standardError.write(Data("cabench: cannot read \(files.joined(separator: ", ")): \(error)\n".utf8))
        exit(65)
    }
case .run(let names):
    let unknown = names.filter { n in !scenes.contains { $0.name == n } }
    guard unknown.isEmpty else { usageError("unknown scene \(unknown.joined(separator: ", ")); try `cabench list`") }
    chosen = names.compactMap { n in scenes.first { $0.name == n } }
}

#if DEBUG
FileHandle.standardError.write(Data("cabench: debug build; numbers are meaningless (use -c release)\n".utf8))
#endif

SaveDirectory.path = options.save
if let dir = options.save {
    // Before any timing: an unusable --save folder would otherwise show only after the whole run.
    var isDir: ObjCBool = false
    do { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) } catch {}
    guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue,
          access(dir, W_OK) == 0 else {
        FileHandle.standardError.write(Data("cabench: --save \(dir): cannot make a writable folder there\n".utf8))
        exit(73)
    }
}
let quick = options.frames == 1 && options.repeats == 1

var results: [CaseResult] = []
for scene in chosen {
    for c in scene.cases() {
        if let dir = options.save, let export = c.export {
            do { try export(dir) } catch {
                FileHandle.standardError.write(Data("cabench: could not save \(c.key ?? scene.name): \(error)\n".utf8))
            }
        }
        let ms = c.custom.map { $0(options.repeats, quick) }
            ?? Measure.run(c, frames: options.frames ?? c.frames, repeats: options.repeats,
                           warmup: options.warmup ?? c.warmup)
        let r = CaseResult(scene: scene.name, label: c.label, unit: c.unit, target: c.target, measurements: ms)
        results.append(r)
        // Progress on stderr, so stdout stays one clean table / document.
        FileHandle.standardError.write(Data("done: \(scene.name) / \(c.label)\n".utf8))
    }
}

if options.json {
    print(Report.json(results))
} else if options.markdown {
    print(Report.markdown(results), terminator: "")
} else {
    print(Report.text(results, scenes: chosen))
}

// A subject whose check failed measured something other than the work it names.
let failed = results.flatMap(\.measurements).filter { $0.failure != nil }
if !failed.isEmpty {
    FileHandle.standardError.write(Data("cabench: \(failed.count) check(s) failed\n".utf8))
    exit(1)
}
