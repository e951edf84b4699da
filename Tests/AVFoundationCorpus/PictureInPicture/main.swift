// Corpus: picture-in-picture. The main clip fills the picture; the inset clip is cropped to its centre, scaled to a
// quarter and slid in from the right with a transform ramp, fading in with an opacity ramp. The instructions are
// read back as [AVVideoCompositionInstructionProtocol] and down-cast, and the ramps read with the get...Ramp calls.
// Usage: picture-in-picture OUTPUT MAIN INSET
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: picture-in-picture OUTPUT MAIN INSET")
    exit(2)
}
let mainAsset = AVURLAsset(url: URL(fileURLWithPath: arguments[2]))
let insetAsset = AVURLAsset(url: URL(fileURLWithPath: arguments[3]))
let composition = AVMutableComposition()
guard let mainTrack = composition.addMutableTrack(withMediaType: .video, preferredTrackID: 1),
      let insetTrack = composition.addMutableTrack(withMediaType: .video, preferredTrackID: 2),
      let mainVideo = mainAsset.tracks(withMediaCharacteristic: .visual).first,
      let insetVideo = insetAsset.tracks(withMediaType: .video).first else {
    print("no video")
    exit(1)
}
let duration = CMTimeMinimum(mainAsset.duration, insetAsset.duration)
try mainTrack.insertTimeRange(CMTimeRange(start: .zero, duration: duration), of: mainVideo, at: .zero)
try insetTrack.insertTimeRange(CMTimeRange(start: .zero, duration: duration), of: insetVideo, at: .zero)

let size = mainVideo.naturalSize
let crop = CGRect(x: size.width / 4, y: size.height / 4, width: size.width / 2, height: size.height / 2)
let quarter = CGAffineTransform(scaleX: 0.5, y: 0.5)
let parked = quarter.concatenating(CGAffineTransform(translationX: size.width / 2, y: 0))
let offscreen = quarter.concatenating(CGAffineTransform(translationX: size.width, y: 0))
let slide = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2))

let inset = AVMutableVideoCompositionLayerInstruction(assetTrack: insetTrack)
inset.setCropRectangle(crop, at: .zero)
inset.setTransformRamp(fromStart: offscreen, toEnd: parked, timeRange: slide)
inset.setOpacityRamp(fromStartOpacity: 0.2, toEndOpacity: 1, timeRange: slide)
let background = AVMutableVideoCompositionLayerInstruction(assetTrack: mainTrack)
background.setTransform(.identity, at: .zero)

let instruction = AVMutableVideoCompositionInstruction()
instruction.timeRange = CMTimeRange(start: .zero, duration: duration)
instruction.layerInstructions = [inset, background]
let videoComposition = AVMutableVideoComposition()
videoComposition.renderSize = size
videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
videoComposition.instructions = [instruction]

// Read the plan back the way editors do before exporting.
let instructions: [AVVideoCompositionInstructionProtocol] = videoComposition.instructions
for case let mutable as AVMutableVideoCompositionInstruction in instructions {
    for layer in mutable.layerInstructions {
        var startOpacity: Float = 0, endOpacity: Float = 0
        var startTransform = CGAffineTransform.identity, endTransform = CGAffineTransform.identity
        var startCrop = CGRect.zero, endCrop = CGRect.zero
        var range = CMTimeRange.zero
        if layer.getOpacityRamp(for: .zero, startOpacity: &startOpacity, endOpacity: &endOpacity, timeRange: &range) {
            print("track \(layer.trackID) opacity \(startOpacity) -> \(endOpacity) until \(range.end.seconds)")
        }
        if layer.getTransformRamp(for: .zero, start: &startTransform, end: &endTransform, timeRange: &range) {
            print("track \(layer.trackID) moves from x \(startTransform.tx) to x \(endTransform.tx)")
        }
        if layer.getCropRectangleRamp(for: .zero, startCropRectangle: &startCrop, endCropRectangle: &endCrop, timeRange: &range) {
            print("track \(layer.trackID) crop \(Int(startCrop.width))x\(Int(startCrop.height))")
        }
    }
}

guard let exporter = AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality) else { exit(1) }
exporter.outputURL = URL(fileURLWithPath: arguments[1])
exporter.outputFileType = .mp4
exporter.videoComposition = videoComposition
let group = DispatchGroup()
group.enter()
exporter.exportAsynchronously { group.leave() }
group.wait()
guard exporter.status == .completed else {
    print("export failed: \(exporter.error?.localizedDescription ?? "")")
    exit(1)
}
print("exported")
