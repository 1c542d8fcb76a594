// `carender convert`: reads a scene and writes it back as CAML with `CAMLWriter` — a `.caml`
// file (images inline), a `.ca` bundle or a `.wallpaper` folder.
import Foundation
import CAML

enum Convert {
    static let optionNames = ["--inline-images", "--force", "--allow-outside-assets", "-o", "--output"]

    static let usage = """
      carender convert SCENE [--inline-images] [--force] [--allow-outside-assets DIR]...
                             -o OUT.caml|OUT.ca|OUT.wallpaper

    convert writes the scene back as CAML: a .caml file (one document, images as data: URIs),
    a .ca bundle (index.xml, main.caml, assets/*.png; --inline-images puts them in main.caml)
    or a .wallpaper folder (one .ca bundle per plane). Layers keep their file (base) values;
    the output reads back to the same scene. An existing OUT folder is refused unless --force;
    then only the scene's files in it (index.xml, main.caml, assets/image-N.png) are replaced
    and every other file there is kept. OUT naming SCENE itself is refused unless --force too
    (the rewrite loses its comments and layout).
    """

    static func run(_ args: [String]) -> Never {
        var scene: String?, output: String?, inline = false, force = false, allowed: [String] = []
        var i = 0
        while i < args.count {
            switch args[i] {
            case "-o", "--output":
                i += 1
                guard i < args.count else { usageError("-o needs a value") }
                output = args[i]
            case "--inline-images": inline = true
            case "--force": force = true
            case "--allow-outside-assets":
                i += 1
                guard i < args.count else { usageError("--allow-outside-assets needs a value") }
                do throws(UsageError) { allowed.append(try Arguments.folder(args[i - 1], args[i])) }
                catch { usageError(error.message) }
            case let a where a.hasPrefix("-"): usageError("unknown option \(a)")
            case let a:
                guard scene == nil else { usageError("unexpected argument \(a)") }
                scene = a
            }
            i += 1
        }
        guard let scene else { usageError("no scene given") }
        guard let output else { usageError("no output given (-o OUT.caml, OUT.ca or OUT.wallpaper)") }
        if LottieCommand.isLottie(scene) {
            usageError("convert writes CAML scenes back; \(printable(URL(fileURLWithPath: scene).lastPathComponent)) is a "
                       + "Lottie animation (render and info take it)")
        }
        let url = URL(fileURLWithPath: output)
        guard ["caml", "ca", "wallpaper"].contains(url.pathExtension.lowercased()) else {
            usageError("the output must end in .caml, .ca or .wallpaper")
        }
        // A killed earlier convert to OUT may have left OUT aside or the user's files in its
        // temporary folder: put them back first, so --force is decided on OUT as the user left it.
        for line in CAMLWriter.recoverInterruptedWrite(to: url) {
            FileHandle.standardError.write("warning: \(printable(line))\n".data(using: .utf8)!)
        }
        // Rewriting the scene over itself would lose what CAMLWriter does not keep (comments,
        // attribute order, the original assets): only with --force.
        if !force, url.resolvingSymlinksInPath().standardized.path
            == URL(fileURLWithPath: scene).resolvingSymlinksInPath().standardized.path {
            usageError("-o \(printable(output)) is the scene itself; write to another name (--force rewrites it in place)")
        }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue, !force {
            fail("\(printable(output)) exists; not replaced (--force replaces the scene in it and keeps its other files)",
                 .cantCreate)
        }
        let s = loadScene(scene, allowedAssetFolders: allowed)
        for w in s.warnings { FileHandle.standardError.write("\(printable("\(w)"))\n".data(using: .utf8)!) }   // "file:line: warning: …"
        outputWillOpen()
        checkInterrupted(nil)
        let writer = CAMLWriter(imageStorage: inline ? .dataURI : .assets)
        do { try writer.write(s, to: url) } catch {
            fail(printable("cannot write \(output): \(error.message)"),
                 error.kind == .unwritableFile || error.kind == .imageTooLarge ? .cantCreate : .badInput)
        }
        for w in writer.warnings { FileHandle.standardError.write("warning: \(printable(w.message))\n".data(using: .utf8)!) }
        // A scene's scale lives in its bundle's name (…@3x~iphone.ca); a .ca or .caml named
        // without it reads back at scale 1. (A .wallpaper keeps its planes' bundle names.)
        let name = url.lastPathComponent
        if s.defaultScale != 1, url.pathExtension.lowercased() != "wallpaper", name.firstMatch(of: /@\d+(\.\d+)?x/) == nil {
            let n = s.defaultScale == s.defaultScale.rounded() ? "\(Int(s.defaultScale))" : "\(s.defaultScale)"
            note("the scene is @\(n)x, which only a bundle's name carries: name it "
                 + "\(url.deletingPathExtension().lastPathComponent)@\(n)x.\(url.pathExtension) to render it at that scale "
                 + "again (or give --scale \(n))")
        }
        print("wrote \(printable(output))")
        exit(0)
    }

    private static func usageError(_ message: String) -> Never {
        usageFailure(message, help: "convert")
    }
}
