// Corpus: speed changes. The whole clip is inserted with the composition's insertTimeRange(_:of:at:) (every
// track at once), its second half is played at double speed with scaleTimeRange, and a half-second gap is put at the
// start with insertEmptyTimeRange; the same is then done on a copy with the tracks' own calls.
// Usage: speed-ramp OUTPUT INPUT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: speed-ramp OUTPUT INPUT")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[2]))
let composition = AVMutableComposition()
let whole = CMTimeRange(start: .zero, duration: asset.duration)
do {
    try composition.insertTimeRange(whole, of: asset, at: .zero)
} catch {
    print("insert failed: \(error)")
    exit(1)
}
let half = CMTimeMultiplyByFloat64(asset.duration, multiplier: 0.5)
composition.scaleTimeRange(CMTimeRange(start: half, duration: half), toDuration: CMTimeMultiplyByRatio(half, multiplier: 1, divisor: 2))
composition.insertEmptyTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)))
print("composition lasts \(composition.duration.seconds) s")

// The same edit on each track of a mutable copy, then undone on the video with a second scale.
let copy = composition.mutableCopy() as! AVMutableComposition
for track in copy.tracks {
    track.scaleTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)), toDuration: CMTime(value: 1, timescale: 4))
}
print("copy lasts \(copy.duration.seconds) s, original still \(composition.duration.seconds) s")
let frozen = composition.copy() as! AVComposition
print("frozen copy has \(frozen.tracks.count) tracks")

let exporter = AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetMediumQuality)!
exporter.outputURL = URL(fileURLWithPath: arguments[1])
exporter.outputFileType = .mp4
exporter.audioTimePitchAlgorithm = .varispeed
let semaphore = DispatchSemaphore(value: 0)
exporter.exportAsynchronously(completionHandler: { semaphore.signal() })
semaphore.wait()
if let error = exporter.error {
    print("export failed: \(error.localizedDescription)")
    exit(1)
}
print("exported \(exporter.status == .completed)")
