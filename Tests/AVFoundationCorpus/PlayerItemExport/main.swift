// Corpus: one composition for a player and an exporter, as editing apps build it: an AVPlayerItem(asset:) carries the
// video composition and audio mix, an AVPlayer takes the item (nothing plays on Linux), and the exporter takes the
// item's asset and settings. Clips are checked with AVURLAssetPreferPreciseDurationAndTimingKey and the export is
// bounded with fileLengthLimit.
// Usage: player-item-export OUTPUT INPUT...
import OpenAVFoundation

func makeItem(for urls: [URL]) throws -> AVPlayerItem {
    let composition = AVMutableComposition()
    let video = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
    let audio = composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid)
    let volumes = AVMutableAudioMixInputParameters(track: audio)
    for url in urls {
        let asset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        let start = composition.duration
        let range = CMTimeRange(start: .zero, duration: asset.duration)
        try video?.insertTimeRange(range, of: asset.tracks(withMediaType: .video)[0], at: start)
        try audio?.insertTimeRange(range, of: asset.tracks(withMediaType: .audio)[0], at: start)
        volumes.setVolumeRamp(fromStartVolume: 0, toEndVolume: 1, timeRange: CMTimeRange(start: start, duration: CMTime(value: 1, timescale: 5)))
    }
    let mix = AVMutableAudioMix()
    mix.inputParameters = [volumes]
    let item = AVPlayerItem(asset: composition)
    item.videoComposition = AVMutableVideoComposition(propertiesOf: composition)
    item.audioMix = mix
    return item
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: player-item-export OUTPUT INPUT...")
    exit(2)
}
let item: AVPlayerItem
do {
    item = try makeItem(for: arguments.dropFirst(2).map { URL(fileURLWithPath: $0) })
} catch let error as NSError {
    print("could not build the composition: \(error.domain) \(error.code)")
    exit(1)
} catch {
    print("could not build the composition: \(error)")
    exit(1)
}
let player = AVPlayer(playerItem: item)
player.play()
print("player rate \(player.rate), item \(item.status == .readyToPlay ? "ready" : "failed"), \(item.duration.seconds) s")
player.pause()

guard let composition = item.asset as? AVComposition,
      let exporter = AVAssetExportSession(asset: composition, presetName: AVAssetExportPreset1280x720) else { exit(1) }
exporter.outputURL = URL(fileURLWithPath: arguments[1])
exporter.outputFileType = .mp4
exporter.videoComposition = item.videoComposition
exporter.audioMix = item.audioMix
exporter.fileLengthLimit = 50_000_000
exporter.canPerformMultiplePassesOverSourceMediaData = true
exporter.shouldOptimizeForNetworkUse = true
let semaphore = DispatchSemaphore(value: 0)
exporter.exportAsynchronously { semaphore.signal() }
semaphore.wait()
if exporter.status != .completed {
    print("export failed: \(exporter.error?.localizedDescription ?? "")")
    exit(1)
}
let size = (try? FileManager.default.attributesOfItem(atPath: arguments[1])[.size] as? Int) ?? 0
print("exported \(size <= 50_000_000 ? "within" : "over") the limit")
