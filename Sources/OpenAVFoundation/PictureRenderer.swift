import Composition
import Foundation
import MediaCore
import Render

/// Renders one picture of a composition into an image file's bytes. The seam behind `AVAssetImageGenerator`: today
/// a poster export of the renderer; a renderer API for single pictures can replace it without touching the facade.
protocol PictureRenderer: Sendable {
    /// The picture of `composition` (through `videoComposition`) at `time`, `width` x `height`, as PNG or JPEG.
    func picture(of composition: MutableComposition, videoComposition: VideoComposition?, at time: CMTime,
                 width: Int, height: Int, container: ExportSettings.Container) throws(AVError) -> Data
}

/// `PictureRenderer` over `ExportSession`'s poster presets: the picture is written to a temporary file, read back
/// and removed.
struct PosterPictureRenderer: PictureRenderer {
    func picture(of composition: MutableComposition, videoComposition: VideoComposition?, at time: CMTime,
                 width: Int, height: Int, container: ExportSettings.Container) throws(AVError) -> Data {
        let rate = ExportPreset.frameRate(videoComposition?.frameDuration
            ?? VideoComposition.make(propertiesOf: composition).frameDuration)
        let settings = ExportSettings(
            name: "image-generator", container: container,
            video: ExportSettings.Video(codec: container == .png ? .png : .mjpeg, width: width, height: height,
                                        frameRate: rate),
            audio: nil, posterTime: time)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("openavfoundation-\(UUID().uuidString).\(container.fileExtension)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = ExportSession(composition: composition, videoComposition: videoComposition, settings: settings,
                                    outputPath: path)
        do {
            _ = try session.export()
        } catch {
            throw AVError(error)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw AVError(ExportError.verify(path: path, reason: "cannot read the picture: \(error.localizedDescription)"))
        }
    }
}
