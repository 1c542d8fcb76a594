#if CARENDER_VIDEO
import Foundation
import CoreGraphics
import CQuartzFFmpeg

/// Writes the frames as a video or an animated GIF (`VideoContainer`, by extension) through
/// libavformat and libavcodec, atomically: into a private `StagingFolder` beside the target,
/// renamed over the target on success and deleted on error or interrupt.
///
/// Frame i has pts i in time base 1/fps. Frames are composited over black: the renderer's
/// premultiplied colour with its alpha dropped (H.264 in yuv420p has no alpha; GIF has only
/// on/off). Video needs even sides, so an odd width or height is padded by one pixel that
/// repeats the edge (and a note says so).
final class VideoWriter: FrameSink {
    let target: URL
    let container: VideoContainer
    let frameRate: AVRational
    private var staging: StagingFolder?
    private var stagedName: String { "video." + container.rawValue }
    private var muxer: UnsafeMutablePointer<AVFormatContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var encoder: VideoEncoder?
    private var palette: GIFPalette?
    /// The rendered picture as BGR0, padded to the encoder's size.
    private var picture: UnsafeMutablePointer<AVFrame>?
    /// The picture in yuv420p (video only).
    private var converted: UnsafeMutablePointer<AVFrame>?
    private var scaler: OpaquePointer?
    private var imageSize = (width: 0, height: 0)

    /// `--codec`, `--crf`, `--preset` (EncoderSettings.swift).
    let settings: EncoderSettings

    init(output: String, container: VideoContainer, fps: Double, settings: EncoderSettings = EncoderSettings()) throws(UsageError) {
        self.settings = settings
        if container == .gif && fps > VideoContainer.maxGIFFramesPerSecond {
            throw UsageError(message: "a GIF plays at most \(Int(VideoContainer.maxGIFFramesPerSecond)) fps "
                             + "(frame delays are whole 1/100 s); use --fps 50 or less")
        }
        target = URL(fileURLWithPath: output)
        self.container = container
        // mpeg4 needs time-base terms under 2^16; whole and NTSC-style rates stay exact.
        frameRate = av_d2q(fps, 65535)
    }

    /// The size written: the frames' padded to even sides for video.
    var writtenSize: (width: Int, height: Int)? {
        container == .gif ? imageSize : ((imageSize.width + 1) & ~1, (imageSize.height + 1) & ~1)
    }

    /// Creates the temporary file and opens the encoder for frames of `width` × `height` px, so
    /// an unwritable target or a size the encoder refuses fails before rendering.
    func begin(width: Int, height: Int) throws {
        av_log_set_level(verboseOutput ? AV_LOG_INFO : AV_LOG_QUIET)   // carender reports failures itself
        try OutputPath.checkFile(target)
        let staging = try StagingFolder(for: target)
        self.staging = staging
        let path = staging.url.appendingPathComponent(stagedName).path
        var context: UnsafeMutablePointer<AVFormatContext>?
        try avCheck(avformat_alloc_output_context2(&context, nil, container.muxer, path),
                    "this FFmpeg has no \(container.muxer) muxer")
        muxer = context
        try avCheck(avio_open(&context!.pointee.pb, path, AVIO_FLAG_WRITE), "cannot create \(printable(path))")
        try start(width: width, height: height)
    }

    func write(_ image: CGImage, index: Int) throws {
        guard image.bitsPerPixel == 32, image.alphaInfo == .premultipliedFirst,
              image.byteOrderInfo == .order32Little, let data = image.dataProvider?.data else {
            throw VideoError(description: "unexpected frame layout (want premultiplied BGRA)")
        }
        if encoder == nil { try start(width: image.width, height: image.height) }
        guard let picture, (image.width, image.height) == imageSize else {
            throw VideoError(description: "frame \(index) is \(image.width)×\(image.height) px, not "
                             + "\(imageSize.width)×\(imageSize.height)")
        }
        try avCheck(av_frame_make_writable(picture), "out of memory for a frame")
        copy(data, stride: image.bytesPerRow, into: picture)
        picture.pointee.pts = Int64(index)
        if let palette {
            try palette.push(picture)
            try palette.pull { frame throws(VideoError) in
                frame.pointee.pts = av_rescale_q(frame.pointee.pts, palette.outputTimeBase,
                                                 encoder!.context.pointee.time_base)
                try encode(frame)
            }
        } else if let converted {
            try avCheck(av_frame_make_writable(converted), "out of memory for a frame")
            try avCheck(sws_scale_frame(scaler, converted, picture), "cannot convert frame \(index) to yuv420p")
            converted.pointee.pts = Int64(index)
            try encode(converted)
        }
    }

    /// Drains the palette filter and the encoder, writes the trailer, closes the file and
    /// renames it over the target.
    func finish() throws {
        guard let muxer else { return }
        guard encoder != nil else { throw VideoError(description: "no frames to write") }
        if let palette {
            try palette.push(nil)
            try palette.pull { frame throws(VideoError) in
                frame.pointee.pts = av_rescale_q(frame.pointee.pts, palette.outputTimeBase,
                                                 encoder!.context.pointee.time_base)
                try encode(frame)
            }
        }
        try encode(nil)
        try avCheck(av_write_trailer(muxer), "cannot finish \(printable(target.path))")
        try avCheck(avio_closep(&muxer.pointee.pb), "cannot close the video")
        release()
        defer { staging?.remove(); staging = nil }
        try staging?.commitFile(stagedName)
    }

    /// Frees everything and deletes the temporary file.
    func abandon() {
        release()
        staging?.remove()
        staging = nil
    }

    deinit { release() }

    /// Opens the encoder, the stream and the header for frames of `width` × `height` px.
    private func start(width: Int, height: Int) throws {
        guard let muxer else { throw VideoError(description: "output not open") }
        imageSize = (width, height)
        let even = container != .gif
        let w = Int32(even ? (width + 1) & ~1 : width), h = Int32(even ? (height + 1) & ~1 : height)
        if Int(w) != width || Int(h) != height {
            note("\(width)×\(height) px padded to \(w)×\(h) px (the video's chroma needs even sides; the edge pixels "
                 + "are repeated)")
        }
        let globalHeader = muxer.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0
        let encoder = try VideoEncoder(container: container, settings: settings, width: w, height: h,
                                       frameRate: frameRate, globalHeader: globalHeader)
        self.encoder = encoder
        if settings.codec == nil, container.encoders.first != encoder.codecName {
            note("\(container.encoders[0]) is not in this FFmpeg; encoding with \(encoder.codecName)")
        }
        guard let stream = avformat_new_stream(muxer, nil) else { throw VideoError(description: "cannot add a stream") }
        self.stream = stream
        try avCheck(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.context),
                    "cannot describe the stream")
        // HEVC in MP4 and MOV as 'hvc1' (parameter sets in the header), the tag Apple's players need.
        if encoder.codecName == "libx265", container == .mp4 || container == .mov {
            stream.pointee.codecpar.pointee.codec_tag = UInt32(0x68) | UInt32(0x76) << 8 | UInt32(0x63) << 16 | UInt32(0x31) << 24
        }
        stream.pointee.time_base = encoder.context.pointee.time_base
        stream.pointee.avg_frame_rate = frameRate
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        // The index up front, so players can start before the whole file has arrived.
        if container == .mp4 || container == .mov { av_dict_set(&options, "movflags", "+faststart", 0) }
        try avCheck(avformat_write_header(muxer, &options), "cannot write the \(container.muxer) header")

        picture = try makeFrame(width: w, height: h, format: AV_PIX_FMT_BGR0)
        if container == .gif {
            palette = try GIFPalette(width: w, height: h, timeBase: encoder.context.pointee.time_base)
        } else {
            let format = encoder.context.pointee.pix_fmt
            converted = try makeFrame(width: w, height: h, format: format)
            scaler = sws_getContext(w, h, AV_PIX_FMT_BGR0, w, h, format,
                                    SWS_BICUBIC | SWS_ACCURATE_RND, nil, nil, nil)
            guard scaler != nil else { throw VideoError(description: "cannot convert BGR0 to the encoder's pixel format") }
            // Full-range RGB in; limited-range YUV out by the matrix the stream is tagged with.
            let matrix = sws_getCoefficients(encoder.context.pointee.colorspace == AVCOL_SPC_BT709
                                             ? SWS_CS_ITU709 : SWS_CS_ITU601)
            _ = sws_setColorspaceDetails(scaler, matrix, 1, matrix, 0, 0, 1 << 16, 1 << 16)
        }
    }

    /// Copies the premultiplied BGRA rows into the BGR0 picture, repeating the last column and
    /// row into the padding.
    private func copy(_ data: Data, stride: Int, into frame: UnsafeMutablePointer<AVFrame>) {
        let (width, height) = imageSize
        let rows = Int(frame.pointee.height), columns = Int(frame.pointee.width)
        let base = cffmpeg_frame_plane(frame, 0)!
        let lineSize = Int(cffmpeg_frame_stride(frame, 0))
        data.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
            for y in 0..<rows {
                let row = base + y * lineSize
                let from = src.baseAddress! + min(y, height - 1) * stride
                memcpy(row, from, width * 4)
                for x in width..<columns { memcpy(row + x * 4, row + (width - 1) * 4, 4) }
            }
        }
    }

    private func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws(VideoError) {
        guard let encoder, let stream, let muxer else { return }
        try encoder.encode(frame) { packet throws(VideoError) in
            av_packet_rescale_ts(packet, encoder.context.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            try avCheck(av_interleaved_write_frame(muxer, packet), "cannot write \(printable(target.path))")
        }
    }

    private func release() {
        if let muxer {
            if muxer.pointee.pb != nil { avio_closep(&muxer.pointee.pb) }
            avformat_free_context(muxer)
            self.muxer = nil
        }
        stream = nil
        encoder = nil
        palette = nil
        freeFrame(&picture)
        freeFrame(&converted)
        if let scaler { sws_freeContext(scaler); self.scaler = nil }
    }
}
#endif
