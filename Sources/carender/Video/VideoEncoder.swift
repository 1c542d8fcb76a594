#if CARENDER_VIDEO
import CQuartzFFmpeg

/// One opened libavcodec encoder for a container's first available codec
/// (`VideoContainer.encoders`): yuv420p for video (BT.709, limited range, as HD players
/// expect; BT.601 for VP8, whose bitstream fixes it), pal8 for GIF. Time base 1/fps, so frame i has pts i.
final class VideoEncoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let codecName: String
    private let packet: UnsafeMutablePointer<AVPacket>

    init(container: VideoContainer, settings: EncoderSettings, width: Int32, height: Int32, frameRate: AVRational,
         globalHeader: Bool) throws(VideoError) {
        var found: (String, UnsafePointer<AVCodec>)?
        let encoders = settings.codec?.encoders ?? container.encoders
        for name in encoders {
            if let codec = avcodec_find_encoder_by_name(name) { found = (name, codec); break }
        }
        guard let (name, codec) = found else {
            throw VideoError(description: "this FFmpeg has none of the encoders for "
                             + (settings.codec.map { "--codec \($0.rawValue)" } ?? ".\(container.rawValue)")
                             + " (\(encoders.joined(separator: ", ")))")
        }
        guard let context = avcodec_alloc_context3(codec), let packet = av_packet_alloc() else {
            throw VideoError(description: "out of memory for the \(name) encoder")
        }
        self.context = context
        self.packet = packet
        codecName = name
        let c = context
        c.pointee.width = width
        c.pointee.height = height
        c.pointee.time_base = av_inv_q(frameRate)
        c.pointee.framerate = frameRate
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        if container == .gif {
            c.pointee.pix_fmt = AV_PIX_FMT_PAL8
        } else {
            // ProRes is 4:2:2 10-bit; the others 4:2:0 8-bit.
            c.pointee.pix_fmt = name.hasPrefix("prores") ? AV_PIX_FMT_YUV422P10LE : AV_PIX_FMT_YUV420P
            c.pointee.color_range = AVCOL_RANGE_MPEG
            // VP8's bitstream is BT.601 whatever the container says; decoders read it so.
            c.pointee.colorspace = name == "libvpx" ? AVCOL_SPC_SMPTE170M : AVCOL_SPC_BT709
            c.pointee.color_primaries = AVCOL_PRI_BT709
            c.pointee.color_trc = AVCOL_TRC_BT709
        }
        if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        // Quality over size: the scenes are flat colours and sharp edges that low rates smear.
        // Frames over 2 Mpx look 10 frames ahead instead of x264's 40 (x265's 20): at 1170×2532
        // the lookahead alone held some 180 MB of pictures.
        let large = Int(width) * Int(height) > 2_000_000
        switch name {
        case "libx264":
            set("preset", settings.preset ?? "medium"); set("crf", "\(settings.crf ?? 18)")
            if large { set("rc-lookahead", "10") }
        case "libx265":
            set("preset", settings.preset ?? "medium"); set("crf", "\(settings.crf ?? 20)")
            set("x265-params", "log-level=error" + (large ? ":rc-lookahead=10" : ""))
        case "mpeg4":
            c.pointee.flags |= AV_CODEC_FLAG_QSCALE
            c.pointee.global_quality = FF_QP2LAMBDA * 3
        case "libvpx-vp9":
            c.pointee.bit_rate = 0
            set("crf", "\(settings.crf ?? 28)"); set("row-mt", "1"); set("deadline", "good"); set("cpu-used", "4")
        case "libvpx":
            c.pointee.bit_rate = 20_000_000
            set("crf", "8"); set("deadline", "good"); set("cpu-used", "4")
        default:
            break
        }
        try avCheck(avcodec_open2(c, codec, nil),
                    "cannot open the \(name) encoder at \(width)×\(height) px")
    }

    private func set(_ option: String, _ value: String) {
        _ = av_opt_set(context.pointee.priv_data, option, value, 0)
    }

    /// Sends `frame` (nil: end of stream, which flushes the frames the encoder holds back) and
    /// hands every packet now ready to `deliver`, in the encoder's time base.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>?,
                deliver: (UnsafeMutablePointer<AVPacket>) throws(VideoError) -> Void) throws(VideoError) {
        try avCheck(avcodec_send_frame(context, frame), "the \(codecName) encoder refused a frame")
        while true {
            let code = avcodec_receive_packet(context, packet)
            if code == cffmpeg_error_again() || code == cffmpeg_error_eof() { return }
            try avCheck(code, "the \(codecName) encoder failed")
            defer { av_packet_unref(packet) }
            try deliver(packet)
        }
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
    }
}
#endif
