import Foundation
import Render

/// The pictures a video reader output hands out, read from its settings: a packed 8-bit format or bi-planar 4:2:0
/// Y'CbCr and, when the settings give them, a width and height to scale to.
struct ReaderPixelLayout: Sendable, Hashable {
    /// The byte order of a pixel.
    let format: OSType
    /// The width asked for; nil keeps the source's.
    let width: Int?
    /// The height asked for; nil keeps the source's.
    let height: Int?

    /// Keys that say how Apple's platforms share the memory, not what the pixels are.
    private static let memoryKeys: Set<String> = [
        kCVPixelBufferIOSurfacePropertiesKey, kCVPixelBufferMetalCompatibilityKey, kCVPixelBufferOpenGLCompatibilityKey,
        kCVPixelBufferCGImageCompatibilityKey, kCVPixelBufferCGBitmapContextCompatibilityKey,
    ]

    /// The layout `settings` ask for (32BGRA when they name no format); throws for a format or key not read here.
    /// `output` names the output in messages.
    static func read(_ settings: [String: Any], output: String) throws(AVError) -> ReaderPixelLayout {
        func refuse(_ problem: String) -> AVError {
            AVError(.operationNotSupportedForAsset, .readerSetting(output: output, problem: problem))
        }
        for key in settings.keys.sorted() where ![kCVPixelBufferPixelFormatTypeKey, kCVPixelBufferWidthKey,
                                                   kCVPixelBufferHeightKey].contains(key) && !memoryKeys.contains(key) {
            throw refuse("the video setting '\(key)' is not read here; the settings read are the pixel format, width "
                         + "and height")
        }
        var format = kCVPixelFormatType_32BGRA
        if let value = settings[kCVPixelBufferPixelFormatTypeKey] {
            let number = settingsNumber(value) ?? (value as? [Any]).flatMap { $0.first }.flatMap(settingsNumber)
            guard let number, let code = OSType(exactly: number), PixelLayout.all[code] != nil else {
                throw refuse("pixel format \(describe(value)) is not read here; the formats read are \(PixelLayout.names)")
            }
            format = code
        }
        func dimension(_ key: String) throws(AVError) -> Int? {
            guard let value = settings[key] else { return nil }
            guard let number = settingsNumber(value), let size = Int(exactly: number), size > 0, size <= 16384 else {
                throw refuse("'\(key)' must be a whole number of pixels from 1 to 16384, not \(describe(value))")
            }
            return size
        }
        return ReaderPixelLayout(format: format, width: try dimension(kCVPixelBufferWidthKey),
                                 height: try dimension(kCVPixelBufferHeightKey))
    }

    /// A settings value as the message shows it: a format code as its four characters when they are letters.
    private static func describe(_ value: Any) -> String {
        guard let number = settingsNumber(value), let code = UInt32(exactly: number), code > 0xFFFF else {
            return "\(value)"
        }
        return "'\(CMFormatDescription.MediaSubType(rawValue: code))'"
    }

    /// Whether pictures are handed out as Y'CbCr planes.
    var isPlanar: Bool { PixelLayout.all[format]?.isPlanar ?? false }

    /// `picture` as `'420v'` or `'420f'`: the luma plane, then Cb and Cr interleaved, rows padded to a multiple of 16
    /// bytes. Full range stretches the limited-range code values: luma 16-235 to 0-255, chroma 16-240 to 0-255 (about
    /// 128), rounded.
    func buffer(of picture: YUVPicture) -> CVPixelBuffer {
        let full = PixelLayout.all[format]?.fullRange ?? false
        let (width, height) = (picture.width, picture.height)
        let lumaRow = (width + 15) / 16 * 16, chromaRow = lumaRow, chromaWidth = width / 2, chromaHeight = height / 2
        var bytes = [UInt8](repeating: 0, count: lumaRow * height + chromaRow * chromaHeight)
        func luma(_ value: UInt8) -> UInt8 {
            full ? UInt8(clamping: Int(((Double(value) - 16) * 255 / 219).rounded())) : value
        }
        func chroma(_ value: UInt8) -> UInt8 {
            full ? UInt8(clamping: Int(((Double(value) - 128) * 255 / 224 + 128).rounded())) : value
        }
        for y in 0..<height {
            for x in 0..<width { bytes[y * lumaRow + x] = luma(picture.luma[y * width + x]) }
        }
        let chromaStart = lumaRow * height
        for y in 0..<chromaHeight {
            for x in 0..<chromaWidth {
                let target = chromaStart + y * chromaRow + 2 * x
                bytes[target] = chroma(picture.blue[y * chromaWidth + x])
                bytes[target + 1] = chroma(picture.red[y * chromaWidth + x])
            }
        }
        return CVPixelBuffer(width: width, height: height, pixelFormatType: format, bytes: bytes, planes: [
            .init(offset: 0, width: width, height: height, bytesPerRow: lumaRow),
            .init(offset: chromaStart, width: chromaWidth, height: chromaHeight, bytesPerRow: chromaRow),
        ])
    }

    /// The format of pictures `width` x `height` in this layout.
    func formatDescription(width: Int, height: Int) -> CMFormatDescription {
        CMFormatDescription(.pixels(width: width, height: height, format: format))
    }

    /// `picture` in this packed layout, rows padded to a multiple of 16 bytes; alpha is opaque.
    func buffer(of picture: Picture) -> CVPixelBuffer {
        let layout = PixelLayout.all[format]!
        let rowBytes = (picture.width * layout.size + 15) / 16 * 16
        var bytes = [UInt8](repeating: 0, count: rowBytes * picture.height)
        picture.rgb.withUnsafeBufferPointer { rgb in
            bytes.withUnsafeMutableBufferPointer { out in
                for y in 0..<picture.height {
                    var source = y * picture.width * 3, target = y * rowBytes
                    for _ in 0..<picture.width {
                        out[target + layout.red] = rgb[source]
                        out[target + layout.green] = rgb[source + 1]
                        out[target + layout.blue] = rgb[source + 2]
                        if let alpha = layout.alpha { out[target + alpha] = 255 }
                        source += 3
                        target += layout.size
                    }
                }
            }
        }
        return CVPixelBuffer(width: picture.width, height: picture.height, bytesPerRow: rowBytes,
                             pixelFormatType: format, bytes: bytes)
    }
}
