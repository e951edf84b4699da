// Two clips on two video tracks overlapping by OVERLAP seconds; the video composition comes from
// AVMutableVideoComposition(propertiesOf:), which cuts the timeline where the set of playing tracks changes, and the
// first clip fades out over the overlap with an opacity ramp. Sound crossfades with volume ramps.
// Usage: crossfade OUTPUT.mov FIRST SECOND [OVERLAP]
import Foundation
import OpenAVFoundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 || arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: crossfade OUTPUT.mov FIRST SECOND [OVERLAP]\n".utf8))
    exit(64)
}
let output = URL(fileURLWithPath: arguments[0])
let overlap = CMTime(seconds: arguments.count == 4 ? Double(arguments[3]) ?? 0.5 : 0.5, preferredTimescale: 600)

do {
    let composition = AVMutableComposition()
    var start = CMTime.zero
    var audioTracks: [AVMutableCompositionTrack] = []
    for (index, path) in arguments[1...2].enumerated() {
        let asset = AVURLAsset(url: URL(fileURLWithPath: path))
        let (duration, tracks) = try await asset.load(.duration, .tracks)
        let range = CMTimeRange(start: .zero, duration: duration)
        for track in tracks where track.mediaType == .video || track.mediaType == .audio {
            guard let target = composition.addMutableTrack(withMediaType: track.mediaType,
                                                           preferredTrackID: kCMPersistentTrackID_Invalid) else { continue }
            try target.insertTimeRange(range, of: track, at: start)
            if track.mediaType == .audio { audioTracks.append(target) }
        }
        if index == 0 { start = duration - overlap }
    }
    let fade = CMTimeRange(start: start, duration: overlap)

    // Pictures: where both clips play, the first (on top) goes from opaque to transparent.
    let fitted = AVMutableVideoComposition(propertiesOf: composition)
    let videoComposition = AVMutableVideoComposition()
    videoComposition.renderSize = fitted.renderSize
    videoComposition.frameDuration = fitted.frameDuration
    videoComposition.instructions = fitted.instructions.compactMap { $0 as? AVVideoCompositionInstruction }.map { slice in
        let instruction = AVMutableVideoCompositionInstruction()
        instruction.timeRange = slice.timeRange
        instruction.layerInstructions = slice.layerInstructions.enumerated().map { position, layer in
            let ramped = AVMutableVideoCompositionLayerInstruction()
            ramped.trackID = layer.trackID
            if slice.layerInstructions.count == 2, position == 0 {
                ramped.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: slice.timeRange)
            }
            return ramped
        }
        return instruction
    }

    // Sound: the first clip's fades out while the second's fades in.
    let mix = AVMutableAudioMix()
    mix.inputParameters = audioTracks.enumerated().map { index, track in
        let parameters = AVMutableAudioMixInputParameters(track: track)
        parameters.setVolumeRamp(fromStartVolume: index == 0 ? 1 : 0, toEndVolume: index == 0 ? 0 : 1, timeRange: fade)
        return parameters
    }

    guard let session = AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetHighestQuality) else {
        throw AVError(.exportFailed)
    }
    session.outputURL = output
    session.outputFileType = .mov
    session.videoComposition = videoComposition
    session.audioMix = mix
    await session.export()
    guard session.status == .completed else { throw session.error ?? AVError(.exportFailed) }
    print("wrote \(output.path): \(CMTimeGetSeconds(composition.duration)) s, "
          + "crossfade from \(CMTimeGetSeconds(fade.start)) s to \(CMTimeGetSeconds(fade.end)) s")
} catch {
    FileHandle.standardError.write(Data("crossfade: \(error.localizedDescription)\n".utf8))
    exit(1)
}
