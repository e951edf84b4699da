// Concatenates the first seconds of several clips over a music bed (an MP3, looped, lowered and faded out), then
// exports the result at 1280x720 at most.
// Usage: timeline-builder OUTPUT.mp4 BED.mp3 SECONDS CLIP...
import Foundation
import OpenAVFoundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 4, let seconds = Double(arguments[arguments.startIndex + 2]), seconds > 0 else {
    FileHandle.standardError.write(Data("usage: timeline-builder OUTPUT.mp4 BED.mp3 SECONDS CLIP...\n".utf8))
    exit(64)
}
let output = URL(fileURLWithPath: arguments[arguments.startIndex])
let bed = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
let clips = arguments.dropFirst(3).map { URL(fileURLWithPath: $0) }

do {
    let composition = AVMutableComposition()
    guard let pictures = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid),
          let sound = composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid),
          let music = composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid)
    else { throw AVError(.unknown) }

    // The clips, one after another.
    var end = CMTime.zero
    for clip in clips {
        let asset = AVURLAsset(url: clip)
        let (duration, tracks) = try await asset.load(.duration, .tracks)
        let piece = CMTimeRange(start: .zero, duration: CMTimeMinimum(duration, CMTime(seconds: seconds, preferredTimescale: 600)))
        for track in tracks {
            if track.mediaType == .video { try pictures.insertTimeRange(piece, of: track, at: end) }
            if track.mediaType == .audio { try sound.insertTimeRange(piece, of: track, at: end) }
        }
        end = end + piece.duration
        print("\(clip.lastPathComponent): \(CMTimeGetSeconds(piece.duration)) s")
    }

    // The bed, repeated until the clips end.
    let bedAsset = AVURLAsset(url: bed)
    guard let bedTrack = try await bedAsset.loadTracks(withMediaType: .audio).first else {
        throw AVError(.noSourceTrack)
    }
    let bedLength = try await bedTrack.load(.timeRange).duration
    var filled = CMTime.zero
    while filled < end {
        let piece = CMTimeMinimum(bedLength, end - filled)
        try music.insertTimeRange(CMTimeRange(start: .zero, duration: piece), of: bedTrack, at: filled)
        filled = filled + piece
    }

    // The bed at a quarter of its level (-12 dB), faded out over the last second.
    let level = AVMutableAudioMixInputParameters(track: music)
    level.setVolume(0.25, at: .zero)
    let fade = CMTimeMinimum(CMTime(value: 1, timescale: 1), end)
    level.setVolumeRamp(fromStartVolume: 0.25, toEndVolume: 0, timeRange: CMTimeRange(start: end - fade, duration: fade))
    let mix = AVMutableAudioMix()
    mix.inputParameters = [level]

    guard let session = AVAssetExportSession(asset: composition, presetName: AVAssetExportPreset1280x720) else {
        throw AVError(.exportFailed)
    }
    session.audioMix = mix
    session.shouldOptimizeForNetworkUse = true
    try await session.export(to: output, as: .mp4)
    print("wrote \(output.path): \(CMTimeGetSeconds(end)) s")
} catch {
    FileHandle.standardError.write(Data("timeline-builder: \(error.localizedDescription)\n".utf8))
    exit(1)
}
