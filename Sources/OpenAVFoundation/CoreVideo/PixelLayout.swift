import Foundation

/// What the library knows of each pixel format it reads, writes and makes: packed 8-bit RGB orders and bi-planar
/// 4:2:0 Y'CbCr. One table for the reader's outputs, the writer's inputs and new pixel buffers.
struct PixelLayout: Sendable, Hashable {
    /// Bytes per pixel of a packed format; 0 for a planar one.
    let size: Int
    /// Byte offsets of red, green and blue in a packed pixel.
    let red: Int, green: Int, blue: Int
    /// Byte offset of alpha in a packed pixel, nil for none.
    let alpha: Int?
    /// libav's name for the format.
    let libavName: String
    /// For a planar format, whether its code values are full range; nil for a packed one.
    let fullRange: Bool?

    /// Whether the pixels lie in a luma plane and an interleaved chroma plane.
    var isPlanar: Bool { fullRange != nil }

    /// The formats, by code.
    static let all: [OSType: PixelLayout] = [
        kCVPixelFormatType_32BGRA: .packed(4, 2, 1, 0, 3, "bgra"),
        kCVPixelFormatType_32ARGB: .packed(4, 1, 2, 3, 0, "argb"),
        kCVPixelFormatType_32RGBA: .packed(4, 0, 1, 2, 3, "rgba"),
        kCVPixelFormatType_24RGB: .packed(3, 0, 1, 2, nil, "rgb24"),
        kCVPixelFormatType_24BGR: .packed(3, 2, 1, 0, nil, "bgr24"),
        kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange: .planar(fullRange: false),
        kCVPixelFormatType_420YpCbCr8BiPlanarFullRange: .planar(fullRange: true),
    ]

    /// The names of the formats, as messages list them.
    static let names = "32BGRA, 32ARGB, 32RGBA, 24RGB, 24BGR, 420v and 420f"

    private static func packed(_ size: Int, _ red: Int, _ green: Int, _ blue: Int, _ alpha: Int?,
                               _ name: String) -> PixelLayout {
        PixelLayout(size: size, red: red, green: green, blue: blue, alpha: alpha, libavName: name, fullRange: nil)
    }

    private static func planar(fullRange: Bool) -> PixelLayout {
        PixelLayout(size: 0, red: 0, green: 0, blue: 0, alpha: nil, libavName: "nv12", fullRange: fullRange)
    }
}
