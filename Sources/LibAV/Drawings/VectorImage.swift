internal import CRSVG
import Foundation
import MediaCore

/// An SVG document parsed by librsvg, drawn as a vector at whatever size it is shown, so it is as crisp in a 4K
/// output as in a thumbnail. The document is read from memory with no base file, so librsvg loads nothing else
/// (pictures an SVG references by file name are not drawn; pictures embedded as `data:` URLs are).
public final class VectorImage {
    /// The file it was read from, for errors.
    public let path: String
    /// The document's own width in pixels (CSS pixels at 96 dpi; its `viewBox` width when it gives no size).
    public let width: Double
    /// The document's own height in pixels.
    public let height: Double
    private let handle: OpaquePointer

    /// The largest side drawn, so a runaway stretch cannot ask for gigabytes.
    public static let largestSide = 8192

    /// Reads the SVG file at `path` through `LocalFile` (a regular file, without blocking), writes `replacements`
    /// (`{name}` to value, XML-escaped) into its text, and parses it; librsvg's message when it cannot.
    public convenience init(path: String, replacements: [String: String] = [:]) throws(LibAVError) {
        let bytes: [UInt8]
        do {
            bytes = try LocalFile.contents(of: path, limit: 64 << 20)
        } catch {
            throw .unreadableSource(path: path, error)
        }
        guard !replacements.isEmpty else {
            try self.init(data: bytes, path: path)
            return
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadableDrawing(path: path, format: "SVG", reason: "the file is not UTF-8 text")
        }
        let replaced = DrawingText.applying(replacements, to: text, escape: DrawingText.xmlEscaped)
        try self.init(data: Array(replaced.utf8), path: path)
    }

    /// Parses the SVG document in `data`; `path` names it in errors.
    public init(data: [UInt8], path: String) throws(LibAVError) {
        self.path = path
        var error: UnsafeMutablePointer<GError>?
        let made = data.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, $0.count, &error) }
        guard let made else { throw Self.failure(error, path: path) }
        handle = made
        var size = (width: 0.0, height: 0.0)
        if rsvg_handle_get_intrinsic_size_in_pixels(made, &size.width, &size.height) == 0 {
            var viewBox = RsvgRectangle(), hasViewBox: Int32 = 0
            rsvg_handle_get_intrinsic_dimensions(made, nil, nil, nil, nil, &hasViewBox, &viewBox)
            if hasViewBox != 0 { size = (viewBox.width, viewBox.height) }
        }
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
            g_object_unref(UnsafeMutableRawPointer(made))
            throw .unreadableDrawing(path: path, format: "SVG",
                                     reason: "it has no size; give its <svg> element a width and height or a viewBox")
        }
        (width, height) = size
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// The picture drawn to fill `width` x `height` pixels (clamped to `largestSide`), as straight-alpha `rgba`.
    public func render(width: Int, height: Int) throws(LibAVError) -> Frame {
        let (columns, rows) = (min(max(width, 1), Self.largestSide), min(max(height, 1), Self.largestSide))
        let surface = try DrawingSurface(width: columns, height: rows)
        var error: UnsafeMutablePointer<GError>?
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(columns), height: Double(rows))
        guard rsvg_handle_render_document(handle, surface.context, &viewport, &error) != 0 else {
            throw Self.failure(error, path: path)
        }
        return try surface.frame()
    }

    /// librsvg's message (freed here) as an error naming the file.
    private static func failure(_ error: UnsafeMutablePointer<GError>?, path: String) -> LibAVError {
        defer { if let error { g_error_free(error) } }
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "librsvg gave no reason"
        return .unreadableDrawing(path: path, format: "SVG", reason: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
