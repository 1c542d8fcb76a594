// `carender convert`: reads a scene and writes it back as CAML with `CAMLWriter` — a `.caml`
// file (images inline), a `.ca` bundle or a `.wallpaper` folder.
import Foundation
import CAML

enum Convert {
    static let usage = """
      carender convert SCENE [--inline-images] -o OUT.caml|OUT.ca|OUT.wallpaper

    convert writes the scene back as CAML: a .caml file (one document, images as data: URIs),
    a .ca bundle (index.xml, main.caml, assets/*.png; --inline-images puts them in main.caml)
    or a .wallpaper folder (one .ca bundle per plane). Layers keep their file (base) values;
    the output reads back to the same scene. An earlier output of the same kind is replaced.
    """

    static func run(_ args: [String]) -> Never {
        var scene: String?, output: String?, inline = false
        var i = 0
        while i < args.count {
            switch args[i] {
            case "-o", "--output":
                i += 1
                guard i < args.count else { usageError("-o needs a value") }
                output = args[i]
            case "--inline-images": inline = true
            case let a where a.hasPrefix("-"): usageError("unknown option \(a)")
            case let a:
                guard scene == nil else { usageError("unexpected argument \(a)") }
                scene = a
            }
            i += 1
        }
        guard let scene else { usageError("no scene given") }
        guard let output else { usageError("no output given (-o OUT.caml, OUT.ca or OUT.wallpaper)") }
        let url = URL(fileURLWithPath: output)
        guard ["caml", "ca", "wallpaper"].contains(url.pathExtension.lowercased()) else {
            usageError("the output must end in .caml, .ca or .wallpaper")
        }
        let s = loadScene(scene)
        for w in s.warnings { FileHandle.standardError.write("\(w)\n".data(using: .utf8)!) }   // "file:line: warning: …"
        checkInterrupted(nil)
        let writer = CAMLWriter(imageStorage: inline ? .dataURI : .assets)
        do { try writer.write(s, to: url) } catch {
            fail("cannot write \(output): \(error.message)", error.kind == .unwritableFile || error.kind == .imageTooLarge ? .cantCreate : .badInput)
        }
        for w in writer.warnings { FileHandle.standardError.write("warning: \(w.message)\n".data(using: .utf8)!) }
        print("wrote \(output)")
        exit(0)
    }

    private static func usageError(_ message: String) -> Never {
        fail(message + "\nusage:\n" + usage, .usage)
    }
}
