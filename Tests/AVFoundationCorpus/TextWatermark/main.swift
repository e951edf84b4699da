// Corpus: a text watermark burnt into a video, the way apps brand their exports. The clip goes into an
// AVMutableComposition; a video composition made from its properties gets an AVVideoCompositionCoreAnimationTool
// whose parent layer holds the video layer and a right-aligned, semi-transparent CATextLayer near the bottom edge
// (Core Animation's bottom-left origin) that fades in over half a second with a CABasicAnimation; an
// AVAssetExportSession writes it with the completion handler and a DispatchGroup.
// Usage: text-watermark INPUT OUTPUT TEXT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: text-watermark INPUT OUTPUT TEXT")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
let outputURL = URL(fileURLWithPath: arguments[2])
try? FileManager.default.removeItem(at: outputURL)

let composition = AVMutableComposition()
guard let sourceTrack = asset.tracks(withMediaType: .video).first,
      let track = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid) else {
    print("no video track")
    exit(1)
}
do {
    try track.insertTimeRange(CMTimeRange(start: .zero, duration: asset.duration), of: sourceTrack, at: .zero)
} catch {
    print("cannot insert the clip: \(error)")
    exit(1)
}

let videoComposition = AVMutableVideoComposition(propertiesOf: composition)
let size = videoComposition.renderSize

let videoLayer = CALayer()
videoLayer.frame = CGRect(origin: .zero, size: size)
let parentLayer = CALayer()
parentLayer.frame = CGRect(origin: .zero, size: size)
parentLayer.addSublayer(videoLayer)

let watermark = CATextLayer()
watermark.string = arguments[3]
watermark.font = "Helvetica-Bold" as CFTypeRef
watermark.fontSize = size.height / 8
watermark.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
watermark.opacity = 0.8
watermark.alignmentMode = .right
watermark.frame = CGRect(x: 0, y: size.height / 20, width: size.width - size.width / 20, height: size.height / 6)
watermark.contentsScale = 2
let fadeIn = CABasicAnimation(keyPath: "opacity")
fadeIn.fromValue = 0
fadeIn.toValue = 0.8
fadeIn.beginTime = AVCoreAnimationBeginTimeAtZero
fadeIn.duration = 0.5
fadeIn.timingFunction = CAMediaTimingFunction(name: .linear)
fadeIn.fillMode = .forwards
fadeIn.isRemovedOnCompletion = false
watermark.add(fadeIn, forKey: "fadeIn")
parentLayer.addSublayer(watermark)

videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer,
                                                                     in: parentLayer)

guard let export = AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality) else {
    print("cannot export")
    exit(1)
}
export.outputURL = outputURL
export.outputFileType = .mp4
export.videoComposition = videoComposition
let group = DispatchGroup()
group.enter()
export.exportAsynchronously {
    group.leave()
}
group.wait()
if export.status == .completed {
    print("watermarked \(CMTimeGetSeconds(composition.duration)) s at \(Int(size.width))x\(Int(size.height))")
} else {
    print("failed: \(export.error?.localizedDescription ?? "unknown error")")
    exit(1)
}
