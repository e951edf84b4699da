import Foundation
import Synchronization

/// A count of samples.
public typealias CMItemCount = Int

/// Media at one time: a decoded picture (`imageBuffer`), a run of decoded audio sample frames (`dataBuffer`), or
/// one sample as the file stores it (`dataBuffer`, with a decode time), with its time, duration and format. Asset
/// readers hand them out and asset writers take them.
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
    /// When a stored sample is decoded; invalid for decoded media.
    public let decodeTimeStamp: CMTime
    /// Whether a stored sample can be decoded without the ones before it (a keyframe); true for decoded media.
    let isSync: Bool
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
        decodeTimeStamp = .invalid
        isSync = true
    }

    /// A buffer of `frames` audio sample frames.
    init(sound: CMBlockBuffer, frames: Int, at time: CMTime, duration: CMTime, format: CMFormatDescription) {
        presentationTimeStamp = time
        self.duration = duration
        numSamples = frames
        imageBuffer = nil
        dataBuffer = sound
        formatDescription = format
        decodeTimeStamp = .invalid
        isSync = true
    }

    /// A buffer of one stored sample (a packet) holding `samples` media samples, decoded at `decode`.
    init(stored bytes: CMBlockBuffer, samples: Int, at time: CMTime, decode: CMTime, duration: CMTime,
         isSync: Bool, format: CMFormatDescription) {
        presentationTimeStamp = time
        decodeTimeStamp = decode
        self.duration = duration
        numSamples = samples
        imageBuffer = nil
        dataBuffer = bytes
        formatDescription = format
        self.isSync = isSync
    }

    /// As `presentationTimeStamp`: no edits or trims apply after reading.
    public var outputPresentationTimeStamp: CMTime { presentationTimeStamp }
    /// As `duration`.
    public var outputDuration: CMTime { duration }
    /// The bytes of the media: the picture's rows, the sound's bytes or the stored sample's.
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

/// When `sbuf` is decoded: a stored sample's decode time; invalid for decoded media.
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

/// A CoreFoundation string, as attachment keys are typed.
public typealias CFString = NSString
/// A CoreFoundation array, as attachment arrays are returned.
public typealias CFArray = NSArray
/// The attachment key saying a stored sample needs the ones before it to decode (it is not a keyframe).
// An immutable string constant, so sharing it across threads is safe.
nonisolated(unsafe) public let kCMSampleAttachmentKey_NotSync: CFString = "NotSync"

/// The attachments of each sample of `sbuf`: one dictionary, holding `kCMSampleAttachmentKey_NotSync: true` for a
/// stored sample that is not a keyframe, and empty otherwise; `createIfNecessary` changes nothing here.
public func CMSampleBufferGetSampleAttachmentsArray(_ sbuf: CMSampleBuffer, createIfNecessary: Bool) -> CFArray? {
    let attachments: NSDictionary = sbuf.isSync ? [:] : [kCMSampleAttachmentKey_NotSync: true]
    return [attachments] as NSArray
}
