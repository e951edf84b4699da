import Testing
import Render

struct RenderErrorTests {
    @Test(arguments: [
        (RenderError.invalidFrameSize(width: 3, height: 2),
         "invalid frame size 3x2; width and height must be even, positive and at most 16384"),
        (.frameMismatch(operation: "copy", source: "8x4 yuva420p", destination: "4x4 yuv420p"),
         "cannot copy a 8x4 yuva420p frame into a 4x4 yuv420p frame; sizes must match"),
        (.layerIsCanvas(layer: 2), "layer 2 uses the canvas as its source; composite into a different buffer"),
        (.invalidAudioFormat(channels: 0, frameCapacity: 1024, sampleRate: 48000),
         "invalid audio buffer: 0 channels, 1024 frames at 48000 Hz; all must be positive"),
        (.frameCountExceedsCapacity(requested: 9, capacity: 8), "9 sample frames requested but the buffer holds 8"),
        (.audioFormatMismatch(input: 1, inputChannels: 6, inputRate: 44100, outputChannels: 2, outputRate: 48000),
         "mixer input 1 has 6 channels at 44100 Hz but the output has 2 at 48000 Hz; resample and remix first (mono inputs are spread to all channels)"),
        (.gainTooShort(input: 0, gains: 2, frames: 4), "mixer input 0 has 2 gain values for 4 frames"),
        (.nonNumericTime(what: "duration"), "duration is not a numeric time"),
        (.invalidFrameDuration("0/1"), "frame duration '0/1' must be positive"),
        (.invalidSampleRate(0), "sample rate 0 must be positive"),
    ])
    func messages(_ error: RenderError, _ message: String) {
        #expect(error.description == message)
    }

    @Test func invalidAudioBuffer() {
        #expect(throws: RenderError.invalidAudioFormat(channels: 2, frameCapacity: 0, sampleRate: 48000)) {
            _ = try AudioBuffer(channelCount: 2, frameCapacity: 0, sampleRate: 48000)
        }
    }
}
