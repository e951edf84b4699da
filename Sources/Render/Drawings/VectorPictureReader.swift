import Foundation
import LibAV
import MediaCore

/// The picture of an SVG source, drawn by librsvg at the size it is shown: `picture(at:stretch:)` draws it
/// `stretch` times its own size (rounded up), so the layer's scaler only ever shrinks it by less than a pixel and a
/// logo is as sharp in 4K as in a thumbnail. The same size is drawn once and kept.
final class VectorPictureReader: VideoSourceReader {
    let path: String
    private let image: VectorImage
    private var drawn: Frame?

    /// Reads and parses the SVG file of `url` with the `{variables}` its URL carries (see `DrawingText`).
    init(url: URL) throws(ExportError) {
        path = url.path
        do {
            image = try VectorImage(path: url.path, replacements: DrawingText.replacements(in: url))
        } catch {
            throw ExportError.wrap(error, path: url.path)
        }
    }

    /// The document's own size, the display size layers place it by.
    var displaySize: (width: Int, height: Int)? {
        (Int(image.width.rounded(.up)), Int(image.height.rounded(.up)))
    }

    func frame(at time: MediaTime) throws(ExportError) -> Frame? {
        try picture(at: time, stretch: 1)?.frame
    }

    func picture(at time: MediaTime, stretch: Double) throws(ExportError) -> SourcePicture? {
        guard let (width, height) = displaySize else { return nil }
        let scale = stretch.isFinite && stretch > 0 ? stretch : 1
        let size = (Int((Double(width) * scale).rounded(.up)), Int((Double(height) * scale).rounded(.up)))
        if let drawn, drawn.width == min(size.0, VectorImage.largestSide),
           drawn.height == min(size.1, VectorImage.largestSide) {
            return SourcePicture(frame: drawn, displayWidth: width, displayHeight: height)
        }
        do {
            let frame = try image.render(width: size.0, height: size.1)
            drawn = frame
            return SourcePicture(frame: frame, displayWidth: width, displayHeight: height)
        } catch {
            throw ExportError.wrap(error, path: path)
        }
    }
}
