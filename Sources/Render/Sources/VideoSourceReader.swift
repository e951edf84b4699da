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
    /// The picture showing at `time` for drawing with at most `stretch` canvas pixels per display pixel: a reader may
    /// hand it smaller than its display size where it converts pictures at a cost per pixel (`DecodedVideoReader`'s
    /// tone mapping), never smaller than `stretch` asks, and still to be turned upright (see `SourcePicture`).
    func picture(at time: MediaTime, stretch: Double) throws(ExportError) -> SourcePicture?
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
    func picture(at time: MediaTime, stretch: Double) throws(ExportError) -> SourcePicture? {
        try frame(at: time).map { SourcePicture(frame: $0, displayWidth: $0.width, displayHeight: $0.height) }
    }
    var displaySize: (width: Int, height: Int)? { nil }
    func prepare(at time: MediaTime) throws(ExportError) { _ = try frame(at: time) }
    var damage: DecodeDamage { DecodeDamage() }
    var lightConversion: ColorDescription? { nil }
    func sourceLight(at time: MediaTime) throws(ExportError) -> (color: ColorDescription, metadata: HDRMetadata?)? { nil }
    func convert(into color: ColorDescription) {}
}

/// A source picture handed for drawing: the frame, the display size the layer's crops and transforms refer to, and
/// the turn that shows the frame upright, left to the layer's scaler, which applies it at the size drawn (a 4K
/// portrait clip drawn at 1080x1920 is turned there, not at 4K).
struct SourcePicture {
    /// The picture, possibly smaller than its display size and not yet turned.
    var frame: Frame
    /// The width a player shows (square pixels, upright).
    var displayWidth: Int
    /// The height a player shows.
    var displayHeight: Int
    /// The turn from `frame` to upright.
    var turn: PictureOrientation = .identity
}
