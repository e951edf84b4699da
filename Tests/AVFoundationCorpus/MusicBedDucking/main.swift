// Corpus: a music bed under a clip's own sound, ducked while the clip plays: setVolume(_:at:) and
// setVolumeRamp(fromStartVolume:toEndVolume:timeRange:) on AVMutableAudioMixInputParameters, exported as sound only
// with AVAssetExportPresetAppleM4A (and Swift 3's AVFileTypeAppleM4A).
// Usage: music-bed-ducking OUTPUT.m4a CLIP BED
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: music-bed-ducking OUTPUT.m4a CLIP BED")
    exit(2)
}
let clip = AVURLAsset(url: URL(fileURLWithPath: arguments[2]))
let bed = AVURLAsset(url: URL(fileURLWithPath: arguments[3]))
let composition = AVMutableComposition()
let voice = composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid)!
let music = composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid)!
let clipStart = CMTime(value: 1, timescale: 2)
do {
    try voice.insertTimeRange(CMTimeRange(start: .zero, duration: clip.duration), of: clip.tracks(withMediaType: .audio)[0], at: clipStart)
    try music.insertTimeRange(CMTimeRange(start: .zero, duration: bed.duration), of: bed.tracks(withMediaType: .audio)[0], at: .zero)
} catch {
    print("insert failed: \(error.localizedDescription)")
    exit(1)
}
let duck = CMTime(value: 1, timescale: 10)
let musicLevel = AVMutableAudioMixInputParameters(track: music)
musicLevel.setVolume(1.0, at: .zero)
musicLevel.setVolumeRamp(fromStartVolume: 1.0, toEndVolume: 0.1, timeRange: CMTimeRange(start: clipStart - duck, duration: duck))
let clipEnd = clipStart + clip.duration
musicLevel.setVolumeRamp(fromStartVolume: 0.1, toEndVolume: 1.0, timeRange: CMTimeRange(start: clipEnd, duration: duck))
let voiceLevel = AVMutableAudioMixInputParameters(track: voice)
voiceLevel.setVolume(1.0, at: .zero)
let mix = AVMutableAudioMix()
mix.inputParameters = [musicLevel, voiceLevel]

var start: Float = 0, end: Float = 0
var range = CMTimeRange()
if musicLevel.getVolumeRamp(for: clipStart, startVolume: &start, endVolume: &end, timeRange: &range) {
    print("music at \(clipStart.seconds) s: \(start) -> \(end) over \(range.duration.seconds) s")
}

guard AVAssetExportSession.exportPresets(compatibleWith: composition).contains(AVAssetExportPresetAppleM4A),
      let exporter = AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetAppleM4A) else {
    print("no m4a preset")
    exit(1)
}
exporter.outputURL = URL(fileURLWithPath: arguments[1])
exporter.outputFileType = AVFileTypeAppleM4A
exporter.audioMix = mix
exporter.timeRange = CMTimeRange(start: .zero, duration: bed.duration)
let semaphore = DispatchSemaphore(value: 0)
exporter.exportAsynchronously { semaphore.signal() }
semaphore.wait()
switch exporter.status {
case .completed: print("mixed \(bed.duration.seconds) s")
default:
    print("export failed: \(exporter.error?.localizedDescription ?? "")")
    exit(1)
}
