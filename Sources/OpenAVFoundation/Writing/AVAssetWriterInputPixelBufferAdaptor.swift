import Foundation

/// Appends pixel buffers to a video input at given times, and offers a pool of buffers to draw into.
public class AVAssetWriterInputPixelBufferAdaptor: @unchecked Sendable {
    /// The input the pictures go to.
    public let assetWriterInput: AVAssetWriterInput
    /// The buffers the pool makes: `kCVPixelBufferPixelFormatTypeKey` (32BGRA when not given),
    /// `kCVPixelBufferWidthKey` and `kCVPixelBufferHeightKey` (the input's encoded size when not given).
    public let sourcePixelBufferAttributes: [String: Any]?

    /// An adaptor for `input`, whose pool makes buffers as `sourcePixelBufferAttributes` say.
    public init(assetWriterInput input: AVAssetWriterInput, sourcePixelBufferAttributes: [String: Any]?) {
        assetWriterInput = input
        self.sourcePixelBufferAttributes = sourcePixelBufferAttributes
    }

    /// Buffers to draw pictures into; nil until the writer has started writing, or when the attributes name a
    /// format or size not made here.
    public var pixelBufferPool: CVPixelBufferPool? {
        guard assetWriterInput.writer?.status == .writing,
              case let .video(settings)? = try? WriterSettings.read(assetWriterInput.outputSettings,
                                                                        mediaType: .video, hint: nil, input: "")
        else { return nil }
        let attributes = sourcePixelBufferAttributes ?? [:]
        func value(_ key: String) -> Int? { attributes[key].flatMap(settingsNumber).flatMap { Int(exactly: $0) } }
        let format = value(kCVPixelBufferPixelFormatTypeKey).flatMap { OSType(exactly: $0) } ?? kCVPixelFormatType_32BGRA
        let (width, height) = (value(kCVPixelBufferWidthKey) ?? settings.video.width,
                               value(kCVPixelBufferHeightKey) ?? settings.video.height)
        guard case .success = CVPixelBuffer.make(width: width, height: height, format: format) else { return nil }
        return CVPixelBufferPool(width: width, height: height, format: format)
    }

    /// Encodes `pixelBuffer` at `presentationTime`; false, with the writer failed and its `error` set, when it
    /// cannot be.
    @discardableResult
    public func append(_ pixelBuffer: CVPixelBuffer, withPresentationTime presentationTime: CMTime) -> Bool {
        assetWriterInput.append(pixelBuffer, at: presentationTime)
    }
}
