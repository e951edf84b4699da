/// Errors of the render core: buffer shapes, layer and mixer inputs, and times it cannot use.
public enum RenderError: Error, CustomStringConvertible, Sendable, Hashable {
    /// A video buffer was asked for a size that is not positive and even, or too large.
    case invalidFrameSize(width: Int, height: Int)
    /// Two video buffers that must match in size and format do not.
    case frameMismatch(operation: String, source: String, destination: String)
    /// A compositor layer uses the canvas itself as its source.
    case layerIsCanvas(layer: Int)
    /// An audio buffer was asked for a shape it cannot have.
    case invalidAudioFormat(channels: Int, frameCapacity: Int, sampleRate: Int)
    /// More sample frames were asked for than a buffer holds.
    case frameCountExceedsCapacity(requested: Int, capacity: Int)
    /// A mixer input's channel count or sample rate does not fit the output.
    case audioFormatMismatch(input: Int, inputChannels: Int, inputRate: Int, outputChannels: Int, outputRate: Int)
    /// A gain array is shorter than the frames it must cover.
    case gainTooShort(input: Int, gains: Int, frames: Int)
    /// A time or duration that must be numeric (finite, valid) is not.
    case nonNumericTime(what: String)
    /// A frame duration that is not positive.
    case invalidFrameDuration(String)
    /// A sample rate that is not positive.
    case invalidSampleRate(Int)

    /// Lowercase message, names in 'quotes', optional `; hint`.
    public var description: String {
        switch self {
        case let .invalidFrameSize(width, height):
            return "invalid frame size \(width)x\(height); width and height must be even, positive and at most \(VideoFrameBuffer.maximumDimension)"
        case let .frameMismatch(operation, source, destination):
            return "cannot \(operation) a \(source) frame into a \(destination) frame; sizes must match"
        case let .layerIsCanvas(layer):
            return "layer \(layer) uses the canvas as its source; composite into a different buffer"
        case let .invalidAudioFormat(channels, frameCapacity, sampleRate):
            return "invalid audio buffer: \(channels) channels, \(frameCapacity) frames at \(sampleRate) Hz; all must be positive"
        case let .frameCountExceedsCapacity(requested, capacity):
            return "\(requested) sample frames requested but the buffer holds \(capacity)"
        case let .audioFormatMismatch(input, inputChannels, inputRate, outputChannels, outputRate):
            return "mixer input \(input) has \(inputChannels) channels at \(inputRate) Hz but the output has \(outputChannels) at \(outputRate) Hz; resample and remix first (mono inputs are spread to all channels)"
        case let .gainTooShort(input, gains, frames):
            return "mixer input \(input) has \(gains) gain values for \(frames) frames"
        case let .nonNumericTime(what):
            return "\(what) is not a numeric time"
        case let .invalidFrameDuration(duration):
            return "frame duration '\(duration)' must be positive"
        case let .invalidSampleRate(rate):
            return "sample rate \(rate) must be positive"
        }
    }
}
