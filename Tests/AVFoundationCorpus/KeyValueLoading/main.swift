// Corpus: the loading style of iOS 4 to 15. loadValuesAsynchronously(forKeys:) with statusOfValue(forKey:error:)
// per key, a semaphore on the main thread, then a rotation fix: the render size is the natural size turned by the
// preferred transform, and the layer applies that transform. Mutating captured state in a handler builds, as with
// Apple's SDK in Swift 5 mode.
// Usage: key-value-loading OUTPUT INPUT
import AVFoundation
import CoreMedia

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: key-value-loading OUTPUT INPUT")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[2]), options: nil)
let keys = ["tracks", "duration", "playable"]
let loaded = DispatchSemaphore(value: 0)
var failures: [String] = []
asset.loadValuesAsynchronously(forKeys: keys) {
    for key in keys {
        var error: NSError? = nil
        let status = asset.statusOfValue(forKey: key, error: &error)
        if status != .loaded { failures.append("\(key): \(error?.localizedDescription ?? "status \(status.rawValue)")") }
    }
    loaded.signal()
}
loaded.wait()
guard failures.isEmpty else {
    print("loading failed: \(failures)")
    exit(1)
}
var missing: NSError?
if asset.statusOfValue(forKey: "frobnicate", error: &missing) == .failed, let missing = missing {
    print("unknown key: \(missing.domain) \(missing.code)")
}

let source = asset.tracks(withMediaType: .video)[0]
let composition = AVMutableComposition()
let track = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)!
try track.insertTimeRange(source.timeRange, of: source, at: .zero)
track.preferredTransform = source.preferredTransform

let turned = CGRect(origin: .zero, size: source.naturalSize).applying(source.preferredTransform)
let renderSize = CGSize(width: abs(turned.width), height: abs(turned.height))
let layer = AVMutableVideoCompositionLayerInstruction(assetTrack: track)
layer.setTransform(source.preferredTransform.concatenating(CGAffineTransform(translationX: -turned.minX, y: -turned.minY)), at: .zero)
let instruction = AVMutableVideoCompositionInstruction()
instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
instruction.layerInstructions = [layer]
let videoComposition = AVMutableVideoComposition()
videoComposition.renderSize = renderSize
videoComposition.frameDuration = source.minFrameDuration.isValid ? source.minFrameDuration : CMTime(value: 1, timescale: 30)
videoComposition.instructions = [instruction]
print("render size \(Int(renderSize.width))x\(Int(renderSize.height)), natural time scale \(source.naturalTimeScale)")

let exporter = AVAssetExportSession(asset: composition, presetName: AVAssetExportPreset1920x1080)!
exporter.outputURL = URL(fileURLWithPath: arguments[1])
exporter.outputFileType = .mov
exporter.videoComposition = videoComposition
var finalStatus = AVAssetExportSession.Status.unknown
let exported = DispatchSemaphore(value: 0)
exporter.exportAsynchronously {
    finalStatus = exporter.status
    exported.signal()
}
exported.wait()
print(finalStatus == .completed ? "exported" : "failed: \(String(describing: exporter.error))")
exit(finalStatus == .completed ? 0 : 1)
