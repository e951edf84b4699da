internal import CFFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libavfilter's entry points, loaded with `dlopen` the first time a filter graph is built or a filter looked up.
///
/// Only GIF palettes, deinterlacing and HDR or wide-gamut conversion use libavfilter, but linking it maps it and about
/// 70 libraries it depends on (speech synthesis voices, Vulkan and OpenCL loaders) into every process: about 10 MB more
/// resident memory for each render run, whether it filters or not. The pointer types come from libavfilter's own
/// headers (`mb_*_fn` in the shim), so a signature that changes breaks the build, not the call.
struct FilterLibrary: @unchecked Sendable {
    let getByName: mb_avfilter_get_by_name_fn
    let graphAlloc: mb_avfilter_graph_alloc_fn
    let graphFree: mb_avfilter_graph_free_fn
    let graphCreateFilter: mb_avfilter_graph_create_filter_fn
    let graphConfig: mb_avfilter_graph_config_fn
    let graphParse: mb_avfilter_graph_parse_ptr_fn
    let inOutAlloc: mb_avfilter_inout_alloc_fn
    let inOutFree: mb_avfilter_inout_free_fn
    let link: mb_avfilter_link_fn
    let sourceAddFrame: mb_av_buffersrc_add_frame_flags_fn
    let sinkGetFrame: mb_av_buffersink_get_frame_fn
    let sinkTimeBase: mb_av_buffersink_get_time_base_fn

    /// The library's file name for the major version this build's headers describe.
    static var fileName: String {
        #if os(macOS)
        "libavfilter.\(LIBAVFILTER_VERSION_MAJOR).dylib"
        #else
        "libavfilter.so.\(LIBAVFILTER_VERSION_MAJOR)"
        #endif
    }

    /// The loaded library, or why it could not be loaded; loaded once, on first use, and never unloaded.
    static let loaded: Result<FilterLibrary, LibAVError> = Result { () throws(LibAVError) in try load() }

    /// The loaded library; throws `.libraryUnavailable` when it cannot be loaded.
    static func shared() throws(LibAVError) -> FilterLibrary {
        try loaded.get()
    }

    private static func load() throws(LibAVError) -> FilterLibrary {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            throw .libraryUnavailable(name: fileName, reason: dlerror().map { String(cString: $0) } ?? "not found")
        }
        func symbol<Function>(_ name: String, _: Function.Type) throws(LibAVError) -> Function {
            guard let address = dlsym(handle, name) else {
                throw .libraryUnavailable(name: fileName, reason: "it has no function '\(name)'")
            }
            return unsafeBitCast(address, to: Function.self)
        }
        return FilterLibrary(
            getByName: try symbol("avfilter_get_by_name", mb_avfilter_get_by_name_fn.self),
            graphAlloc: try symbol("avfilter_graph_alloc", mb_avfilter_graph_alloc_fn.self),
            graphFree: try symbol("avfilter_graph_free", mb_avfilter_graph_free_fn.self),
            graphCreateFilter: try symbol("avfilter_graph_create_filter", mb_avfilter_graph_create_filter_fn.self),
            graphConfig: try symbol("avfilter_graph_config", mb_avfilter_graph_config_fn.self),
            graphParse: try symbol("avfilter_graph_parse_ptr", mb_avfilter_graph_parse_ptr_fn.self),
            inOutAlloc: try symbol("avfilter_inout_alloc", mb_avfilter_inout_alloc_fn.self),
            inOutFree: try symbol("avfilter_inout_free", mb_avfilter_inout_free_fn.self),
            link: try symbol("avfilter_link", mb_avfilter_link_fn.self),
            sourceAddFrame: try symbol("av_buffersrc_add_frame_flags", mb_av_buffersrc_add_frame_flags_fn.self),
            sinkGetFrame: try symbol("av_buffersink_get_frame", mb_av_buffersink_get_frame_fn.self),
            sinkTimeBase: try symbol("av_buffersink_get_time_base", mb_av_buffersink_get_time_base_fn.self))
    }
}
