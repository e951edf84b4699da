import Composition
import LibAV
import MediaCore

/// Converts pictures into an HDR output's working space through libavfilter (`zscale`, plus `transpose` / flips for
/// a display rotation): 16-bit 4:2:0 Y'CbCr (`yuv420p16le`, `yuva420p16le` with alpha) in BT.2020 limited range with
/// the output's transfer (HLG or PQ). HDR sources keep their light (PQ and HLG convert into each other); SDR sources
/// are placed the ITU-R BT.2408 way, SDR white at HDR reference white (203 cd/m2), so they sit beside HDR footage at
/// the brightness graphics and faces are graded to. Graphs are kept and reused while pictures keep their shape.
final class HDRConverter {
    /// The working space's colour: BT.2020 matrix and primaries, limited range, HLG or PQ.
    let target: ColorDescription
    private var graph: (graph: FilterGraph, key: Key)?

    private struct Key: Equatable {
        var input: FilterGraph.Input
        var color: ColorDescription
        var width: Int
        var height: Int?
        var orientation: PictureOrientation
    }

    /// A converter into `target` (its transfer must be HLG or PQ).
    init(target: ColorDescription) {
        self.target = target
    }

    /// The working space for an HDR output with `transfer`.
    static func workingSpace(_ transfer: ColorDescription.Transfer) -> ColorDescription {
        ColorDescription(matrix: .bt2020, isFullRange: false, transfer: transfer, primaries: .bt2020)
    }

    /// `frame` in the working space, scaled to `width` (square pixels) and turned by `orientation`. With `height`,
    /// the picture is made smaller than its display size, `width` x `height` before turning, and an opaque one comes
    /// out in 4:4:4 (`VideoFrameBuffer16.fullChromaFormat`) so a crop can start on any of its pixels.
    func convert(_ frame: Frame, width: Int? = nil, height: Int? = nil, orientation: PictureOrientation = .identity)
        throws(LibAVError) -> Frame {
        let input = FilterGraph.Input.like(frame, timeBase: MediaTime(value: 1, timescale: 90_000))
        let key = Key(input: input, color: frame.colorDescription, width: width ?? frame.width, height: height,
                      orientation: orientation)
        let converter: FilterGraph
        if let existing = graph, existing.key == key {
            converter = existing.graph
        } else {
            converter = try FilterGraph(input: input, filters: filters(for: key, format: frame.pixelFormat))
            graph = (converter, key)
        }
        try converter.push(frame)
        guard let converted = try converter.pull() else {
            throw LibAVError.invalidArgument("cannot convert a \(key.color) picture: '\(converter.filters)' returned no picture")
        }
        converted.tag(target)
        converted.copyTiming(from: frame)
        return converted
    }

    /// The code values of an opaque `color` (8-bit sRGB-like RGB, as SDR graphics are given) in the working space.
    func codeValues(of color: Color) throws(LibAVError) -> (y: UInt16, cb: UInt16, cr: UInt16) {
        let frame = try Frame(width: 2, height: 2, pixelFormat: .rgb24)
        do {
            try frame.withMutablePlanes { planes in
                for row in 0..<2 {
                    let pixels = planes[0].row(row)
                    for x in 0..<2 {
                        for (index, value) in [color.red, color.green, color.blue].enumerated() {
                            pixels[3 * x + index] = UInt8((min(max(value, 0), 1) * 255).rounded())
                        }
                    }
                }
            }
        } catch {
            throw (error as? LibAVError) ?? LibAVError.invalidArgument("cannot draw a colour: \(error)")
        }
        frame.tag(ColorDescription(matrix: .bt709, isFullRange: true, transfer: .bt709, primaries: .bt709))
        let converted = try convert(frame)
        return converted.withPlanes { planes in
            func sample(_ plane: Int) -> UInt16 { planes[plane].base.assumingMemoryBound(to: UInt16.self).pointee }
            return (sample(0), sample(1), sample(2))
        }
    }

    /// `zscale` from the picture's description to the working space, at `key.width`, then the rotation.
    private func filters(for key: Key, format: LibAV.PixelFormat) -> String {
        let source = key.color.zscaleNames, output = target.zscaleNames
        let rgb = format.isRGB
        let from = "tin=\(source.transfer):pin=\(source.primaries):min=\(rgb ? "gbr" : source.matrix)"
            + ":rin=\(rgb ? "full" : source.range)"
        let height: Int = switch key.input {
        case let .video(_, height, _, _, _): key.height ?? height
        case .audio: 2
        }
        let working = format.hasAlpha ? VideoFrameBuffer16.alphaFormat
            : key.height == nil ? VideoFrameBuffer16.format : VideoFrameBuffer16.fullChromaFormat
        let resize = key.height == nil ? "" : ":filter=bicubic"
        var text = "zscale=w=\(key.width):h=\(height)\(resize):\(from):t=\(output.transfer):p=\(output.primaries)"
            + ":m=\(output.matrix):r=limited:npl=\(Int(SourceFrameNormalizer.referenceWhite)),format=\(working)"
        let turn = key.orientation
        if turn.swapsAxes {
            // 90 degrees clockwise reverses the rows it reads, 270 the columns.
            text += turn.reversesY ? ",transpose=clock" : ",transpose=cclock"
        } else {
            if turn.reversesX { text += ",hflip" }
            if turn.reversesY { text += ",vflip" }
        }
        return text
    }
}
