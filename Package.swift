// swift-tools-version:6.0
// Core Animation for Swift on Linux: Apple's CoreGraphics and QuartzCore programming model
// over cairo, pango and pixman. See docs/ARCHITECTURE.md for how the modules fit together.
import PackageDescription
import Foundation

// MARK: - Optional: video and GIF output for carender (FFmpeg)
// carender writes .mp4/.mov/.mkv/.webm/.gif through FFmpeg when its headers are installed
// (scripts/install-deps.sh installs them); without them the package still builds and carender
// says how to enable video. A manifest cannot run pkg-config, so this looks for the headers.
// CARENDER_VIDEO=0 in the environment builds without video even when they are present.
// SwiftPM caches this check: after installing the headers, rebuild with
// `touch Package.swift && swift build --manifest-cache none`.
let ffmpegHeaders = ["libavcodec/avcodec.h", "libavformat/avformat.h", "libavfilter/avfilter.h",
                     "libswscale/swscale.h", "libavutil/avutil.h"]
let includeDirectories = ["/usr/include", "/usr/include/x86_64-linux-gnu",
                          "/usr/include/aarch64-linux-gnu", "/usr/local/include"]
let hasVideo = ProcessInfo.processInfo.environment["CARENDER_VIDEO"] != "0"
    && ffmpegHeaders.allSatisfy { header in
        includeDirectories.contains { FileManager.default.fileExists(atPath: "\($0)/\(header)") }
    }
let videoLibraries: [Target] = hasVideo ? [
    // No pkgConfig: one .pc file names one of the five libraries; the headers are on the
    // default search path and module.modulemap links all five.
    .systemLibrary(name: "CQuartzFFmpeg",
                   providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavfilter-dev",
                                     "libswscale-dev", "libavutil-dev"])]),
] : []

// MARK: - Optional: GTK 4 for the GtkGLArea embedding example (Examples/gtkembed)
// Built when libgtk-4-dev is installed (scripts/install-deps.sh installs it); the same caching
// note as FFmpeg's applies. CAWINDOW_GTK=0 builds without it.
let hasGTK = ProcessInfo.processInfo.environment["CAWINDOW_GTK"] != "0"
    && includeDirectories.contains { FileManager.default.fileExists(atPath: "\($0)/gtk-4.0/gtk/gtk.h") }
let gtkExamples: [Target] = hasGTK ? [
    .systemLibrary(name: "CQuartzGTK4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    // A layer tree drawn by CARenderer inside a GTK 4 app's GtkGLArea.
    .executableTarget(name: "gtkembed", dependencies: ["CQuartzGTK4", "QuartzCore", "QuartzCoreGL"],
                      path: "Examples/gtkembed", swiftSettings: [.swiftLanguageMode(.v5)]),
] : []

// MARK: - System libraries (Debian -dev packages; .ci/run installs them)
// Each is a module.modulemap + shim.h and nothing else. The shim is where C mutable globals
// get `static inline` getters, so Swift 6 strict concurrency accepts them.
let systemLibraries: [Target] = [
    .systemLibrary(name: "CQuartzCairo", pkgConfig: "cairo",
                   providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(name: "CQuartzPango", pkgConfig: "pangocairo",
                   providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(name: "CQuartzFreeType", pkgConfig: "freetype2",
                   providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CQuartzFontconfig", pkgConfig: "fontconfig",
                   providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(name: "CQuartzPixman", pkgConfig: "pixman-1",
                   providers: [.apt(["libpixman-1-dev"])]),
    .systemLibrary(name: "CQuartzTurboJPEG", pkgConfig: "libturbojpeg",
                   providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CQuartzWebP", pkgConfig: "libwebp",
                   providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CQuartzPNG", pkgConfig: "libpng",
                   providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CQuartzZlib", pkgConfig: "zlib",
                   providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(name: "CQuartzDeflate", pkgConfig: "libdeflate",
                   providers: [.apt(["libdeflate-dev"])]),
    // EGL + OpenGL ES 3 declarations for QuartzCoreGL. Not linked: the libraries are opened at
    // run time, so programs start (and draw on the CPU) where libEGL is absent.
    .systemLibrary(name: "CQuartzEGL", providers: [.apt(["libegl-dev", "libgles-dev"])]),
    // SDL2 declarations for `carender play`'s window. Not linked either: libSDL2 is opened at
    // run time, so carender starts without it and only `play` says it is missing.
    .systemLibrary(name: "CQuartzSDL2", providers: [.apt(["libsdl2-dev"])]),
    // glibc's libm functions that Swift's Glibc module leaves out (`sincos`); libc6-dev.
    .systemLibrary(name: "CQuartzLibm", providers: [.apt(["libc6-dev"])]),
    // Linux calls Swift cannot make itself (`prctl` is variadic); glibc's headers (libc6-dev).
    .systemLibrary(name: "CQuartzLinux", providers: [.apt(["libc6-dev"])]),
    // libxml2's last error (its message, line and column), for CAML's malformed-XML messages:
    // Foundation's XMLParser, on the same libxml2, passes on only the error's number.
    .systemLibrary(name: "CQuartzLibXML2", providers: [.apt(["libxml2-dev"])]),
]

// MARK: - Public API (Apple's module names)
let libraries: [Target] = [
    // Geometry, colour, paths, images, fonts, bitmap and PDF contexts: a thin facade over cairo
    // (fonts: fontconfig finds them, FreeType reads them).
    .target(name: "CoreGraphics",
            dependencies: ["CQuartzCairo", "CQuartzPango", "CQuartzTurboJPEG", "CQuartzWebP", "CQuartzPNG", "CQuartzDeflate",
                           "CQuartzFreeType", "CQuartzFontconfig"]),
    // Apple's CoreText (fonts, lines, frames) over pango and harfbuzz; cairo draws the glyphs.
    .target(name: "CoreText", dependencies: ["CoreGraphics", "CQuartzPango", "CQuartzCairo"],
            exclude: ["README.md"]),
    // Minimal ImageIO (CGImageSource / CGImageDestination) so Apple image I/O code compiles.
    .target(name: "ImageIO", dependencies: ["CoreGraphics"]),
    // Layers, animation, transactions and the compositors.
    .target(name: "QuartzCore", dependencies: ["CoreGraphics", "CoreText", "CQuartzPixman", "CQuartzLibm"],
            exclude: ["Render/Backend/README.md"]),
    // The GPU backend: OpenGL ES 3 over headless EGL (Mesa's llvmpipe without a GPU); see
    // Sources/QuartzCoreGL/README.md.
    .target(name: "QuartzCoreGL", dependencies: ["QuartzCore", "CQuartzEGL"], exclude: ["README.md"]),
    // Windows on screen hosting layer trees (`CAWindow`): SDL2 windows on X11 and Wayland, frames
    // composited on a render thread and presented by the GPU (EGL window surface) or the CPU
    // (SDL texture); events in layer coordinates. SDL is opened at run time, not linked.
    .target(name: "QuartzCoreWindow", dependencies: ["QuartzCore", "QuartzCoreGL", "CQuartzSDL2"]),
    // Scene files: CAML documents, `.ca` bundles and `.wallpaper` folders read into layer trees
    // with their animations, states and transitions.
    .target(name: "CAML", dependencies: ["QuartzCore", "CQuartzLibXML2"], exclude: ["README.md"]),
    // Lottie (Bodymovin JSON and `.lottie` archives) imported onto layers with keyframe
    // animations, played through the root layer's speed and timeOffset.
    .target(name: "Lottie", dependencies: ["QuartzCore", "CoreText", "CQuartzZlib"], exclude: ["README.md"]),
    // Swift Testing declares a cross-import overlay `_Testing_CoreGraphics` for any module named
    // CoreGraphics. This target *is* that overlay (it re-exports Testing), shipped as its own
    // opt-in product so test targets can import Testing and CoreGraphics together while client
    // executables never link libTesting. See README "Testing code that imports CoreGraphics".
    .target(name: "_Testing_CoreGraphics", path: "Sources/TestingCoreGraphicsOverlay"),
]

// MARK: - Executables
let executables: [Target] = [
    // The main job: renders CAML scenes (.ca bundles, .wallpaper folders) to PNG frames, and to
    // video and GIF when FFmpeg was found above (compiled in under `#if CARENDER_VIDEO`).
    .executableTarget(name: "carender",
                      dependencies: ["QuartzCore", "QuartzCoreGL", "QuartzCoreWindow", "CAML", "Lottie", "CQuartzSDL2", "CQuartzLinux"]
                          + (hasVideo ? ["CQuartzFFmpeg"] : []),
                      swiftSettings: hasVideo ? [.define("CARENDER_VIDEO")] : []),
    // A CoreGraphics drawing example that writes a PNG.
    .executableTarget(name: "cgexample", dependencies: ["CoreGraphics"],
                      path: "Examples/cgexample"),
    // README's window app: a spinning square that changes colour when clicked.
    .executableTarget(name: "cawindowhello", dependencies: ["QuartzCore", "QuartzCoreWindow"],
                      path: "Examples/windowhello"),
    // A window of layers that react to the pointer and keyboard (cards, a spring button, a
    // text field): QuartzCoreWindow as an app uses it.
    .executableTarget(name: "cawindowdemo", dependencies: ["QuartzCore", "QuartzCoreWindow"],
                      path: "Examples/windowdemo"),
    // The examples gallery: the Programming Guide's figures as CALayer code, rendered to PNGs.
    .executableTarget(name: "cagallery", dependencies: ["QuartzCore"],
                      path: "Examples/cagallery"),
]

// MARK: - Window checks (run by the window tests under Xvfb: SDL's state is per process)
let windowChecks: [Target] = [
    .executableTarget(name: "cawindowcheck", dependencies: ["QuartzCore", "QuartzCoreWindow", "QuartzCoreGL", "CQuartzSDL2",
                                                            "CAML", "Lottie"],
                      path: "Tests/WindowCheck",
                      // A test driver of closures hopping between its thread and the main queue.
                      swiftSettings: [.swiftLanguageMode(.v5)]),
]

// MARK: - Benchmarks (release only: `swift run -c release cabench list`; see docs/BENCHMARKS.md)
let benchmarks: [Target] = [
    // Named scenes timed against peers in the same run; a scene is one file in Scenes/.
    .executableTarget(name: "cabench", dependencies: ["QuartzCore", "CAML", "CoreText", "CPeer", "QuartzCoreGL", "Lottie"]),
    // The native baselines: plain C loops and pixman called directly (SwiftPM builds C at -O2
    // in release).
    .target(name: "CPeer", dependencies: ["CQuartzPixman", "CQuartzCairo", "CQuartzPango"]),
]

// MARK: - Tests (one target per library; golden images live beside their tests)
let tests: [Target] = [
    .testTarget(name: "CoreGraphicsTests",
                dependencies: ["CoreGraphics", "ImageIO", "_Testing_CoreGraphics"],
                resources: [.copy("Fixtures")]),
    // Golden-image comparison shared by the render and scene tests (not a product).
    .target(name: "RenderTestSupport", dependencies: ["QuartzCore", "_Testing_CoreGraphics"],
            path: "Tests/RenderTestSupport"),
    .testTarget(name: "CoreTextTests", dependencies: ["CoreText", "_Testing_CoreGraphics"]),
    .testTarget(name: "QuartzCoreTests",
                dependencies: ["QuartzCore", "QuartzCoreGL", "_Testing_CoreGraphics", "RenderTestSupport"],
                exclude: ["Render/Golden"]),
    .testTarget(name: "LottieTests",
                dependencies: ["Lottie", "_Testing_CoreGraphics", "RenderTestSupport"]),
    .testTarget(name: "CAMLTests",
                dependencies: ["CAML", "_Testing_CoreGraphics", "RenderTestSupport"],
                exclude: ["Golden"]),
]

let package = Package(
    name: "CoreAnimationLinux",
    products: [
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        .library(name: "CoreText", targets: ["CoreText"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "QuartzCoreWindow", targets: ["QuartzCoreWindow"]),
        // The GPU compositor for offscreen hosts (`CAOffscreenRenderer.useBackend(.gpu)`).
        .library(name: "QuartzCoreGL", targets: ["QuartzCoreGL"]),
        .library(name: "CAML", targets: ["CAML"]),
        .library(name: "Lottie", targets: ["Lottie"]),
        // Add this product to *test* targets only (see the overlay target above).
        .library(name: "CoreGraphicsTestingOverlay", targets: ["_Testing_CoreGraphics"]),
        .executable(name: "carender", targets: ["carender"]),
        .executable(name: "cgexample", targets: ["cgexample"]),
        .executable(name: "cagallery", targets: ["cagallery"]),
        .executable(name: "cawindowdemo", targets: ["cawindowdemo"]),
        .executable(name: "cawindowhello", targets: ["cawindowhello"]),
        .executable(name: "cabench", targets: ["cabench"]),
    ],
    targets: systemLibraries + videoLibraries + gtkExamples + libraries + executables + windowChecks + benchmarks + tests,
    swiftLanguageModes: [.v6]
)
