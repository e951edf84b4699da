// Corpus: a logo burnt into the corner of a video, the way apps brand user clips. The clip's picture and sound go into
// an AVMutableComposition; the logo PNG is read with ImageIO (CGImageSourceCreateWithURL) and set as a CALayer's
// contents, aspect-fitted into a box a quarter of the width wide at the bottom right, slightly see-through; the video
// layer and the logo layer sit in a parent layer given to an AVVideoCompositionCoreAnimationTool, and an
// AVAssetExportSession writes the result with the completion handler and a DispatchGroup.
// Usage: logo-watermark INPUT LOGO OUTPUT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: logo-watermark INPUT LOGO OUTPUT")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
let logoURL = URL(fileURLWithPath: arguments[2])
let outputURL = URL(fileURLWithPath: arguments[3])
try? FileManager.default.removeItem(at: outputURL)

guard let imageSource = CGImageSourceCreateWithURL(logoURL as CFURL, nil),
      let logo = CGImageSourceCreateImageAtIndex(imageSource, 0, nil) else {
    print("cannot read the logo")
    exit(1)
}

let composition = AVMutableComposition()
let timeRange = CMTimeRange(start: .zero, duration: asset.duration)
guard let clipVideo = asset.tracks(withMediaType: .video).first,
      let videoTrack = composition.addMutableTrack(withMediaType: .video,
                                                   preferredTrackID: kCMPersistentTrackID_Invalid) else {
    print("no video track")
    exit(1)
}
do {
    try videoTrack.insertTimeRange(timeRange, of: clipVideo, at: .zero)
    if let clipAudio = asset.tracks(withMediaType: .audio).first,
       let audioTrack = composition.addMutableTrack(withMediaType: .audio,
                                                    preferredTrackID: kCMPersistentTrackID_Invalid) {
        try audioTrack.insertTimeRange(timeRange, of: clipAudio, at: .zero)
    }
} catch {
    print("cannot insert the clip: \(error)")
    exit(1)
}
videoTrack.preferredTransform = clipVideo.preferredTransform

let size = clipVideo.naturalSize
let videoComposition = AVMutableVideoComposition()
videoComposition.renderSize = size
videoComposition.frameDuration = CMTimeMake(value: 1, timescale: 30)
let instruction = AVMutableVideoCompositionInstruction()
instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
instruction.layerInstructions = [AVMutableVideoCompositionLayerInstruction(assetTrack: videoTrack)]
videoComposition.instructions = [instruction]

let margin = size.width / 40
let logoLayer = CALayer()
logoLayer.contents = logo
logoLayer.contentsGravity = .resizeAspect
logoLayer.frame = CGRect(x: size.width - size.width / 4 - margin, y: margin, width: size.width / 4,
                         height: size.height / 4)
logoLayer.opacity = 0.75
logoLayer.masksToBounds = true

let videoLayer = CALayer()
videoLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
let parentLayer = CALayer()
parentLayer.frame = videoLayer.frame
parentLayer.addSublayer(videoLayer)
parentLayer.addSublayer(logoLayer)
videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer,
                                                                     in: parentLayer)

guard let export = AVAssetExportSession(asset: composition, presetName: AVAssetExportPreset1280x720) else {
    print("cannot export")
    exit(1)
}
export.outputURL = outputURL
export.outputFileType = .mov
export.videoComposition = videoComposition
export.shouldOptimizeForNetworkUse = true
let group = DispatchGroup()
group.enter()
export.exportAsynchronously {
    group.leave()
}
group.wait()
switch export.status {
case .completed:
    print("branded \(CMTimeGetSeconds(composition.duration)) s at \(Int(size.width))x\(Int(size.height))")
default:
    print("failed: \(export.error?.localizedDescription ?? "unknown error")")
    exit(1)
}
