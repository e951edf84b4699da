// Corpus: a rounded caption card with a round avatar over a clip, the way social apps frame a user's video. A white
// card with 12-point corners sits at the bottom; the avatar, read with ImageIO, is cut to a circle by a corner radius
// of half its width and masksToBounds; the name is a CATextLayer beside it. The video composition comes from
// AVMutableVideoComposition(propertiesOf:), and an AVAssetExportSession writes it with the completion handler.
// Usage: rounded-card INPUT AVATAR OUTPUT NAME
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    print("usage: rounded-card INPUT AVATAR OUTPUT NAME")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
let outputURL = URL(fileURLWithPath: arguments[3])
try? FileManager.default.removeItem(at: outputURL)
guard let source = CGImageSourceCreateWithURL(URL(fileURLWithPath: arguments[2]) as CFURL, nil),
      let avatarImage = CGImageSourceCreateImageAtIndex(source, 0, nil) else {
    print("cannot read the avatar")
    exit(1)
}

let videoComposition = AVMutableVideoComposition(propertiesOf: asset)
let size = videoComposition.renderSize

let card = CALayer()
card.frame = CGRect(x: 8, y: 8, width: size.width - 16, height: size.height / 3)
card.backgroundColor = CGColor.white
card.cornerRadius = 12
card.masksToBounds = true

let avatar = CALayer()
let side = card.frame.height - 8
avatar.frame = CGRect(x: 6, y: 4, width: side, height: side)
avatar.contents = avatarImage
avatar.contentsGravity = .resizeAspectFill
avatar.cornerRadius = side / 2
avatar.masksToBounds = true
avatar.borderWidth = 4
avatar.borderColor = CGColor(red: 1, green: 0.8, blue: 0, alpha: 1)
card.addSublayer(avatar)

let name = CATextLayer()
name.string = arguments[4]
name.fontSize = 14
name.foregroundColor = CGColor(gray: 0, alpha: 1)
name.frame = CGRect(x: side + 14, y: 8, width: card.frame.width - side - 20, height: 20)
card.addSublayer(name)

let videoLayer = CALayer()
videoLayer.frame = CGRect(origin: .zero, size: size)
let parentLayer = CALayer()
parentLayer.frame = videoLayer.frame
parentLayer.addSublayer(videoLayer)
parentLayer.addSublayer(card)
videoComposition.animationTool = AVVideoCompositionCoreAnimationTool(postProcessingAsVideoLayer: videoLayer,
                                                                     in: parentLayer)

guard let exporter = AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetHighestQuality) else {
    print("cannot export")
    exit(1)
}
exporter.outputURL = outputURL
exporter.outputFileType = .mp4
exporter.videoComposition = videoComposition
let group = DispatchGroup()
group.enter()
exporter.exportAsynchronously { group.leave() }
group.wait()
guard exporter.status == .completed else {
    print("export failed: \(exporter.error?.localizedDescription ?? "unknown")")
    exit(1)
}
print("framed \(CMTimeGetSeconds(asset.duration)) s")

