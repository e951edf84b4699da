import Composition
import LibAV
import MediaCore

/// Pictures of one source track for the render engine: the frame showing at a source time.
protocol VideoSourceReader: AnyObject {
    /// The file or generator URL, for errors.
    var path: String { get }
    /// The frame showing at `time` (the last with pts <= `time`; the first before it starts; the last after it ends),
    /// or nil if the source has no pictures. The frame may be reused by the next call.
    func frame(at time: MediaTime) throws(ExportError) -> Frame?
    /// The frame showing at `time` for drawing with at most `stretch` canvas pixels per display pixel, with the
    /// display size its crops and transforms refer to: a reader may hand a picture smaller than that size where it
    /// converts pictures at a cost per pixel (`DecodedVideoReader`'s tone mapping), never smaller than `stretch` asks.
    func picture(at time: MediaTime, stretch: Double) throws(ExportError)
        -> (frame: Frame, displayWidth: Int, displayHeight: Int)?
    /// The display size of the source's pictures as probed, when `picture(at:stretch:)` may make them smaller.
    var displaySize: (width: Int, height: Int)? { get }
    /// Decodes up to `time` without converting anything, so a first `frame(at:)` there has only its own picture left
    /// to convert (a warm-up on another thread).
    func prepare(at time: MediaTime) throws(ExportError)
    /// What the decoder concealed so far, with packet times in source time; empty for generated pictures.
    var damage: DecodeDamage { get }
    /// The colour of the source's pictures when they needed a light conversion (HDR tone map, wide gamut); nil
    /// otherwise and for generated pictures.
    var lightConversion: ColorDescription? { get }
    /// The colour and HDR metadata of the decoded picture at `time`, before any conversion; nil for generated
    /// pictures (SDR BT.709).
    func sourceLight(at time: MediaTime) throws(ExportError) -> (color: ColorDescription, metadata: HDRMetadata?)?
    /// Makes pictures come out in an HDR output's 16-bit working space `color` instead of SDR BT.709.
    func convert(into color: ColorDescription)
}

extension VideoSourceReader {
    func picture(at time: MediaTime, stretch: Double) throws(ExportError)
        -> (frame: Frame, displayWidth: Int, displayHeight: Int)? {
        try frame(at: time).map { ($0, $0.width, $0.height) }
    }
    var displaySize: (width: Int, height: Int)? { nil }
    func prepare(at time: MediaTime) throws(ExportError) { _ = try frame(at: time) }
    var damage: DecodeDamage { DecodeDamage() }
    var lightConversion: ColorDescription? { nil }
    func sourceLight(at time: MediaTime) throws(ExportError) -> (color: ColorDescription, metadata: HDRMetadata?)? { nil }
    func convert(into color: ColorDescription) {}
}
