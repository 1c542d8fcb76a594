import Foundation

/// `--codec h264|hevc|vp9|prores`, `--crf N` and `--preset NAME`: what encodes a video, for
/// scenes and Lottie animations alike. Without them each container keeps its default
/// (`VideoContainer.encoders`: H.264 at CRF 18, preset medium, in .mp4, .mov and .mkv; VP9 at
/// CRF 28 in .webm). A codec this FFmpeg lacks is refused when the video is opened, naming it.
struct EncoderSettings: Equatable {
    enum Codec: String, CaseIterable {
        case h264, hevc, vp9, prores

        /// libavcodec encoders, best first.
        var encoders: [String] {
            switch self {
            case .h264: ["libx264"]
            case .hevc: ["libx265"]
            case .vp9: ["libvpx-vp9"]
            case .prores: ["prores_ks", "prores"]
            }
        }

        /// The containers that hold it (as players read them).
        var containers: [VideoContainer] {
            switch self {
            case .h264, .hevc: [.mp4, .mov, .mkv]
            case .vp9: [.webm, .mkv, .mp4]
            case .prores: [.mov, .mkv]
            }
        }

        /// The constant-rate-factor scale, where the codec has one.
        var crfRange: ClosedRange<Int>? {
            switch self {
            case .h264, .hevc: 0...51
            case .vp9: 0...63
            case .prores: nil
            }
        }
    }

    static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
                          "veryslow", "placebo"]

    var codec: Codec?
    var crf: Int?
    var preset: String?

    var isSet: Bool { codec != nil || crf != nil || preset != nil }

    /// Takes `name`'s value if it is one of these options; false for any other.
    mutating func parse(_ name: String, _ value: () throws(UsageError) -> String) throws(UsageError) -> Bool {
        switch name {
        case "--codec":
            let text = try value()
            guard let c = Codec(rawValue: text.lowercased()) else {
                throw UsageError(message: "--codec must be " + Codec.allCases.map(\.rawValue).joined(separator: ", "))
            }
            codec = c
        case "--crf":
            let text = try value()
            guard let n = Int(text), (0...63).contains(n) else { throw UsageError(message: "--crf must be a whole number 0…63") }
            crf = n
        case "--preset":
            let text = try value().lowercased()
            guard Self.presets.contains(text) else {
                throw UsageError(message: "--preset must be one of " + Self.presets.joined(separator: ", "))
            }
            preset = text
        default: return false
        }
        return true
    }

    /// Refuses settings the output cannot take: any for a non-video output, a codec its
    /// container does not hold, a CRF outside the codec's scale, a preset for a codec without.
    func check(output: String) throws(UsageError) {
        guard isSet else { return }
        guard case .video(let container)? = OutputPath.format(of: output), container != .gif else {
            throw UsageError(message: "--codec, --crf and --preset are for video outputs (.mp4, .mov, .mkv, .webm)")
        }
        let codec = self.codec ?? (container == .webm ? .vp9 : .h264)
        guard codec.containers.contains(container) else {
            throw UsageError(message: "--codec \(codec.rawValue) does not go in .\(container.rawValue); "
                             + "it goes in " + codec.containers.map { "." + $0.rawValue }.joined(separator: ", "))
        }
        if let crf {
            guard let range = codec.crfRange else {
                throw UsageError(message: "--crf: \(codec.rawValue) has no constant rate factor (its profile sets the quality)")
            }
            guard range.contains(crf) else { throw UsageError(message: "--crf for \(codec.rawValue) is \(range.lowerBound)…\(range.upperBound)") }
        }
        if preset != nil, codec != .h264, codec != .hevc {
            throw UsageError(message: "--preset is for h264 and hevc")
        }
    }
}
