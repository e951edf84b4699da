import Foundation
import Synchronization

/// A count of samples.
public typealias CMItemCount = Int

/// Decoded media at one time: a picture (`imageBuffer`) or a run of audio sample frames (`dataBuffer`), with its
/// time, duration and format. Asset readers hand them out.
public final class CMSampleBuffer: @unchecked Sendable {
    /// When the media is presented.
    public let presentationTimeStamp: CMTime
    /// How long it lasts.
    public let duration: CMTime
    /// How many samples it holds: 1 for a picture, the sample frames for audio.
    public let numSamples: CMItemCount
    /// The picture, for video.
    public let imageBuffer: CVImageBuffer?
    /// The bytes, for audio.
    public let dataBuffer: CMBlockBuffer?
    /// What the media is: its pixel layout or sample format.
    public let formatDescription: CMFormatDescription?
    /// Whether `invalidate()` has not been called.
    private let valid = Mutex(true)

    /// A buffer of one picture.
    init(picture: CVPixelBuffer, at time: CMTime, duration: CMTime, format: CMFormatDescription) {
        presentationTimeStamp = time
        self.duration = duration
        numSamples = 1
        imageBuffer = picture
        dataBuffer = nil
        formatDescription = format
    }

    /// A buffer of `frames` audio sample frames.
    init(sound: CMBlockBuffer, frames: Int, at time: CMTime, duration: CMTime, format: CMFormatDescription) {
        presentationTimeStamp = time
        self.duration = duration
        numSamples = frames
        imageBuffer = nil
        dataBuffer = sound
        formatDescription = format
    }

    /// As `presentationTimeStamp`: no edits or trims apply after reading.
    public var outputPresentationTimeStamp: CMTime { presentationTimeStamp }
    /// Invalid: decoded media has no decode order of its own.
    public var decodeTimeStamp: CMTime { .invalid }
    /// As `duration`.
    public var outputDuration: CMTime { duration }
    /// The bytes of the media: the picture's rows or the sound's bytes.
    public var totalSampleSize: Int { imageBuffer.map { $0.dataSize } ?? dataBuffer?.dataLength ?? 0 }
    /// Whether `invalidate()` has not been called.
    public var isValid: Bool { valid.withLock { $0 } }

    /// Marks the buffer no longer valid.
    public func invalidate() throws {
        valid.withLock { $0 = false }
    }
}

/// When `sbuf` is presented.
public func CMSampleBufferGetPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.presentationTimeStamp }

/// When `sbuf` is presented after edits: as its presentation time.
public func CMSampleBufferGetOutputPresentationTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime {
    sbuf.outputPresentationTimeStamp
}

/// Invalid: decoded media has no decode order of its own.
public func CMSampleBufferGetDecodeTimeStamp(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.decodeTimeStamp }

/// How long `sbuf` lasts.
public func CMSampleBufferGetDuration(_ sbuf: CMSampleBuffer) -> CMTime { sbuf.duration }

/// How many samples `sbuf` holds.
public func CMSampleBufferGetNumSamples(_ sbuf: CMSampleBuffer) -> CMItemCount { sbuf.numSamples }

/// The picture of `sbuf`, for video.
public func CMSampleBufferGetImageBuffer(_ sbuf: CMSampleBuffer) -> CVImageBuffer? { sbuf.imageBuffer }

/// The bytes of `sbuf`, for audio.
public func CMSampleBufferGetDataBuffer(_ sbuf: CMSampleBuffer) -> CMBlockBuffer? { sbuf.dataBuffer }

/// The format of `sbuf`.
public func CMSampleBufferGetFormatDescription(_ sbuf: CMSampleBuffer) -> CMFormatDescription? { sbuf.formatDescription }

/// The bytes of the media of `sbuf`.
public func CMSampleBufferGetTotalSampleSize(_ sbuf: CMSampleBuffer) -> Int { sbuf.totalSampleSize }

/// Whether `sbuf` has not been invalidated.
public func CMSampleBufferIsValid(_ sbuf: CMSampleBuffer) -> Bool { sbuf.isValid }

/// Marks `sbuf` no longer valid.
@discardableResult
public func CMSampleBufferInvalidate(_ sbuf: CMSampleBuffer) -> OSStatus {
    try? sbuf.invalidate()
    return 0
}
