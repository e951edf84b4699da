internal import CEBUR128
import Foundation

/// An EBU R128 / ITU-R BS.1770 loudness meter (an `ebur128_state` it owns, in modes I, sample and true peak, and LRA
/// when asked): feed it float samples in order, then read integrated loudness, true peak and loudness range.
///
/// Channels are weighted by libebur128's default map, which is FFmpeg's order: 0 left, 1 right, 2 centre, 3 LFE
/// (not counted), 4 left surround, 5 right surround. A mono programme is one channel, as ffmpeg's ebur128 filter
/// counts it (3 dB below the same signal on both channels of a stereo programme).
///
/// `@unchecked Sendable`: one owner at a time; it may move to another thread but is never used concurrently.
public final class LoudnessMeter: @unchecked Sendable {
    /// Channels per frame.
    public let channels: Int
    /// Samples per second per channel.
    public let sampleRate: Int
    /// Whether the meter measures the loudness range (which keeps 3 s of samples instead of 0.4 s).
    public let measuresRange: Bool
    /// Frames fed so far.
    public private(set) var frameCount: Int64 = 0
    /// The owned state, freed with `ebur128_destroy`.
    private var state: UnsafeMutablePointer<ebur128_state>?
    /// Reused interleaving buffer for planar input.
    private var interleaved: [Float] = []

    /// A meter for `channels` channels at `sampleRate` Hz; `measuresRange` adds the loudness range.
    public init(channels: Int, sampleRate: Int, measuresRange: Bool = false) throws(LibAVError) {
        self.channels = channels
        self.sampleRate = sampleRate
        self.measuresRange = measuresRange
        let what = "\(sampleRate) Hz \(channels) ch"
        guard channels > 0, channels <= 64, sampleRate >= 16, sampleRate <= 2_822_400 else {
            throw LibAVError.invalidArgument("cannot measure the loudness of \(what): invalid audio format")
        }
        let range = measuresRange ? EBUR128_MODE_LRA.rawValue : 0
        let mode = Int32(EBUR128_MODE_I.rawValue | range | EBUR128_MODE_TRUE_PEAK.rawValue)
        guard let state = ebur128_init(UInt32(channels), UInt(sampleRate), mode) else {
            throw LibAVError.failed(.measureLoudness(what), function: "ebur128_init",
                                    code: Int32(EBUR128_ERROR_NOMEM.rawValue), message: Self.message(Int32(EBUR128_ERROR_NOMEM.rawValue)))
        }
        self.state = state
    }

    deinit { if state != nil { ebur128_destroy(&state) } }

    /// The description used in errors.
    private var what: String { "\(sampleRate) Hz \(channels) ch" }

    /// Adds `frameCount` interleaved frames (`channels` floats each, full scale +-1).
    public func add(interleaved samples: UnsafePointer<Float>, frameCount: Int) throws(LibAVError) {
        guard frameCount > 0 else { return }
        try check(ebur128_add_frames_float(state, samples, frameCount), "ebur128_add_frames_float")
        self.frameCount += Int64(frameCount)
    }

    /// Adds `frameCount` frames given as one pointer per channel (planar); they are interleaved into a reused buffer.
    public func add(planar planes: [UnsafePointer<Float>], frameCount: Int) throws(LibAVError) {
        guard planes.count == channels else {
            throw LibAVError.invalidArgument(
                "cannot measure the loudness of \(planes.count) planes: the meter was set up for \(what)")
        }
        guard frameCount > 0 else { return }
        if interleaved.count < frameCount * channels { interleaved = Array(repeating: 0, count: frameCount * channels) }
        let count = channels
        try interleaved.withUnsafeMutableBufferPointer { buffer throws(LibAVError) in
            let target = buffer.baseAddress!
            for (channel, plane) in planes.enumerated() {
                for i in 0..<frameCount { target[i * count + channel] = plane[i] }
            }
            try add(interleaved: target, frameCount: frameCount)
        }
    }

    /// Adds planar channels held in arrays (the shortest sets the frame count).
    public func add(planar channelSamples: [[Float]]) throws(LibAVError) {
        guard channelSamples.count == channels else {
            throw LibAVError.invalidArgument(
                "cannot measure the loudness of \(channelSamples.count) planes: the meter was set up for \(what)")
        }
        let frames = channelSamples.map(\.count).min() ?? 0
        guard frames > 0 else { return }
        if interleaved.count < frames * channels { interleaved = Array(repeating: 0, count: frames * channels) }
        for (channel, samples) in channelSamples.enumerated() {
            for i in 0..<frames { interleaved[i * channels + channel] = samples[i] }
        }
        try interleaved.withUnsafeBufferPointer { buffer throws(LibAVError) in
            try add(interleaved: buffer.baseAddress!, frameCount: frames)
        }
    }

    /// Integrated loudness in LUFS; `-infinity` when every block was gated away (silence or under 400 ms).
    public func integratedLoudness() throws(LibAVError) -> Double {
        var value = 0.0
        try check(ebur128_loudness_global(state, &value), "ebur128_loudness_global")
        return value
    }

    /// Loudness range in LU; throws unless the meter `measuresRange`.
    public func loudnessRange() throws(LibAVError) -> Double {
        var value = 0.0
        try check(ebur128_loudness_range(state, &value), "ebur128_loudness_range")
        return value
    }

    /// The highest true peak over all channels, linear (1.0 = full scale).
    public func truePeakLinear() throws(LibAVError) -> Double {
        try highest("ebur128_true_peak") { channel, value in ebur128_true_peak(state, channel, value) }
    }

    /// The highest sample peak over all channels, linear.
    public func samplePeakLinear() throws(LibAVError) -> Double {
        try highest("ebur128_sample_peak") { channel, value in ebur128_sample_peak(state, channel, value) }
    }

    /// The largest of a per-channel measurement, each call checked.
    private func highest(_ function: StaticString,
                         _ measure: (UInt32, UnsafeMutablePointer<Double>) -> Int32) throws(LibAVError) -> Double {
        var highest = 0.0
        for channel in 0..<channels {
            var value = 0.0
            try check(measure(UInt32(channel), &value), function)
            highest = max(highest, value)
        }
        return highest
    }

    /// Integrated loudness, true peak (dBTP) and, when measured, range of everything fed so far.
    public func measurement() throws(LibAVError) -> Loudness {
        let peak = try truePeakLinear()
        return Loudness(integrated: try integratedLoudness(), range: measuresRange ? try loudnessRange() : nil,
                        truePeak: peak > 0 ? 20 * log10(peak) : -.infinity)
    }

    /// The one place libebur128 return codes become errors.
    private func check(_ code: Int32, _ function: StaticString) throws(LibAVError) {
        guard code != Int32(EBUR128_SUCCESS.rawValue) else { return }
        throw LibAVError.failed(.measureLoudness(what), function: "\(function)", code: code, message: Self.message(code))
    }

    /// libebur128 has no message function; these are its error codes in words.
    private static func message(_ code: Int32) -> String {
        switch UInt32(bitPattern: code) {
        case EBUR128_ERROR_NOMEM.rawValue: "out of memory"
        case EBUR128_ERROR_INVALID_MODE.rawValue: "the meter was not set up for this measurement"
        case EBUR128_ERROR_INVALID_CHANNEL_INDEX.rawValue: "no such channel"
        case EBUR128_ERROR_NO_CHANGE.rawValue: "nothing changed"
        default: "libebur128 error \(code)"
        }
    }
}
