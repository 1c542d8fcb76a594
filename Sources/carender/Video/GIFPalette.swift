#if CARENDER_VIDEO
import CQuartzFFmpeg

/// Turns BGR0 frames into pal8 frames for the GIF encoder through libavfilter: each frame gets
/// its own best 256-colour palette (`palettegen=stats_mode=single`) and is mapped onto it with
/// error-diffusion dithering (`paletteuse=new=1`).
///
/// One palette per frame rather than one for the whole animation: a global palette needs every
/// frame before the first can be written (FFmpeg buffers them all), which for long or large
/// renders is unbounded memory; per-frame palettes stream, one frame in flight, and are exact
/// for the flat-coloured frames most scenes have. The cost is a local colour table per frame
/// (768 bytes) and no inter-frame cropping in the GIF encoder.
final class GIFPalette {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var source: UnsafeMutablePointer<AVFilterContext>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private var output: UnsafeMutablePointer<AVFrame>?
    private static let filters = "split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1"

    init(width: Int32, height: Int32, timeBase: AVRational) throws(VideoError) {
        graph = avfilter_graph_alloc()
        output = av_frame_alloc()
        guard graph != nil, output != nil else { throw VideoError(description: "out of memory for the GIF palette filter") }
        let args = "video_size=\(width)x\(height):pix_fmt=\(AV_PIX_FMT_BGR0.rawValue)"
            + ":time_base=\(timeBase.num)/\(timeBase.den):pixel_aspect=1/1"
        try avCheck(avfilter_graph_create_filter(&source, avfilter_get_by_name("buffer"), "in", args, nil, graph),
                    "cannot create the GIF filter input")
        try avCheck(avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", nil, nil, graph),
                    "cannot create the GIF filter output")
        // The parsed chain's open input connects to our source ("in"), its output to our sink.
        var outputs = avfilter_inout_alloc()
        var inputs = avfilter_inout_alloc()
        defer { avfilter_inout_free(&inputs); avfilter_inout_free(&outputs) }
        guard let o = outputs, let i = inputs else { throw VideoError(description: "out of memory for the GIF palette filter") }
        o.pointee.name = av_strdup("in"); o.pointee.filter_ctx = source; o.pointee.pad_idx = 0; o.pointee.next = nil
        i.pointee.name = av_strdup("out"); i.pointee.filter_ctx = sink; i.pointee.pad_idx = 0; i.pointee.next = nil
        try avCheck(avfilter_graph_parse_ptr(graph, Self.filters, &inputs, &outputs, nil),
                    "cannot build the GIF palette filter (\(Self.filters))")
        try avCheck(avfilter_graph_config(graph, nil), "cannot configure the GIF palette filter")
    }

    /// The time base of the frames `pull` hands out.
    var outputTimeBase: AVRational { av_buffersink_get_time_base(sink) }

    /// Feeds one frame (kept by reference: make it writable before reusing it); nil ends the
    /// stream, after which `pull` drains the rest.
    func push(_ frame: UnsafeMutablePointer<AVFrame>?) throws(VideoError) {
        try avCheck(av_buffersrc_add_frame_flags(source, frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF)),
                    "the GIF palette filter refused a frame")
    }

    /// Hands every pal8 frame now ready to `deliver`.
    func pull(_ deliver: (UnsafeMutablePointer<AVFrame>) throws(VideoError) -> Void) throws(VideoError) {
        guard let output else { return }
        while true {
            let code = av_buffersink_get_frame(sink, output)
            if code == cffmpeg_error_again() || code == cffmpeg_error_eof() { return }
            try avCheck(code, "the GIF palette filter failed")
            defer { av_frame_unref(output) }
            try deliver(output)
        }
    }

    deinit {
        avfilter_graph_free(&graph)
        av_frame_free(&output)
    }
}
#endif
