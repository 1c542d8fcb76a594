#if CARENDER_VIDEO
import CQuartzFFmpeg

/// A failure inside FFmpeg, with its own message (`av_strerror`).
struct VideoError: Error, CustomStringConvertible {
    let description: String
}

func avErrorString(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    cffmpeg_error_string(code, &buffer, buffer.count)
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
}

/// `code` when it is not negative; else throws naming `what` and FFmpeg's message.
@discardableResult
func avCheck(_ code: Int32, _ what: @autoclosure () -> String) throws(VideoError) -> Int32 {
    guard code >= 0 else { throw VideoError(description: "\(what()): \(avErrorString(code))") }
    return code
}

/// A frame of `width` × `height` pixels in `format`, with its buffers allocated.
func makeFrame(width: Int32, height: Int32, format: AVPixelFormat) throws(VideoError) -> UnsafeMutablePointer<AVFrame> {
    guard let frame = av_frame_alloc() else { throw VideoError(description: "out of memory for a frame") }
    frame.pointee.width = width
    frame.pointee.height = height
    frame.pointee.format = format.rawValue
    let code = av_frame_get_buffer(frame, 0)
    guard code >= 0 else {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
        throw VideoError(description: "cannot allocate a \(width)×\(height) frame: \(avErrorString(code))")
    }
    return frame
}

func freeFrame(_ frame: inout UnsafeMutablePointer<AVFrame>?) {
    av_frame_free(&frame)
}
#endif
