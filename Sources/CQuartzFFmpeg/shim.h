// FFmpeg (libavformat, libavcodec, libavfilter, libswscale, libavutil): carender's video and GIF
// output and `carender probe`. Optional: Package.swift adds this target only when the headers
// are installed (Debian: libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev
// libavutil-dev). Swift cannot import function-like macros or reach into the fixed-size
// `data`/`linesize` arrays of AVFrame comfortably, hence the small inline helpers below.
#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <libswscale/swscale.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>

static inline int cffmpeg_error_again(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_error_eof(void) { return AVERROR_EOF; }
static inline int64_t cffmpeg_no_pts(void) { return AV_NOPTS_VALUE; }

/// The message for an FFmpeg error code, written into `buffer` (NUL-terminated).
static inline void cffmpeg_error_string(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0) snprintf(buffer, size, "error %d", code);
}

static inline uint8_t *cffmpeg_frame_plane(const AVFrame *frame, int plane) { return frame->data[plane]; }
static inline int cffmpeg_frame_stride(const AVFrame *frame, int plane) { return frame->linesize[plane]; }

/// Converts every plane of `src` into one packed picture (`dst`, `stride` bytes a row).
static inline int cffmpeg_scale_frame_to_packed(struct SwsContext *context, const AVFrame *src,
                                                uint8_t *dst, int stride) {
    uint8_t *planes[4] = { dst, NULL, NULL, NULL };
    const int strides[4] = { stride, 0, 0, 0 };
    return sws_scale(context, (const uint8_t *const *)src->data, src->linesize, 0, src->height,
                     planes, strides);
}
#endif
