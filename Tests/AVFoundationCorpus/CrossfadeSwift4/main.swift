// Corpus: a crossfade written as Swift 4 code was (2017-2018 tutorials): kCMTimeZero, CMTimeMake(1, 30),
// CMTimeRangeMake(_, _), CMTimeAdd and CMTimeSubtract without labels, three instructions (A, A->B, B) with an
// opacity ramp, volume ramps for the sound, AVAssetExportSessionStatus, and a command-line tool's CFRunLoopRun().
// Usage: crossfade-swift4 OUTPUT FIRST SECOND
import OpenAVFoundation

let arguments = CommandLine.arguments
if arguments.count != 4 {
    print("usage: crossfade-swift4 OUTPUT FIRST SECOND")
    exit(2)
}
let firstAsset = AVAsset(url: URL(fileURLWithPath: arguments[2]))
let secondAsset = AVAsset(url: URL(fileURLWithPath: arguments[3]))
let fade = CMTimeMake(15, 30)

let mixComposition = AVMutableComposition()
let trackA = mixComposition.addMutableTrack(withMediaType: AVMediaType.video, preferredTrackID: Int32(kCMPersistentTrackID_Invalid))!
let trackB = mixComposition.addMutableTrack(withMediaType: AVMediaType.video, preferredTrackID: Int32(kCMPersistentTrackID_Invalid))!
let audioA = mixComposition.addMutableTrack(withMediaType: AVMediaType.audio, preferredTrackID: Int32(kCMPersistentTrackID_Invalid))!
let audioB = mixComposition.addMutableTrack(withMediaType: AVMediaType.audio, preferredTrackID: Int32(kCMPersistentTrackID_Invalid))!
let secondStart = CMTimeSubtract(firstAsset.duration, fade)
do {
    try trackA.insertTimeRange(CMTimeRangeMake(kCMTimeZero, firstAsset.duration), of: firstAsset.tracks(withMediaType: AVMediaType.video)[0], at: kCMTimeZero)
    try trackB.insertTimeRange(CMTimeRangeMake(kCMTimeZero, secondAsset.duration), of: secondAsset.tracks(withMediaType: AVMediaType.video)[0], at: secondStart)
    try audioA.insertTimeRange(CMTimeRangeMake(kCMTimeZero, firstAsset.duration), of: firstAsset.tracks(withMediaType: AVMediaType.audio)[0], at: kCMTimeZero)
    try audioB.insertTimeRange(CMTimeRangeMake(kCMTimeZero, secondAsset.duration), of: secondAsset.tracks(withMediaType: AVMediaType.audio)[0], at: secondStart)
} catch {
    print("insert failed: \(error)")
    exit(1)
}
let fadeRange = CMTimeRangeMake(secondStart, fade)
let endTime = CMTimeAdd(secondStart, secondAsset.duration)

let passA = AVMutableVideoCompositionInstruction()
passA.timeRange = CMTimeRangeMake(kCMTimeZero, secondStart)
passA.layerInstructions = [AVMutableVideoCompositionLayerInstruction(assetTrack: trackA)]

let transition = AVMutableVideoCompositionInstruction()
transition.timeRange = fadeRange
let fromLayer = AVMutableVideoCompositionLayerInstruction(assetTrack: trackA)
fromLayer.setOpacityRamp(fromStartOpacity: 1.0, toEndOpacity: 0.0, timeRange: fadeRange)
let toLayer = AVMutableVideoCompositionLayerInstruction(assetTrack: trackB)
transition.layerInstructions = [fromLayer, toLayer]

let passB = AVMutableVideoCompositionInstruction()
passB.timeRange = CMTimeRangeMake(CMTimeRangeGetEnd(fadeRange), CMTimeSubtract(endTime, CMTimeRangeGetEnd(fadeRange)))
passB.layerInstructions = [AVMutableVideoCompositionLayerInstruction(assetTrack: trackB)]

let videoComposition = AVMutableVideoComposition()
videoComposition.instructions = [passA, transition, passB]
videoComposition.frameDuration = CMTimeMake(1, 30)
videoComposition.renderSize = trackA.naturalSize

let fadeOut = AVMutableAudioMixInputParameters(track: audioA)
fadeOut.setVolumeRamp(fromStartVolume: 1.0, toEndVolume: 0.0, timeRange: fadeRange)
let fadeIn = AVMutableAudioMixInputParameters(track: audioB)
fadeIn.setVolumeRamp(fromStartVolume: 0.0, toEndVolume: 1.0, timeRange: fadeRange)
let audioMix = AVMutableAudioMix()
audioMix.inputParameters = [fadeOut, fadeIn]

let exporter = AVAssetExportSession(asset: mixComposition, presetName: AVAssetExportPreset640x480)!
exporter.outputURL = URL(fileURLWithPath: arguments[1])
exporter.outputFileType = AVFileType.mov
exporter.videoComposition = videoComposition
exporter.audioMix = audioMix
exporter.exportAsynchronously {
    CFRunLoopStop(CFRunLoopGetMain())
}
CFRunLoopRun()
if exporter.status == AVAssetExportSessionStatus.completed {
    print("crossfaded \(CMTimeGetSeconds(mixComposition.duration)) s")
} else {
    print("export failed: \(String(describing: exporter.error))")
    exit(1)
}
