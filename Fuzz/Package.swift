// swift-tools-version:6.0
// libFuzzer targets, kept out of the main package so `swift build` and `swift test` stay fast.
// Built and run by scripts/fuzz.sh (`swift build -Xswiftc -sanitize=fuzzer,address` here: not
// SwiftPM's --sanitize, see FuzzDriver.swift); docs/FUZZING.md. Each target is a main.swift whose
// callback `runFuzzer` hands to libFuzzer. They reach the parsers' internals with
// `@testable import`, which the debug build allows.
import PackageDescription

let root = "CoreAnimationLinux"
func fuzzer(_ name: String, _ products: [String]) -> Target {
    .executableTarget(name: name,
                      dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: root) })
}

let package = Package(
    name: "CoreAnimationFuzz",
    dependencies: [.package(name: root, path: "..")],
    targets: [
        .target(name: "CFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzer"]),
        // A CAML document held in memory, read into a scene and rendered once.
        fuzzer("FuzzCAMLDocument", ["CAML", "QuartzCore"]),
        // A whole .ca bundle or .wallpaper folder (index.xml, documents, images) from one input.
        fuzzer("FuzzCAMLBundle", ["CAML", "QuartzCore"]),
        // PNG, JPEG and WebP through CGImage.decode, then drawn.
        fuzzer("FuzzImage", ["CoreGraphics"]),
        // CAML's number, point, colour, transform-list and path syntaxes.
        fuzzer("FuzzScalars", ["CAML", "QuartzCore"]),
        // CGPath: random paths stroked, dashed, bounded and hit-tested.
        fuzzer("FuzzPath", ["CoreGraphics"]),
        // Lottie JSON or a .lottie archive, imported onto layers and rendered twice.
        fuzzer("FuzzLottie", ["Lottie", "CoreGraphics"]),
    ],
    swiftLanguageModes: [.v6]
)
