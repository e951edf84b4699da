// Corpus: a watermark drawn by a Core Image filtering handler, the way many apps brand clips without Core Animation.
// One CISourceOverCompositing filter made up front; for every frame the handler sets the clamped source image as its
// background and the logo, scaled to a quarter of the frame's width and moved to the bottom right corner, as its
// input; AVAssetExportPresetHighestQuality writes an MP4, waited for with a semaphore.
// Usage: filter-watermark INPUT LOGO OUTPUT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: filter-watermark INPUT LOGO OUTPUT")
    exit(2)
}
let asset = AVAsset(url: URL(fileURLWithPath: arguments[1]))
let outputURL = URL(fileURLWithPath: arguments[3])
try? FileManager.default.removeItem(at: outputURL)

guard let watermarkImage = CIImage(contentsOf: URL(fileURLWithPath: arguments[2])),
      let watermarkFilter = CIFilter(name: "CISourceOverCompositing") else {
    print("cannot read the logo")
    exit(1)
}

let videoComposition = AVVideoComposition(asset: asset) { filteringRequest in
    let source = filteringRequest.sourceImage.clampedToExtent()
    watermarkFilter.setValue(source, forKey: "inputBackgroundImage")
    let extent = filteringRequest.sourceImage.extent
    let scale = extent.width / 4 / watermarkImage.extent.width
    let scaled = watermarkImage.transformed(by: CGAffineTransform(scaleX: scale, y: scale))
    let transform = CGAffineTransform(translationX: extent.width - scaled.extent.width - 2, y: 0)
    watermarkFilter.setValue(scaled.transformed(by: transform), forKey: "inputImage")
    filteringRequest.finish(with: watermarkFilter.outputImage!, context: nil)
}

guard let exporter = AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetHighestQuality) else {
    print("cannot export")
    exit(1)
}
exporter.outputURL = outputURL
exporter.outputFileType = .mp4
exporter.videoComposition = videoComposition
let semaphore = DispatchSemaphore(value: 0)
exporter.exportAsynchronously {
    semaphore.signal()
}
semaphore.wait()
if exporter.status == .completed {
    print("watermarked \(CMTimeGetSeconds(asset.duration)) s")
} else {
    print("failed: \(exporter.error?.localizedDescription ?? "unknown error")")
    exit(1)
}
