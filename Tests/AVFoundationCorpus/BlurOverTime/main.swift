// Corpus: a blur that grows over the clip, the way Apple's documentation shows
// AVVideoComposition(asset:applyingCIFiltersWithHandler:): one CIGaussianBlur whose radius follows the frame's
// compositionTime, the source clamped to its extent before blurring and cropped back after, each request finished
// with the filtered image; an AVAssetExportSession writes a QuickTime movie with the completion handler and a
// DispatchGroup.
// Usage: blur-over-time INPUT OUTPUT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: blur-over-time INPUT OUTPUT")
    exit(2)
}
let asset = AVAsset(url: URL(fileURLWithPath: arguments[1]))
let outputURL = URL(fileURLWithPath: arguments[2])
try? FileManager.default.removeItem(at: outputURL)

let filter = CIFilter(name: "CIGaussianBlur")!
let composition = AVVideoComposition(asset: asset, applyingCIFiltersWithHandler: { request in
    // Clamp to avoid blurring transparent pixels at the image edges.
    let source = request.sourceImage.clampedToExtent()
    filter.setValue(source, forKey: kCIInputImageKey)

    // Vary filter parameters based on the video timing.
    let seconds = CMTimeGetSeconds(request.compositionTime)
    filter.setValue(seconds * 10.0, forKey: kCIInputRadiusKey)

    // Crop the blurred output to the bounds of the original image.
    let output = filter.outputImage!.cropped(to: request.sourceImage.extent)

    // Provide the filter output to the composition.
    request.finish(with: output, context: nil)
})

guard let export = AVAssetExportSession(asset: asset, presetName: AVAssetExportPreset1920x1080) else {
    print("cannot export")
    exit(1)
}
export.outputFileType = AVFileType.mov
export.outputURL = outputURL
export.videoComposition = composition
let group = DispatchGroup()
group.enter()
export.exportAsynchronously {
    group.leave()
}
group.wait()
if export.status == .completed {
    print("blurred \(CMTimeGetSeconds(asset.duration)) s")
} else {
    print("failed: \(export.error?.localizedDescription ?? "unknown error")")
    exit(1)
}
