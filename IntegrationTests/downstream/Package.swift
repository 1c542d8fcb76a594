// swift-tools-version:6.0
// A downstream package, as a user of this project would write one. It proves two things about the
// Swift Testing cross-import trap (README, "Testing code that imports CoreGraphics"):
// its executable links CoreGraphics without libTesting, and its test target can import Testing and
// CoreGraphics (or CoreText, which re-exports it) together by adding the CoreGraphicsTestingOverlay
// product.
import PackageDescription

let package = Package(
    name: "Downstream",
    dependencies: [.package(name: "CoreAnimationLinux", path: "../..")],
    targets: [
        .executableTarget(name: "DownstreamApp",
                          dependencies: [.product(name: "CoreGraphics", package: "CoreAnimationLinux"),
                                         .product(name: "CoreText", package: "CoreAnimationLinux")]),
        .testTarget(name: "DownstreamTests",
                    dependencies: [.product(name: "CoreGraphics", package: "CoreAnimationLinux"),
                                   .product(name: "CoreText", package: "CoreAnimationLinux"),
                                   .product(name: "CoreGraphicsTestingOverlay", package: "CoreAnimationLinux")]),
    ],
    swiftLanguageModes: [.v6]
)
