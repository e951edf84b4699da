// Corpus: an animated lower third and a spinning badge over a clip, the way apps title their exports. A dark band
// holding a centred CATextLayer slides in from the left with an ease-out and fades out at the end, both animations in
// one CAAnimationGroup on the band; a small white square in the top-left corner turns with "transform.rotation.z"
// repeated for ever. The layers go into an AVVideoCompositionCoreAnimationTool on a video composition built from the
// clip, and an AVAssetExportSession writes it with the completion handler and a DispatchGroup.
// Usage: animated-lower-third INPUT OUTPUT TEXT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: animated-lower-third INPUT OUTPUT TEXT")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
let outputURL = URL(fileURLWithPath: arguments[2])
try? FileManager.default.removeItem(at: outputURL)

let videoComposition = AVMutableVideoComposition(propertiesOf: asset)
let size = videoComposition.renderSize
let duration = CMTimeGetSeconds(asset.duration)

let parentLayer = CALayer()
parentLayer.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
let videoLayer = CALayer()
videoLayer.frame = parentLayer.frame
parentLayer.addSublayer(videoLayer)

// The band: a fifth of the height, a tenth above the bottom edge.
let band = CALayer()
band.frame = CGRect(x: 0, y: size.height / 10, width: size.width, height: size.height / 5)
band.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.6)
let title = CATextLayer()
title.string = arguments[3]
title.font = "Helvetica" as CFTypeRef
title.fontSize = size.height / 6
title.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
title.alignmentMode = .center
title.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height / 5)
band.addSublayer(title)

let slideIn = CABasicAnimation(keyPath: "position.x")
slideIn.fromValue = -size.width / 2
slideIn.toValue = size.width / 2
slideIn.duration = 0.4
slideIn.timingFunction = CAMediaTimingFunction(name: .easeOut)
slideIn.fillMode = .backwards
let fadeOut = CABasicAnimation(keyPath: "opacity")
fadeOut.fromValue = 1
fadeOut.toValue = 0
fadeOut.beginTime = duration - 0.3
fadeOut.duration = 0.3
fadeOut.fillMode = .forwards
fadeOut.isRemovedOnCompletion = false
let lowerThird = CAAnimationGroup()
lowerThird.animations = [slideIn, fadeOut]
lowerThird.beginTime = AVCoreAnimationBeginTimeAtZero
lowerThird.duration = duration
lowerThird.fillMode = .both
lowerThird.isRemovedOnCompletion = false
band.add(lowerThird, forKey: "lowerThird")
parentLayer.addSublayer(band)

let square = CALayer()
square.bounds = CGRect(x: 0, y: 0, width: size.width / 8, height: size.width / 8)
square.position = CGPoint(x: size.width / 8, y: size.height - size.width / 8)
square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
let spin = CABasicAnimation(keyPath: "transform.rotation.z")
spin.fromValue = 0
spin.toValue = Double.pi / 2
spin.duration = 1
spin.repeatCount = .infinity
spin.beginTime = AVCoreAnimationBeginTimeAtZero
square.add(spin, forKey: "spin")
parentLayer.addSublayer(square)

videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer,
                                                                     in: parentLayer)
guard let export = AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetMediumQuality) else {
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
    print("titled \(duration) s at \(Int(size.width))x\(Int(size.height))")
} else {
    print("failed: \(export.error?.localizedDescription ?? "unknown error")")
    exit(1)
}
