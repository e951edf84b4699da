internal import CFFmpeg
import MediaCore

/// A libavfilter graph with one output and one input, or a few (an `AVFilterGraph` it owns): frames pushed in,
/// filtered frames pulled out. The filters are libavfilter's own text syntax (`bwdif=mode=send_frame`,
/// `zscale=t=linear,tonemap=hable`), between `buffer` / `abuffer` sources set up from `Input` and a `buffersink` /
/// `abuffersink`. Sources are labelled `in`, `in1`, `in2`, ... in the filter text (`[in][in1]paletteuse`); with one
/// input the label may be left out.
///
/// `@unchecked Sendable`: one owner at a time; it may move to another thread but is never used concurrently.
public final class FilterGraph: @unchecked Sendable {
    /// What the graph's source receives; every pushed frame must match it.
    public enum Input: Sendable, Hashable {
        /// Pictures of one size and pixel format, timed in ticks of `timeBase`.
        case video(width: Int, height: Int, pixelFormat: PixelFormat, timeBase: MediaTime, sampleAspectRatio: FrameRate?)
        /// Audio of one rate, sample format and channel layout (libav's layout text: `stereo`, `5.1(side)`).
        case audio(sampleRate: Int, sampleFormat: SampleFormat, channelLayout: String, timeBase: MediaTime)

        /// The input that takes frames like `frame`, timed in ticks of `timeBase`.
        public static func like(_ frame: Frame, timeBase: MediaTime) -> Input {
            if frame.width > 0 {
                return .video(width: frame.width, height: frame.height, pixelFormat: frame.pixelFormat,
                              timeBase: timeBase, sampleAspectRatio: frame.sampleAspectRatio)
            }
            return .audio(sampleRate: frame.sampleRate, sampleFormat: frame.sampleFormat,
                          channelLayout: frame.channelLayoutName, timeBase: timeBase)
        }
    }

    /// The filter text between sources and sink, as given.
    public let filters: String
    /// Each source's setup, in label order (`in`, `in1`, ...).
    public let inputs: [Input]
    /// libavfilter, loaded on first use (see `FilterLibrary`).
    private let library: FilterLibrary
    /// The owned graph, freed with `avfilter_graph_free` (which frees its filter contexts too).
    private let graph: UnsafeMutablePointer<AVFilterGraph>
    private let sources: [UnsafeMutablePointer<AVFilterContext>]
    private let sink: UnsafeMutablePointer<AVFilterContext>
    /// Each source's time base.
    private let timeBases: [AVRational]
    /// Which sources have been sent the end of their input.
    private var finished: [Bool]

    /// The first source's setup.
    public var input: Input { inputs[0] }

    /// Whether libavfilter has a filter called `name` (`zscale` needs FFmpeg built with zimg); false when libavfilter
    /// cannot be loaded.
    public static func hasFilter(_ name: String) -> Bool {
        guard let library = try? FilterLibrary.shared() else { return false }
        return library.getByName(name) != nil
    }

    /// Builds and configures the graph `input -> filters -> sink`; `threads` is libavfilter's slice thread count
    /// (1 by default: the render already runs several things at once, and a fixed count keeps outputs repeatable).
    public convenience init(input: Input, filters: String, threads: Int = 1) throws(LibAVError) {
        try self.init(inputs: [input], filters: filters, threads: threads)
    }

    /// Builds and configures the graph `inputs -> filters -> sink`, the inputs labelled `in`, `in1`, `in2`, ...;
    /// `threads` as for one input. The sink's media type is the first input's.
    public init(inputs: [Input], filters: String, threads: Int = 1) throws(LibAVError) {
        guard let first = inputs.first else {
            throw LibAVError.invalidArgument("cannot filter through '\(filters)': the graph has no input")
        }
        self.filters = filters
        self.inputs = inputs
        let operation = LibAVError.Operation.filter(filters)
        let library = try FilterLibrary.shared()
        let allocated = try checkAllocation(library.graphAlloc(), "avfilter_graph_alloc", operation)
        // deinit does not run for an init that throws before every property is set.
        var configured = false
        defer { if !configured { var owned: UnsafeMutablePointer<AVFilterGraph>? = allocated; library.graphFree(&owned) } }
        allocated.pointee.nb_threads = Int32(max(1, threads))
        var sourceContexts: [UnsafeMutablePointer<AVFilterContext>] = [], bases: [AVRational] = []
        for (index, input) in inputs.enumerated() {
            let (arguments, sourceName, _, base) = Self.sourceArguments(input)
            sourceContexts.append(try Self.makeFilter(sourceName, label: Self.label(index), arguments: arguments,
                                                      graph: allocated, library, operation))
            bases.append(base)
        }
        let sinkContext = try Self.makeFilter(Self.sourceArguments(first).2, label: "out", arguments: nil,
                                              graph: allocated, library, operation)
        try Self.link(filters, sources: sourceContexts, sink: sinkContext, graph: allocated, library, operation)
        try CPUFeatures.settingUp { () throws(LibAVError) in
            try check(library.graphConfig(allocated, nil), "avfilter_graph_config", operation)
        }
        configured = true
        self.library = library
        graph = allocated
        sources = sourceContexts
        sink = sinkContext
        timeBases = bases
        finished = Array(repeating: false, count: inputs.count)
    }

    /// The label of source `index` in filter text: `in`, then `in1`, `in2`, ...
    static func label(_ index: Int) -> String { index == 0 ? "in" : "in\(index)" }

    deinit {
        var owned: UnsafeMutablePointer<AVFilterGraph>? = graph
        library.graphFree(&owned)
    }

    /// Feeds one frame to source `index` (its pts converted to that source's time base); the caller keeps `frame`.
    public func push(_ frame: Frame, toInput index: Int = 0) throws(LibAVError) {
        guard sources.indices.contains(index) else {
            throw LibAVError.invalidArgument("cannot filter through '\(filters)': the graph has no input \(index)")
        }
        let reference = try frame.reference()
        reference.pointer.pointee.pts = frame.ticks(in: timeBases[index])
        reference.timeBase = timeBases[index]
        try check(library.sourceAddFrame(sources[index], reference.pointer, 0), "av_buffersrc_add_frame_flags",
                  .filter(filters))
    }

    /// Signals the end of source `index`'s input.
    public func finish(input index: Int) throws(LibAVError) {
        guard sources.indices.contains(index), !finished[index] else { return }
        finished[index] = true
        try check(library.sourceAddFrame(sources[index], nil, 0), "av_buffersrc_add_frame_flags",
                  .filter(filters))
    }

    /// Signals the end of every input, so filters that hold frames back (deinterlacers, palette makers) let them out.
    public func finish() throws(LibAVError) {
        for index in sources.indices { try finish(input: index) }
    }

    /// The next filtered frame, timed in the sink's time base; nil when the graph needs more input or is done.
    public func pull() throws(LibAVError) -> Frame? {
        let frame = try Frame()
        switch try checkStatus(library.sinkGetFrame(sink, frame.pointer), "av_buffersink_get_frame", .filter(filters)) {
        case .again, .endOfFile:
            return nil
        case .ok:
            frame.timeBase = library.sinkTimeBase(sink)
            return frame
        }
    }

    /// Every frame the graph has ready now.
    public func pullAll() throws(LibAVError) -> [Frame] {
        var frames: [Frame] = []
        while let frame = try pull() { frames.append(frame) }
        return frames
    }

    /// The `buffer` / `abuffer` argument text, the source and sink filter names, and the time base.
    private static func sourceArguments(_ input: Input) -> (String, String, String, AVRational) {
        switch input {
        case let .video(width, height, format, tick, aspect):
            let base = Self.rational(tick)
            let sar = aspect ?? FrameRate(1, 1)
            return ("video_size=\(width)x\(height):pix_fmt=\(format.raw):time_base=\(base.num)/\(base.den)"
                        + ":pixel_aspect=\(sar.numerator)/\(sar.denominator)", "buffer", "buffersink", base)
        case let .audio(rate, format, layout, tick):
            let base = Self.rational(tick)
            return ("time_base=\(base.num)/\(base.den):sample_rate=\(rate):sample_fmt=\(format.name)"
                        + ":channel_layout=\(layout)", "abuffer", "abuffersink", base)
        }
    }

    /// A time base from a tick duration; 1/1 when the tick is not a positive number.
    private static func rational(_ tick: MediaTime) -> AVRational {
        guard tick.isNumeric, tick.value > 0, tick.value <= Int64(Int32.max) else { return AVRational(num: 1, den: 1) }
        return tick.rational
    }

    /// Creates one named filter instance in `graph`.
    private static func makeFilter(_ name: String, label: String, arguments: String?,
                                   graph: UnsafeMutablePointer<AVFilterGraph>, _ library: FilterLibrary,
                                   _ operation: LibAVError.Operation)
        throws(LibAVError) -> UnsafeMutablePointer<AVFilterContext>
    {
        guard let filter = library.getByName(name) else {
            throw LibAVError.invalidArgument("cannot filter through '\(name)': libavfilter has no filter '\(name)'")
        }
        var context: UnsafeMutablePointer<AVFilterContext>?
        try check(library.graphCreateFilter(&context, filter, label, arguments, nil, graph),
                  "avfilter_graph_create_filter", operation)
        return try checkAllocation(context, "avfilter_graph_create_filter", operation)
    }

    /// Parses `filters` between the sources' outputs and the sink's input (an empty text links one source directly).
    private static func link(_ filters: String, sources: [UnsafeMutablePointer<AVFilterContext>],
                             sink: UnsafeMutablePointer<AVFilterContext>, graph: UnsafeMutablePointer<AVFilterGraph>,
                             _ library: FilterLibrary, _ operation: LibAVError.Operation) throws(LibAVError) {
        guard !filters.isEmpty else {
            guard sources.count == 1 else {
                throw LibAVError.invalidArgument("cannot filter through '': \(sources.count) inputs need filters to join them")
            }
            try check(library.link(sources[0], 0, sink, 0), "avfilter_link", operation)
            return
        }
        // Open ends as avfilter_graph_parse_ptr names them: the sources feed "in", "in1", ..., the sink takes "out".
        // Each list owns the entries after it, so freeing the head frees the list.
        var outputs: UnsafeMutablePointer<AVFilterInOut>? = nil
        var inputs = library.inOutAlloc()
        defer {
            library.inOutFree(&outputs)
            library.inOutFree(&inputs)
        }
        for index in sources.indices.reversed() {
            let end = try checkAllocation(library.inOutAlloc(), "avfilter_inout_alloc", operation)
            end.pointee.name = av_strdup(label(index))
            end.pointee.filter_ctx = sources[index]
            end.pointee.pad_idx = 0
            end.pointee.next = outputs
            outputs = end
        }
        guard let sinkEnd = inputs else {
            _ = try checkAllocation(nil as UnsafeMutablePointer<AVFilterInOut>?, "avfilter_inout_alloc", operation)
            return
        }
        sinkEnd.pointee.name = av_strdup("out")
        sinkEnd.pointee.filter_ctx = sink
        sinkEnd.pointee.pad_idx = 0
        sinkEnd.pointee.next = nil
        let code = library.graphParse(graph, filters, &inputs, &outputs, nil)
        if code < 0, let unknown = unknownFilter(in: filters) {
            throw LibAVError.invalidArgument("cannot filter through '\(filters)': libavfilter has no filter '\(unknown)'")
        }
        try check(code, "avfilter_graph_parse_ptr", operation)
    }

    /// The first filter named in `filters` that libavfilter does not have (libav only says "Invalid argument").
    static func unknownFilter(in filters: String) -> String? {
        for chain in filters.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            var text = Substring(chain.drop { $0 == " " })
            while text.hasPrefix("["), let close = text.firstIndex(of: "]") { text = text[text.index(after: close)...] }
            let name = String(text.prefix { $0 != "=" && $0 != "@" && $0 != "[" && $0 != " " })
            if !name.isEmpty, !hasFilter(name) { return name }
        }
        return nil
    }
}
