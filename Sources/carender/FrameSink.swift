import Foundation
import CoreGraphics

/// Where rendered frames go, in order: `begin(width:height:)` before the first frame (checks
/// the target and creates the output's temporary form for frames of that many pixels, so an
/// unwritable target or a size the encoder refuses fails before any rendering), `write` once
/// per frame, `finish()` to put the output in place, or `abandon()` to remove everything partial.
protocol FrameSink: AnyObject {
    func begin(width: Int, height: Int) throws
    func write(_ image: CGImage, index: Int) throws
    func finish() throws
    func abandon()
    /// The pixel size of what is written, when it differs from the frames' (padded video).
    var writtenSize: (width: Int, height: Int)? { get }
}

extension FrameSink {
    var writtenSize: (width: Int, height: Int)? { nil }
}

extension FrameWriter: FrameSink {}

/// The last line of `carender --help`: whether this build writes video (scripts grep it).
#if CARENDER_VIDEO
let videoSupport = "video: yes (FFmpeg: .mp4 .mov .mkv .webm .gif output, probe)"
#else
let videoSupport = "video: no (built without the FFmpeg headers)"
#endif

/// The writer for `-o OUT`, chosen by OUT's extension: a video or GIF (`VideoContainer`) when
/// carender was built with FFmpeg, else a PNG or a PNG sequence (`FrameWriter`).
func makeFrameSink(_ options: RenderOptions, frameCount: Int, firstFrame: Int = 0) throws(UsageError) -> any FrameSink {
    guard let format = OutputPath.format(of: options.output) else {
        throw UsageError(message: "carender does not write .\(printable(URL(fileURLWithPath: options.output).pathExtension)) "
                         + "files; OUT is \(OutputPath.writtenExtensions)")
    }
    guard case .video(let container) = format else {
        return try FrameWriter(output: options.output, frameCount: frameCount, firstFrame: firstFrame)
    }
    // Same default as `RenderOptions.frameTimes()`, which spaced the frames.
    let fps = options.fps ?? 30
    #if CARENDER_VIDEO
    return try VideoWriter(output: options.output, container: container, fps: fps, settings: options.encoding)
    #else
    _ = fps
    throw UsageError(message: VideoContainer.notBuilt("writing .\(container.rawValue)"))
    #endif
}

/// The video and animation formats carender writes, by the output file's extension.
enum VideoContainer: String, CaseIterable {
    case mp4, mov, mkv, webm, gif

    /// libavformat's muxer name.
    var muxer: String {
        switch self {
        case .mp4: "mp4"
        case .mov: "mov"
        case .mkv: "matroska"
        case .webm: "webm"
        case .gif: "gif"
        }
    }

    /// libavcodec encoders to try, best first (Debian's libavcodec has libx264 and libvpx;
    /// `mpeg4` is built into every libavcodec).
    var encoders: [String] {
        switch self {
        case .mp4, .mov, .mkv: ["libx264", "mpeg4"]
        case .webm: ["libvpx-vp9", "libvpx"]
        case .gif: ["gif"]
        }
    }

    /// GIF frame delays are whole hundredths of a second, and browsers play delays under
    /// 2/100 s as 10/100 s, so faster GIFs would play slower than asked.
    static let maxGIFFramesPerSecond = 50.0

    /// The error for a video feature in a build without FFmpeg.
    static func notBuilt(_ what: String) -> String {
        """
        \(what) needs carender built with video support (FFmpeg), and this build has none.
        Install the FFmpeg headers (Debian: apt-get install libavcodec-dev libavformat-dev \
        libavfilter-dev libswscale-dev libavutil-dev, or scripts/install-deps.sh), then rebuild; \
        SwiftPM caches the manifest's check for them, so: `touch Package.swift && swift build \
        --manifest-cache none --product carender`.
        """
    }
}
