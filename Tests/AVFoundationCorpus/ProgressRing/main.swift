// Corpus: an upload-progress badge over phone footage, the way camera and social apps show a clip being sent. The
// clip was recorded in HDR; setting the video composition's colour properties to BT.709 (the usual snippet) makes the
// H.264 export SDR. A CAGradientLayer darkens the lower half from the bottom up, and a CAShapeLayer draws a progress
// ring three quarters round, from the top clockwise with round caps, at the bottom right.
// Usage: progress-ring INPUT OUTPUT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: progress-ring INPUT OUTPUT")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
let outputURL = URL(fileURLWithPath: arguments[2])
try? FileManager.default.removeItem(at: outputURL)

let videoComposition = AVMutableVideoComposition(propertiesOf: asset)
videoComposition.colorPrimaries = AVVideoColorPrimaries_ITU_R_709_2
videoComposition.colorTransferFunction = AVVideoTransferFunction_ITU_R_709_2
videoComposition.colorYCbCrMatrix = AVVideoYCbCrMatrix_ITU_R_709_2
let size = videoComposition.renderSize

let scrim = CAGradientLayer()
scrim.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height / 2)
scrim.colors = [CGColor(gray: 0, alpha: 0.8), CGColor(gray: 0, alpha: 0)]
scrim.startPoint = CGPoint(x: 0.5, y: 0)
scrim.endPoint = CGPoint(x: 0.5, y: 1)

let ring = CAShapeLayer()
ring.frame = CGRect(x: size.width - 48, y: 8, width: 40, height: 40)
let arc = CGMutablePath()
arc.addArc(center: CGPoint(x: 20, y: 20), radius: 16, startAngle: .pi / 2, endAngle: .pi / 2 - 2 * .pi,
           clockwise: true)
ring.path = arc
ring.fillColor = nil
ring.strokeColor = CGColor(gray: 1, alpha: 1)
ring.lineWidth = 4
ring.lineCap = .round
ring.strokeEnd = 0.75

let videoLayer = CALayer()
videoLayer.frame = CGRect(origin: .zero, size: size)
let parentLayer = CALayer()
parentLayer.frame = videoLayer.frame
parentLayer.addSublayer(videoLayer)
parentLayer.addSublayer(scrim)
parentLayer.addSublayer(ring)
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
print("badged \(CMTimeGetSeconds(asset.duration)) s")
