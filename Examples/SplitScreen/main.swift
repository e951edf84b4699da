// Two clips side by side, each squeezed to half the width; the right one slides in from the right edge over the
// first second with a transform ramp, and the left one slides out to the left over the last second.
// Usage: split-screen OUTPUT.mp4 LEFT RIGHT
import Foundation
import OpenAVFoundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: split-screen OUTPUT.mp4 LEFT RIGHT\n".utf8))
    exit(64)
}
let output = URL(fileURLWithPath: arguments[0])

do {
    let composition = AVMutableComposition()
    var layers: [(track: AVMutableCompositionTrack, size: CGSize)] = []
    for path in arguments[1...2] {
        let asset = AVURLAsset(url: URL(fileURLWithPath: path))
        guard let source = try await asset.loadTracks(withMediaType: .video).first,
              let track = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
        else { throw AVError(.noSourceTrack) }
        let (range, size) = try await source.load(.timeRange, .naturalSize)
        try track.insertTimeRange(range, of: source, at: .zero)
        layers.append((track, size))
    }
    let renderSize = CGSize(width: 1280, height: 720)
    let duration = composition.duration
    let second = CMTimeMinimum(CMTime(value: 1, timescale: 1), duration)

    /// `size` squeezed into half the picture, then moved right by `x`.
    func placed(_ size: CGSize, x: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: renderSize.width / 2 / size.width, y: renderSize.height / size.height)
            .concatenating(CGAffineTransform(translationX: x, y: 0))
    }

    let left = AVMutableVideoCompositionLayerInstruction(assetTrack: layers[0].track)
    left.setTransform(placed(layers[0].size, x: 0), at: .zero)
    left.setTransformRamp(fromStart: placed(layers[0].size, x: 0), toEnd: placed(layers[0].size, x: -renderSize.width / 2),
                          timeRange: CMTimeRange(start: duration - second, duration: second))
    let right = AVMutableVideoCompositionLayerInstruction(assetTrack: layers[1].track)
    right.setTransformRamp(fromStart: placed(layers[1].size, x: renderSize.width),
                           toEnd: placed(layers[1].size, x: renderSize.width / 2),
                           timeRange: CMTimeRange(start: .zero, duration: second))

    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = CMTimeRange(start: .zero, duration: duration)
    instruction.layerInstructions = [right, left]
    let videoComposition = AVMutableVideoComposition()
    videoComposition.renderSize = renderSize
    videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
    videoComposition.instructions = [instruction]

    guard let session = AVAssetExportSession(asset: composition, presetName: AVAssetExportPreset1280x720) else {
        throw AVError(.exportFailed)
    }
    session.videoComposition = videoComposition
    try await session.export(to: output, as: .mp4)
    print("wrote \(output.path): \(CMTimeGetSeconds(duration)) s at \(Int(renderSize.width))x\(Int(renderSize.height))")
} catch {
    FileHandle.standardError.write(Data("split-screen: \(error.localizedDescription)\n".utf8))
    exit(1)
}
