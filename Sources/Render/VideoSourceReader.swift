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
    var damage: DecodeDamage { DecodeDamage() }
    var lightConversion: ColorDescription? { nil }
    func sourceLight(at time: MediaTime) throws(ExportError) -> (color: ColorDescription, metadata: HDRMetadata?)? { nil }
    func convert(into color: ColorDescription) {}
}
