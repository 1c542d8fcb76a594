// The examples gallery: the scenes the Core Animation Programming Guide describes, built as code
// with this package's CALayer API and rendered to PNG files (one per figure).
// Usage: cagallery [OUTPUT-FOLDER] [--scale S]   (defaults: out/gallery, scale 2)
import Foundation
import CoreGraphics
import QuartzCore

let figures: [Figure] = [
    anchorPointFigure, transformAnchorFigure, perspectiveFigure, contentsGravityFigure, styleFigure,
    shadowFigure, masksToBoundsFigure, layerTreeFigure, delegateCurveFigure, implicitFadeFigure,
    explicitFadeFigure, keyframePathFigure,
]

var args = Array(CommandLine.arguments.dropFirst())
var scale: CGFloat = 2
if let i = args.firstIndex(of: "--scale") {
    guard i + 1 < args.count, let s = Double(args[i + 1]), s > 0, s <= 8 else {
        FileHandle.standardError.write("cagallery: --scale takes a number in (0, 8]\n".data(using: .utf8)!)
        exit(64)
    }
    scale = CGFloat(s)
    args.removeSubrange(i...(i + 1))
}
let folder = URL(fileURLWithPath: args.first ?? "out/gallery")
do {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
} catch {
    FileHandle.standardError.write("cagallery: cannot create \(folder.path): \(error)\n".data(using: .utf8)!)
    exit(73)
}
var failed = 0
for figure in figures {
    let url = folder.appendingPathComponent(figure.name + ".png")
    guard let image = figure.render(scale: scale) else {
        FileHandle.standardError.write("cagallery: \(figure.name): could not render\n".data(using: .utf8)!)
        failed += 1
        continue
    }
    do {
        try image.write(pngTo: url)   // atomic
        print("\(url.path)  \(figure.caption)")
    } catch {
        FileHandle.standardError.write("cagallery: \(url.path): \(error)\n".data(using: .utf8)!)
        failed += 1
    }
}
exit(failed == 0 ? 0 : 1)
