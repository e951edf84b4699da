import LibAV
import MediaCore

/// Turns decoded pictures into what the rest of the engine works with: whole progressive frames (interlaced sources
/// deinterlaced, see `fields(of:)`), upright (the stream's display rotation applied, or left to the layer: see
/// `normalize(_:stretch:turning:)`), square pixels (a non-square
/// sample aspect ratio scaled out horizontally) and, for Y'CbCr sources, SDR BT.709 limited range: HDR (PQ, HLG)
/// sources tone-mapped, wide-gamut (BT.2020, P3) sources converted to BT.709 primaries, full-range and BT.601 /
/// BT.2020 matrices converted. Crops, fits and layer transforms then all work in display coordinates, the picture a
/// player shows, and the compositor sees only BT.709 limited 8-bit pictures (docs/footage.md).
///
/// Pictures that need none of this (the common `yuv420p` BT.709 limited upright square-pixel case, and RGB
/// pictures, which the layer scalers convert with BT.709) pass through untouched. Otherwise up to four passes run
/// into frames owned here and reused: the light conversion (`zscale` and `MobiusToneMap`), swscale to
/// `yuv420p` (`yuva420p` with alpha) at the display width keeping the source's range and matrix, the fixed-point
/// matrix/range conversion, and a plane-by-plane rotation.
final class SourceFrameNormalizer {
    /// The display rotation to apply.
    let orientation: PictureOrientation
    /// Formats a picture is turned in as it is (others are turned as `yuv420p`).
    private static let turnedAsTheyAre: Set<LibAV.PixelFormat> = [VideoFrameBuffer.yuva420p, .yuv444p]
    /// The display rotation in degrees clockwise.
    let rotation: Int
    /// The stream's sample aspect ratio; nil or 1:1 for square pixels.
    let sampleAspectRatio: FrameRate?
    private var scaler: Scaler?
    private var scaled: Frame?
    private var recoloured: Frame?
    private var oriented: Frame?
    private var converter: ColorMatrixConverter?
    /// The last input, the stretch it was asked for and what it became, so a picture shown for several output frames
    /// is converted once.
    private var lastInput: Frame?
    private var lastStretch = 1.0
    private var lastTurning = true
    private var lastOutput: Frame?
    /// The tone map or gamut conversion, built for the pictures it last converted.
    var light: LightConversion?
    /// The first source colour that needed a light conversion (HDR or wide gamut), for the export's notes.
    var lightConversion: ColorDescription?
    /// How the stream's fields are ordered, as its container says.
    let fieldOrder: InputFile.FieldOrder
    /// The deinterlacer, once the stream turned out to be interlaced.
    var deinterlacer: FilterGraph?
    /// For HDR outputs: the conversion into the output's 16-bit working space, which replaces every SDR step.
    var hdr: HDRConverter? {
        didSet { lastInput = nil; lastOutput = nil }
    }

    /// A normalizer for a stream shown turned `rotation` degrees clockwise with `sampleAspectRatio`, whose
    /// container gives `fieldOrder`; `hdr` is the working space of an HDR output (nil for SDR outputs).
    init(rotation: Int, sampleAspectRatio: FrameRate?, fieldOrder: InputFile.FieldOrder = .progressive,
         hdr: ColorDescription? = nil) {
        orientation = PictureOrientation(clockwise: rotation)
        self.rotation = rotation
        self.sampleAspectRatio = sampleAspectRatio.flatMap { $0.isValid && $0.numerator != $0.denominator ? $0 : nil }
        self.fieldOrder = fieldOrder
        self.hdr = hdr.map(HDRConverter.init(target:))
    }

    /// The picture's width with square pixels (even, at least 2), before rotation.
    func squareWidth(of width: Int) -> Int {
        ProbedStream.squarePixelWidth(width, sampleAspectRatio: sampleAspectRatio)
    }

    /// The turn a picture normalized without `turning` still needs: the display rotation for SDR pictures (an HDR
    /// output's converter always turns them).
    var turnLeft: PictureOrientation { hdr == nil ? orientation : .identity }

    /// The size `decoded` is shown at: square pixels, upright (see `ProbedStream.displaySize`).
    func displaySize(of decoded: Frame) -> (width: Int, height: Int) {
        ProbedStream.displaySize(width: decoded.width, height: decoded.height, sampleAspectRatio: sampleAspectRatio,
                                 rotation: rotation)
    }

    /// `frame` upright, square-pixelled and in BT.709 limited range; either `frame` itself or a frame owned here
    /// (valid until the next call with another frame). A picture that needs a light conversion, and every picture of
    /// an HDR output, is converted only as large as drawing it with `stretch` canvas pixels per display pixel needs,
    /// when that is smaller than its display size (see `lightSize(of:stretch:)`); others keep their display size.
    /// With `turning` false an SDR picture is left in its stored orientation, `turnLeft` to apply.
    func normalize(_ decoded: Frame, stretch: Double = 1, turning: Bool = true) throws(LibAVError) -> Frame {
        if let lastInput, lastInput === decoded, lastStretch == stretch, lastTurning == turning, let lastOutput {
            return lastOutput
        }
        (lastStretch, lastTurning) = (stretch, turning)
        if let hdr {
            let converted = try convertHDR(decoded, with: hdr, stretch: stretch)
            lastInput = decoded
            lastOutput = converted
            return converted
        }
        let frame = try convertLight(decoded, size: lightSize(of: decoded, stretch: stretch))
        let format = frame.pixelFormat
        let color = frame.colorDescription
        let recolours = format.isYUV && ColorMatrixConverter.isNeeded(for: color)
        let width = squareWidth(of: frame.width)
        let planar420 = format == .yuv420p || format == .yuvj420p || format == VideoFrameBuffer.yuva420p
        // A light conversion made smaller hands 4:4:4 (see `lightStages`), which turns as it is.
        let turnable = planar420 || format == .yuv444p
        let turns = turning && !orientation.isIdentity
        let rescales = width != frame.width || (recolours && !planar420) || (turns && !turnable)
        guard recolours || rescales || turns else {
            if frame !== decoded { remember(decoded, as: frame) }
            return frame
        }

        var current = frame
        var currentColor = color
        if rescales {
            (current, currentColor) = try rescaled(frame, width: width, recolours: recolours)
        }
        if ColorMatrixConverter.isNeeded(for: currentColor) {
            current = try recolour(current, from: currentColor)
        }
        if turns {
            current = try turn(current)
        }
        remember(decoded, as: current)
        return current
    }

    /// An HDR output's picture: every one goes through its converter, which may make it smaller (see
    /// `reduced(width:height:stretch:)`) and turns it upright.
    private func convertHDR(_ decoded: Frame, with hdr: HDRConverter, stretch: Double) throws(LibAVError) -> Frame {
        let width = squareWidth(of: decoded.width)
        let smaller = decoded.pixelFormat.hasAlpha ? nil
            : Self.reduced(width: width, height: decoded.height, stretch: stretch)
        return try hdr.convert(decoded, width: smaller?.width ?? width, height: smaller?.height, orientation: orientation)
    }

    /// `frame` converted from the Y'CbCr matrix and range `color` to BT.709 limited range, into the owned
    /// `recoloured` frame (4:2:0, with alpha when `frame` has it).
    private func recolour(_ frame: Frame, from color: ColorDescription) throws(LibAVError) -> Frame {
        let output = try Self.reuse(recoloured, width: frame.width, height: frame.height,
                                    format: frame.pixelFormat == VideoFrameBuffer.yuva420p ? VideoFrameBuffer.yuva420p : .yuv420p)
        recoloured = output
        if converter?.source != color { converter = ColorMatrixConverter(from: color) }
        do { try converter?.convert(frame, into: output) } catch { throw Self.wrap(error) }
        return output
    }

    /// `frame` turned upright by the source's orientation, into the owned `oriented` frame.
    private func turn(_ frame: Frame) throws(LibAVError) -> Frame {
        let size = orientation.outputSize(width: frame.width, height: frame.height)
        let format = Self.turnedAsTheyAre.contains(frame.pixelFormat) ? frame.pixelFormat : .yuv420p
        let output = try Self.reuse(oriented, width: size.width, height: size.height, format: format)
        oriented = output
        do { try rotate(frame, into: output) } catch { throw Self.wrap(error) }
        return output
    }

    /// `frame` scaled to `width` square pixels in 4:2:0 (4:4:4 kept when it needs no recolouring, alpha kept):
    /// Y'CbCr keeps its matrix and range (converted exactly afterwards), RGB goes straight to BT.709 limited.
    private func rescaled(_ frame: Frame, width: Int,
                          recolours: Bool) throws(LibAVError) -> (Frame, ColorDescription) {
        let format = frame.pixelFormat
        let color = frame.colorDescription
        let target = format.hasAlpha ? VideoFrameBuffer.yuva420p
            : format == .yuv444p && !recolours ? LibAV.PixelFormat.yuv444p : LibAV.PixelFormat.yuv420p
        let targetColor = format.isYUV ? color : .bt709Limited
        let scaler = try Scaler.reusing(
            self.scaler, sourceWidth: frame.width, sourceHeight: frame.height, sourceFormat: format, width: width,
            height: frame.height, pixelFormat: target, sourceColor: format.isYUV ? color : nil,
            destinationColor: targetColor)
        self.scaler = scaler
        let output = try Self.reuse(scaled, width: width, height: frame.height, format: target)
        scaled = output
        try scaler.scale(frame, into: output)
        return (output, targetColor)
    }

    /// Tags `output` as BT.709 limited with `input`'s timing and keeps the pair for a repeated call.
    private func remember(_ input: Frame, as output: Frame) {
        output.tag(.bt709Limited)
        output.copyTiming(from: input)
        lastInput = input
        lastOutput = output
    }

    /// Writes every plane of `input` turned by `orientation` into `output`.
    private func rotate(_ input: Frame, into output: Frame) throws {
        try input.withPlanes { (source: [Frame.Plane]) throws in
            try output.withMutablePlanes { target in
                for index in 0..<min(source.count, target.count) {
                    let plane = source[index]
                    orientation.remap(
                        from: UnsafePointer(plane.base.assumingMemoryBound(to: UInt8.self)),
                        sourceStride: plane.bytesPerRow, width: plane.usedBytesPerRow, height: plane.rows,
                        into: target[index].base.assumingMemoryBound(to: UInt8.self),
                        targetStride: target[index].bytesPerRow)
                }
            }
        }
    }

    /// `existing` when it has this geometry, else a new frame.
    private static func reuse(_ existing: Frame?, width: Int, height: Int, format: LibAV.PixelFormat)
        throws(LibAVError) -> Frame
    {
        if let existing, existing.width == width, existing.height == height, existing.pixelFormat == format {
            return existing
        }
        return try Frame(width: width, height: height, pixelFormat: format)
    }

    private static func wrap(_ error: any Error) -> LibAVError {
        (error as? LibAVError) ?? LibAVError.invalidArgument("cannot convert a picture: \(error)")
    }
}
