import Composition
import Foundation
import MediaCore
import Render

/// Makes one reader output's sample buffers in presentation order, from the moment reading starts. A maker is used
/// only under its output's lock, one call at a time, which is what makes the makers below sendable.
protocol ReaderSampleMaker: AnyObject, Sendable {
    /// The next buffer, or nil after the last.
    func next() throws(AVError) -> CMSampleBuffer?
}

/// A composition's pictures on its frame grid, as an export draws them, in a reader output's pixel layout: every
/// frame whose time falls in the range read, starting with the frame showing at the range's start.
final class ReaderPictureMaker: ReaderSampleMaker, @unchecked Sendable {
    private let grabber: FrameGrabber
    private let layout: ReaderPixelLayout
    private let format: CMFormatDescription
    private let clock: FrameClock
    private var index: Int64
    private let end: Int64

    /// A maker of `composition`'s frames in `range`, drawn by `videoComposition` (nil fits each track), `size`
    /// pixels (even) at `frameRate`.
    init(composition: MutableComposition, videoComposition: VideoComposition?, size: (width: Int, height: Int),
         frameRate: FrameRate, layout: ReaderPixelLayout, range: TimeRange) throws(AVError) {
        do {
            clock = try FrameClock(frameRate: frameRate)
            let count = try clock.frameCount(for: composition.duration)
            index = max(0, try clock.frameIndex(at: MediaTime.maximum(range.start, .zero)))
            end = range.end.isNumeric ? min(count, try clock.frameCount(for: range.end)) : count
        } catch {
            throw AVError(.exportFailed, .export(.setup(reason: "\(error)")))
        }
        do {
            grabber = try FrameGrabber(composition: composition, videoComposition: videoComposition, width: size.width,
                                       height: size.height, frameRate: frameRate,
                                       format: layout.isPlanar ? .yuv420 : .rgb)
        } catch {
            throw AVError(error)
        }
        self.layout = layout
        format = layout.formatDescription(width: size.width, height: size.height)
    }

    func next() throws(AVError) -> CMSampleBuffer? {
        guard index < end else { return nil }
        let time = clock.time(ofFrame: index)
        index += 1
        let pixels: CVPixelBuffer
        do {
            pixels = layout.isPlanar ? layout.buffer(of: try grabber.yuvPicture(at: time))
                : layout.buffer(of: try grabber.picture(at: time))
        } catch {
            throw AVError(error)
        }
        return CMSampleBuffer(picture: pixels, at: CMTime(time), duration: CMTime(clock.frameDuration), format: format)
    }
}

/// A composition's sound mixed as an export mixes it, in a reader output's PCM layout: runs of up to 4096 sample
/// frames covering the range read, the first at the sample at or before the range's start.
final class ReaderSoundMaker: ReaderSampleMaker, @unchecked Sendable {
    private let reader: MixedAudioReader
    private let layout: PCMLayout
    private let format: CMFormatDescription
    private var sample: Int64
    private let end: Int64

    /// A maker of `composition`'s sound in `range`, mixed by `audioMix`, at `sampleRate` with `channels`.
    init(composition: MutableComposition, audioMix: AudioMix, sampleRate: Int, channels: Int, layout: PCMLayout,
         range: TimeRange) throws(AVError) {
        do {
            reader = try MixedAudioReader(composition: composition, audioMix: audioMix, sampleRate: sampleRate,
                                          channelCount: channels)
        } catch {
            throw AVError(error)
        }
        let rate = Int32(clamping: sampleRate)
        let start = MediaTime.maximum(range.start, .zero).convertScale(rate, method: .roundTowardNegativeInfinity).value
        sample = max(0, start)
        end = range.end.isNumeric
            ? min(reader.sampleCount, range.end.convertScale(rate, method: .roundTowardPositiveInfinity).value)
            : reader.sampleCount
        self.layout = layout
        format = layout.formatDescription(sampleRate: sampleRate, channels: channels)
    }

    func next() throws(AVError) -> CMSampleBuffer? {
        guard sample < end else { return nil }
        let count = Int(min(Int64(reader.chunkCapacity), end - sample))
        let samples: [Float]
        do {
            samples = try reader.read(from: sample, count: count)
        } catch {
            throw AVError(error)
        }
        let rate = Int32(clamping: reader.sampleRate)
        let time = CMTime(value: sample, timescale: rate)
        sample += Int64(count)
        let bytes = layout.bytes(of: samples, channels: reader.channelCount)
        let block = bytes.withUnsafeBytes { CMBlockBuffer(bytes: $0) }
        return CMSampleBuffer(sound: block, frames: count, at: time, duration: CMTime(value: Int64(count), timescale: rate),
                              format: format)
    }
}
