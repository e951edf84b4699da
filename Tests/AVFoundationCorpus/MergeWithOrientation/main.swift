// Corpus: merges clips one after another, turning each upright from its track's preferredTransform and scaling it
// to fill the render size, in the style of the "merge videos" helpers of iOS apps: completion handler, semaphore.
// Usage: merge-with-orientation OUTPUT INPUT...
import AVFoundation
import CoreGraphics

final class VideoMerger {
    let renderSize = CGSize(width: 320, height: 240)

    func merge(_ urls: [URL], to output: URL, completion: @escaping (Bool, Error?) -> Void) {
        let composition = AVMutableComposition()
        guard let videoTrack = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid),
              let audioTrack = composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid) else {
            completion(false, nil)
            return
        }
        var layerInstructions: [AVMutableVideoCompositionLayerInstruction] = []
        let instruction = AVMutableVideoCompositionInstruction()
        let layer = AVMutableVideoCompositionLayerInstruction(assetTrack: videoTrack)
        var cursor = CMTime.zero
        for url in urls {
            let asset = AVURLAsset(url: url)
            guard let assetVideo = asset.tracks(withMediaType: .video).first else { continue }
            let range = CMTimeRange(start: .zero, duration: asset.duration)
            do {
                try videoTrack.insertTimeRange(range, of: assetVideo, at: cursor)
                if let assetAudio = asset.tracks(withMediaType: .audio).first {
                    try audioTrack.insertTimeRange(range, of: assetAudio, at: cursor)
                }
            } catch {
                completion(false, error)
                return
            }
            let transform = assetVideo.preferredTransform
            let size = assetVideo.naturalSize.applying(transform)
            let upright = CGSize(width: abs(size.width), height: abs(size.height))
            let scale = max(renderSize.width / upright.width, renderSize.height / upright.height)
            let fill = transform.concatenating(CGAffineTransform(scaleX: scale, y: scale))
            layer.setTransform(fill, at: cursor)
            cursor = cursor + asset.duration
        }
        layerInstructions.append(layer)
        instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
        instruction.layerInstructions = layerInstructions
        let videoComposition = AVMutableVideoComposition()
        videoComposition.renderSize = renderSize
        videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
        videoComposition.instructions = [instruction]

        guard let exporter = AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality) else {
            completion(false, nil)
            return
        }
        exporter.outputURL = output
        exporter.outputFileType = AVFileType.mp4
        exporter.videoComposition = videoComposition
        exporter.shouldOptimizeForNetworkUse = true
        exporter.exportAsynchronously {
            switch exporter.status {
            case .completed: completion(true, nil)
            case .failed, .cancelled: completion(false, exporter.error)
            default: completion(false, nil)
            }
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: merge-with-orientation OUTPUT INPUT...")
    exit(2)
}
let semaphore = DispatchSemaphore(value: 0)
var succeeded = false
VideoMerger().merge(arguments.dropFirst(2).map { URL(fileURLWithPath: $0) }, to: URL(fileURLWithPath: arguments[1])) { ok, error in
    succeeded = ok
    if let error = error { print("merge failed: \(error.localizedDescription)") }
    semaphore.signal()
}
semaphore.wait()
print(succeeded ? "merged" : "failed")
exit(succeeded ? 0 : 1)
