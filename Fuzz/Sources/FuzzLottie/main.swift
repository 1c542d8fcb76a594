import Foundation
import FuzzSupport
import CoreGraphics
import Lottie

/// Any bytes as a Lottie file: JSON, or a `.lottie` zip when it starts like one; a readable
/// animation is built onto layers and rendered at two progresses into at most 48 points.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    let animation: LottieAnimation
    do {
        if bytes.starts(with: [0x50, 0x4b, 0x03, 0x04]) {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(getpid()).lottie")
            try bytes.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            animation = try LottieAnimation(contentsOf: url)
        } else {
            animation = try LottieAnimation(data: bytes)
        }
    } catch { return 0 }
    let lottie = LottieLayer(animation: animation)
    for p in [0.0, 0.5] {
        lottie.progress = p
        _ = lottie.image(viewSize: lottie.viewSize(maximumSide: 48), scale: 1)
    }
    return 0
}

runFuzzer { fuzzLottie($0, $1) }
