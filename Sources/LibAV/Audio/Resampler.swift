internal import CFFmpeg
import MediaCore

/// An audio converter (an `SwrContext` it owns): sample rate, channel layout and sample format, set up once and used
/// for many frames. More channels than the output has are mixed down with the input's real layout (5.1 to stereo
/// with the ITU matrix: centre and surrounds at -3 dB, LFE left out).
///
/// Two ways to time the output. By default output frames get consecutive pts at the output rate, starting from the
/// first input's pts. With `Timing.followTimestamps`, each input is placed where its timestamp says (see
/// `convert(_:at:)`): swresample fills a gap with silence, drops what overlaps, and corrects small drift gradually
/// by stretching or squeezing by at most `maximumStretch` (its `swr_next_pts` compensation, as `aresample=async`).
///
/// `@unchecked Sendable`: one owner at a time; it may move to another thread but is never used concurrently.
public final class Resampler: @unchecked Sendable {
    /// A sample rate, channel layout and sample format.
    public struct AudioFormat: Sendable, Hashable, CustomStringConvertible {
        /// Samples per second.
        public var sampleRate: Int
        /// Channel count.
        public var channels: Int
        /// Sample format.
        public var sampleFormat: SampleFormat
        /// The channel layout as libav names it (`5.1(side)`, `stereo`); empty for the default layout of `channels`.
        public var channelLayout: String

        /// Creates a format; an empty `channelLayout` means libav's default layout for `channels`.
        public init(sampleRate: Int, channels: Int, sampleFormat: SampleFormat, channelLayout: String = "") {
            self.sampleRate = sampleRate
            self.channels = channels
            self.sampleFormat = sampleFormat
            self.channelLayout = channelLayout
        }

        /// The format of `frame`'s audio, with its real channel layout.
        public static func of(_ frame: Frame) -> AudioFormat {
            AudioFormat(sampleRate: frame.sampleRate, channels: frame.channels, sampleFormat: frame.sampleFormat,
                        channelLayout: frame.channelLayoutName)
        }

        /// `48000 Hz 2 ch fltp`, or `48000 Hz 5.1(side) fltp` with a layout.
        public var description: String {
            "\(sampleRate) Hz \(channelLayout.isEmpty ? "\(channels) ch" : channelLayout) \(sampleFormat)"
        }
    }

    /// How output samples are timed.
    public enum Timing: Sendable, Hashable {
        /// Samples follow one another from the first input's pts; input timestamps are otherwise ignored.
        case contiguous
        /// Inputs are placed at the times `convert(_:at:)` is given, measured from `origin` (the time of the first
        /// output sample). Differences above `hardThreshold` seconds are filled with silence or dropped at once;
        /// smaller ones above `softThreshold` are corrected over a second by stretching at most `maximumStretch`
        /// (a fraction: 0.005 is 0.5 %).
        case followTimestamps(origin: MediaTime, softThreshold: Double = 0.005, hardThreshold: Double = 0.015,
                              maximumStretch: Double = 0.005)
    }

    /// What the resampler takes.
    public let source: AudioFormat
    /// What it produces.
    public let destination: AudioFormat
    /// How output is timed.
    public let timing: Timing
    /// The owned context, freed with `swr_free`.
    private var context: OpaquePointer?
    /// The pts (in output samples) of the next output frame, once the first input set it.
    private var nextPts: Int64?

    /// Sets up a conversion from `source` to `destination`, timed per `timing`.
    public init(source: AudioFormat, destination: AudioFormat, timing: Timing = .contiguous) throws(LibAVError) {
        self.source = source
        self.destination = destination
        self.timing = timing
        let what = "\(source) -> \(destination)"
        guard source.sampleRate > 0, source.channels > 0, destination.sampleRate > 0, destination.channels > 0 else {
            throw LibAVError.invalidArgument("cannot resample \(what): invalid audio format")
        }
        var input = Self.layout(source), output = Self.layout(destination)
        defer { av_channel_layout_uninit(&input); av_channel_layout_uninit(&output) }
        try check(swr_alloc_set_opts2(&context, &output, destination.sampleFormat.av, Int32(destination.sampleRate),
                                      &input, source.sampleFormat.av, Int32(source.sampleRate), 0, nil),
                  "swr_alloc_set_opts2", .resample(what))
        let owned = try checkAllocation(context, "swr_alloc_set_opts2", .resample(what))
        if case let .followTimestamps(origin, soft, hard, stretch) = timing {
            for (name, value) in [("min_comp", soft), ("min_hard_comp", hard), ("max_soft_comp", stretch),
                                  ("comp_duration", 1.0)] {
                try check(av_opt_set_double(UnsafeMutableRawPointer(owned), name, value, 0), "av_opt_set_double",
                          .resample(what))
            }
            // The resampling engine from the start, even between equal rates: the first drift correction would
            // otherwise re-initialise swresample, losing its buffered samples and its place on the timeline.
            try check(av_opt_set_int(UnsafeMutableRawPointer(owned), "flags", Int64(SWR_FLAG_RESAMPLE), 0),
                      "av_opt_set_int", .resample(what))
            try Self.start(owned, what)
            // The origin becomes swresample's first timestamp, so a first input after it starts with silence and
            // one before it loses its lead.
            let outpts = swr_next_pts(owned, swrUnits(origin))
            nextPts = outpts / Int64(source.sampleRate)
        } else {
            try Self.start(owned, what)
        }
    }

    deinit { swr_free(&context) }

    /// Initialises `context` with the features float audio is set up with (see `CPUFeatures`).
    private static func start(_ context: OpaquePointer, _ what: String) throws(LibAVError) {
        try CPUFeatures.settingUpAudio { () throws(LibAVError) in
            try check(swr_init(context), "swr_init", .resample(what))
        }
    }

    /// The description used in errors.
    private var what: String { "\(source) -> \(destination)" }

    /// Converts `frame` (in the source format); the result may hold fewer or more samples (the filter delays some).
    /// With `followTimestamps`, `time` is where the frame's first sample belongs (from the same origin); nil keeps
    /// it right after the previous frame.
    public func convert(_ frame: Frame, at time: MediaTime? = nil) throws(LibAVError) -> Frame {
        guard frame.sampleRate == source.sampleRate, frame.channels == source.channels,
              frame.sampleFormat == source.sampleFormat
        else {
            throw LibAVError.invalidArgument(
                "cannot resample \(frame.sampleRate) Hz \(frame.channels) ch \(frame.sampleFormat): "
                    + "the resampler was set up for \(source)")
        }
        if case .followTimestamps = timing {
            let units = time.flatMap { $0.isNumeric ? swrUnits($0) : nil } ?? Int64.min
            nextPts = swr_next_pts(context, units) / Int64(source.sampleRate)
        } else if nextPts == nil, frame.pts.isNumeric {
            nextPts = frame.pts.ticks(in: AVRational(num: 1, den: Int32(destination.sampleRate)))
        }
        return try run(input: frame.pointer.pointee.extended_data, count: frame.pointer.pointee.nb_samples)
    }

    /// Returns the samples the filter still holds; call once after the last input.
    public func flush() throws(LibAVError) -> Frame {
        try run(input: nil, count: 0)
    }

    /// `time` in swresample's timestamp unit, 1 / (input rate x output rate) seconds.
    private func swrUnits(_ time: MediaTime) -> Int64 {
        Int64((time.seconds * Double(source.sampleRate) * Double(destination.sampleRate)).rounded())
    }

    /// The libav layout for `format`: its named layout when libav knows it with a channel order, else the default
    /// layout for its channel count.
    private static func layout(_ format: AudioFormat) -> AVChannelLayout {
        var layout = AVChannelLayout()
        let parsed = !format.channelLayout.isEmpty
            && (try? check(av_channel_layout_from_string(&layout, format.channelLayout), "av_channel_layout_from_string",
                           .resample(format.description))) != nil
        if parsed, layout.nb_channels == Int32(format.channels), layout.order != AV_CHANNEL_ORDER_UNSPEC {
            return layout
        }
        av_channel_layout_uninit(&layout)
        mb_channel_layout_default(&layout, Int32(format.channels))
        return layout
    }

    /// One `swr_convert` call into a new frame sized for the worst case.
    private func run(input: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, count: Int32) throws(LibAVError) -> Frame {
        let capacity = try check(swr_get_out_samples(context, count), "swr_get_out_samples", .resample(what))
        let output = try Frame(sampleCount: Int(max(capacity, 1)), sampleFormat: destination.sampleFormat,
                               sampleRate: destination.sampleRate, channels: destination.channels)
        let converted = try check(
            swr_convert(context, output.pointer.pointee.extended_data, max(capacity, 1),
                        UnsafeMutableRawPointer(input)?.assumingMemoryBound(to: UnsafePointer<UInt8>?.self), count),
            "swr_convert", .resample(what))
        output.pointer.pointee.nb_samples = converted
        let pts = nextPts ?? 0
        output.timeBase = AVRational(num: 1, den: Int32(destination.sampleRate))
        output.pointer.pointee.pts = pts
        nextPts = pts + Int64(converted)
        return output
    }
}
