#if CARENDER_VIDEO
import Foundation
import CQuartzFFmpeg

/// Reads a file's best video stream to the end, counting frames and sampling pixels of one.
struct VideoProbe {
    let options: ProbeOptions

    init(_ options: ProbeOptions) { self.options = options }

    func report() throws(VideoError) -> String {
        av_log_set_level(verboseOutput ? AV_LOG_INFO : AV_LOG_QUIET)
        var format: UnsafeMutablePointer<AVFormatContext>?
        // Local files only, and only demuxers that read the one file named: a playlist (HLS,
        // concat) would make FFmpeg open other files it names.
        var open: OpaquePointer?
        defer { av_dict_free(&open) }
        av_dict_set(&open, "protocol_whitelist", "file", 0)
        av_dict_set(&open, "format_whitelist", Self.demuxers, 0)
        // The image demuxer reads a name with % or * as a pattern of files (img%03d.png opens
        // img001.png…); probe reads exactly the file named.
        av_dict_set(&open, "pattern_type", "none", 0)
        try avCheck(avformat_open_input(&format, options.file, nil, &open), "not a media file carender probes")
        defer { avformat_close_input(&format) }
        try avCheck(avformat_find_stream_info(format, nil), "no stream information")
        let index = try avCheck(av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0), "no video stream")
        let stream = format!.pointee.streams[Int(index)]!
        let parameters = stream.pointee.codecpar!
        let pixels = Int(parameters.pointee.width) * Int(parameters.pointee.height)
        guard pixels <= Self.maximumPixelCount else {
            throw VideoError(description: "frames of \(parameters.pointee.width)×\(parameters.pointee.height) pixels are "
                             + "over the \(Self.maximumPixelCount)-pixel limit; not decoded")
        }
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw VideoError(description: "no decoder for \(String(cString: avcodec_get_name(parameters.pointee.codec_id)))")
        }
        var decoder = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&decoder) }
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        guard let decoder, let packet, let frame else { throw VideoError(description: "out of memory") }
        try avCheck(avcodec_parameters_to_context(decoder, parameters), "bad stream parameters")
        decoder.pointee.max_pixels = Int64(Self.maximumPixelCount)   // frames that grow mid-stream
        try avCheck(avcodec_open2(decoder, codec, nil), "cannot open the decoder")

        var count = 0
        var samples: [String] = []
        var firstPTS: Int64?, lastPTS: Int64?
        func drain() throws(VideoError) {
            while true {
                let code = avcodec_receive_frame(decoder, frame)
                if code == cffmpeg_error_again() || code == cffmpeg_error_eof() { return }
                try avCheck(code, "cannot decode frame \(count)")
                defer { av_frame_unref(frame) }
                let pts = frame.pointee.best_effort_timestamp
                if pts != cffmpeg_no_pts() { firstPTS = firstPTS ?? pts; lastPTS = pts }
                if count == options.frame { samples = try sample(frame) }
                count += 1
            }
        }
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            try avCheck(avcodec_send_packet(decoder, packet), "cannot decode frame \(count)")
            try drain()
        }
        _ = avcodec_send_packet(decoder, nil)
        try drain()

        let timeBase = stream.pointee.time_base
        let rate = stream.pointee.avg_frame_rate
        var lines = [
            "file: \(options.file)",
            "format: \(String(cString: format!.pointee.iformat.pointee.name))",
            "codec: \(String(cString: avcodec_get_name(parameters.pointee.codec_id))) "
                + pixelFormatName(parameters.pointee.format),
            "size: \(parameters.pointee.width)x\(parameters.pointee.height)",
            "frames: \(count)",
        ]
        if rate.num > 0, rate.den > 0 { lines.append("fps: \(rate.num)/\(rate.den) (\(format3(av_q2d(rate))))") }
        if let firstPTS, let lastPTS {
            lines.append("first frame: \(format3(Double(firstPTS) * av_q2d(timeBase))) s, "
                         + "last frame: \(format3(Double(lastPTS) * av_q2d(timeBase))) s")
        }
        let duration = format!.pointee.duration
        if duration != cffmpeg_no_pts(), duration > 0 {
            lines.append("duration: \(format3(Double(duration) / Double(AV_TIME_BASE))) s")
        }
        if !options.pixels.isEmpty && count <= options.frame {
            throw VideoError(description: "no frame \(options.frame) (the file has \(count))")
        }
        return (lines + samples).joined(separator: "\n")
    }

    /// "pixel X,Y of frame N: r g b a" for each requested pixel, after converting the frame to
    /// straight RGBA by its own colour space and range tags (BT.601 when untagged).
    private func sample(_ frame: UnsafeMutablePointer<AVFrame>) throws(VideoError) -> [String] {
        guard !options.pixels.isEmpty else { return [] }
        let w = frame.pointee.width, h = frame.pointee.height
        for p in options.pixels where p.x >= Int(w) || p.y >= Int(h) {
            throw VideoError(description: "pixel \(p.x),\(p.y) is outside the \(w)x\(h) frame")
        }
        guard let scaler = sws_getContext(w, h, AVPixelFormat(rawValue: frame.pointee.format), w, h,
                                          AV_PIX_FMT_RGBA, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                          nil, nil, nil) else {
            throw VideoError(description: "cannot convert \(pixelFormatName(frame.pointee.format)) to RGBA")
        }
        defer { sws_freeContext(scaler) }
        let space = frame.pointee.colorspace == AVCOL_SPC_BT709 ? SWS_CS_ITU709 : SWS_CS_DEFAULT
        let fullRange: Int32 = frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0
        _ = sws_setColorspaceDetails(scaler, sws_getCoefficients(space), fullRange,
                                     sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16)
        let stride = Int(w) * 4
        var rgba = [UInt8](repeating: 0, count: stride * Int(h))
        try avCheck(cffmpeg_scale_frame_to_packed(scaler, frame, &rgba, Int32(stride)), "cannot convert the frame to RGBA")
        return options.pixels.map { p in
            let i = p.y * stride + p.x * 4
            return "pixel \(p.x),\(p.y) of frame \(options.frame): \(rgba[i]) \(rgba[i + 1]) \(rgba[i + 2]) \(rgba[i + 3])"
        }
    }

    /// The largest frame decoded: the scene reader's image budget (512 MiB at 4 bytes a pixel).
    static let maximumPixelCount = 128 << 20

    /// The demuxers probe uses: containers and images of one file each.
    static let demuxers = "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,gif,image2,png_pipe,jpeg_pipe,webp_pipe,"
        + "avi,mpegts,ogg,flv,ivf,apng,y4m"

    private func pixelFormatName(_ raw: Int32) -> String {
        av_get_pix_fmt_name(AVPixelFormat(rawValue: raw)).map { String(cString: $0) } ?? "unknown"
    }

    private func format3(_ x: Double) -> String { String(format: "%.3f", x) }
}
#endif
