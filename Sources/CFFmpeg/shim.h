#ifndef MEDIABATCH_CFFMPEG_SHIM_H
#define MEDIABATCH_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/display.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/samplefmt.h>
#include <libavutil/sha.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/cpu.h>
#include <libavutil/dict.h>
#include <libavutil/log.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <stdio.h>
#include <string.h>

/// libavfilter's entry points, typed from its headers. mediabatch does not link libavfilter (loading it and the ~70
/// libraries it needs adds about 10 MB to every process); FilterLibrary.swift opens it with dlopen when a filter graph
/// is first built and calls it through pointers of these types.
typedef __typeof__(&avfilter_get_by_name) mb_avfilter_get_by_name_fn;
typedef __typeof__(&avfilter_graph_alloc) mb_avfilter_graph_alloc_fn;
typedef __typeof__(&avfilter_graph_free) mb_avfilter_graph_free_fn;
typedef __typeof__(&avfilter_graph_create_filter) mb_avfilter_graph_create_filter_fn;
typedef __typeof__(&avfilter_graph_config) mb_avfilter_graph_config_fn;
typedef __typeof__(&avfilter_graph_parse_ptr) mb_avfilter_graph_parse_ptr_fn;
typedef __typeof__(&avfilter_inout_alloc) mb_avfilter_inout_alloc_fn;
typedef __typeof__(&avfilter_inout_free) mb_avfilter_inout_free_fn;
typedef __typeof__(&avfilter_link) mb_avfilter_link_fn;
typedef __typeof__(&av_buffersrc_add_frame_flags) mb_av_buffersrc_add_frame_flags_fn;
typedef __typeof__(&av_buffersink_get_frame) mb_av_buffersink_get_frame_fn;
typedef __typeof__(&av_buffersink_get_time_base) mb_av_buffersink_get_time_base_fn;

// Macros and variadic functions Swift cannot import, re-exposed as functions.

static inline int mb_averror(int e) { return AVERROR(e); }
static inline int mb_averror_eof(void) { return AVERROR_EOF; }
static inline int mb_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int64_t mb_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational mb_av_time_base_q(void) { return AV_TIME_BASE_Q; }

/// Writes libav's message for an error code into `buffer`.
static inline void mb_av_strerror(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0) {
        snprintf(buffer, size, "error %d", code);
    }
}

/// A channel layout with the default order for `channels` channels.
static inline void mb_channel_layout_default(AVChannelLayout *layout, int channels) {
    av_channel_layout_default(layout, channels);
}

static inline AVChannelLayout mb_channel_layout_mono(void) {
    AVChannelLayout l = AV_CHANNEL_LAYOUT_MONO;
    return l;
}

static inline AVChannelLayout mb_channel_layout_stereo(void) {
    AVChannelLayout l = AV_CHANNEL_LAYOUT_STEREO;
    return l;
}

/// Formats a log line the way av_log_default_callback would, for a Swift callback.
static inline int mb_format_log_line(void *avcl, int level, const char *fmt, va_list vl,
                                     char *line, int line_size, int *print_prefix) {
    return av_log_format_line2(avcl, level, fmt, vl, line, line_size, print_prefix);
}

/// Zeroes every buffer of a frame, padding included (bytes past each row's width up to its linesize, and the rows
/// below the picture that av_frame_get_buffer adds), so no encoder ever reads uninitialised memory.
static inline void mb_frame_clear_buffers(AVFrame *frame) {
    for (int i = 0; i < AV_NUM_DATA_POINTERS; i++) {
        if (frame->buf[i]) memset(frame->buf[i]->data, 0, frame->buf[i]->size);
    }
}

#if defined(__linux__)
#include <sys/prctl.h>
#endif

/// Names the calling thread as `top`, `perf` and /proc show it (the kernel keeps the first 15 bytes); nothing elsewhere.
static inline void mb_name_current_thread(const char *name) {
#if defined(__linux__)
    prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL);
#else
    (void)name;
#endif
}

/// The SIMD features every machine of this architecture has, as libav's AV_CPU_FLAG_* bits (x86-64: SSE2 and
/// what comes before it); -1 where libav's features do not vary between machines of one architecture.
static inline int mb_baseline_cpu_flags(void) {
#if defined(__x86_64__)
    return AV_CPU_FLAG_MMX | AV_CPU_FLAG_MMXEXT | AV_CPU_FLAG_SSE | AV_CPU_FLAG_SSE2 | AV_CPU_FLAG_CMOV;
#else
    return -1;
#endif
}

#endif
