internal import CFFmpeg
import MediaCore

/// An audio converter (an `SwrContext` it owns): sample rate, channel layout and sample format, set up once and used
/// for many frames. Output frames get consecutive pts at the output rate, starting from the first input's pts.
///
/// `@unchecked Sendable`: one owner at a time; it may move to another thread but is never used concurrently.
public final class Resampler: @unchecked Sendable {
    /// A sample rate, channel count (default layout for that count) and sample format.
    public struct AudioFormat: Sendable, Hashable, CustomStringConvertible {
        /// Samples per second.
        public var sampleRate: Int
        /// Channel count.
        public var channels: Int
        /// Sample format.
        public var sampleFormat: SampleFormat

        /// Creates a format.
        public init(sampleRate: Int, channels: Int, sampleFormat: SampleFormat) {
            self.sampleRate = sampleRate
            self.channels = channels
            self.sampleFormat = sampleFormat
        }

        /// `48000 Hz 2 ch fltp`.
        public var description: String { "\(sampleRate) Hz \(channels) ch \(sampleFormat)" }
    }

    /// What the resampler takes.
    public let source: AudioFormat
    /// What it produces.
    public let destination: AudioFormat
    /// The owned context, freed with `swr_free`.
    private var context: OpaquePointer?
    /// The pts (in output samples) of the next output frame, once the first input set it.
    private var nextPts: Int64?

    /// Sets up a conversion from `source` to `destination`.
    public init(source: AudioFormat, destination: AudioFormat) throws(LibAVError) {
        self.source = source
        self.destination = destination
        let what = "\(source) -> \(destination)"
        guard source.sampleRate > 0, source.channels > 0, destination.sampleRate > 0, destination.channels > 0 else {
            throw LibAVError.invalidArgument("cannot resample \(what): invalid audio format")
        }
        var input = AVChannelLayout(), output = AVChannelLayout()
        mb_channel_layout_default(&input, Int32(source.channels))
        mb_channel_layout_default(&output, Int32(destination.channels))
        defer { av_channel_layout_uninit(&input); av_channel_layout_uninit(&output) }
        try check(swr_alloc_set_opts2(&context, &output, destination.sampleFormat.av, Int32(destination.sampleRate),
                                      &input, source.sampleFormat.av, Int32(source.sampleRate), 0, nil),
                  "swr_alloc_set_opts2", .resample(what))
        _ = try checkAllocation(context, "swr_alloc_set_opts2", .resample(what))
        try check(swr_init(context), "swr_init", .resample(what))
    }

    deinit { swr_free(&context) }

    /// The description used in errors.
    private var what: String { "\(source) -> \(destination)" }

    /// Converts `frame` (in the source format); the result may hold fewer or more samples (the filter delays some).
    public func convert(_ frame: Frame) throws(LibAVError) -> Frame {
        guard frame.sampleRate == source.sampleRate, frame.channels == source.channels,
              frame.sampleFormat == source.sampleFormat
        else {
            throw LibAVError.invalidArgument(
                "cannot resample \(frame.sampleRate) Hz \(frame.channels) ch \(frame.sampleFormat): "
                    + "the resampler was set up for \(source)")
        }
        if nextPts == nil, frame.pts.isNumeric {
            nextPts = frame.pts.ticks(in: AVRational(num: 1, den: Int32(destination.sampleRate)))
        }
        return try run(input: frame.pointer.pointee.extended_data, count: frame.pointer.pointee.nb_samples)
    }

    /// Returns the samples the filter still holds; call once after the last input.
    public func flush() throws(LibAVError) -> Frame {
        try run(input: nil, count: 0)
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
