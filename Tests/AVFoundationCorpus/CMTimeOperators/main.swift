// Corpus: a program that declares the CMTime operators CoreMedia lacks, as the CMTimeUtils helpers do (`*`, `/`,
// `+=`, `-=`, prefix `-`, comparisons with seconds), and uses them to cut a clip into equal slices played in reverse
// order. Instruction ranges are kept as NSValue(timeRange:)s, as Objective-C-era code did.
// Usage: cmtime-operators OUTPUT INPUT SLICES
import OpenAVFoundation

func * (time: CMTime, multiplier: Int32) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
func * (multiplier: Int32, time: CMTime) -> CMTime { CMTimeMultiply(time, multiplier: multiplier) }
func * (time: CMTime, multiplier: Float64) -> CMTime { CMTimeMultiplyByFloat64(time, multiplier: multiplier) }
func / (time: CMTime, divisor: Int32) -> CMTime { CMTimeMultiplyByRatio(time, multiplier: 1, divisor: divisor) }
func += (time: inout CMTime, other: CMTime) { time = time + other }
func -= (time: inout CMTime, other: CMTime) { time = time - other }
prefix func - (time: CMTime) -> CMTime { CMTimeMultiply(time, multiplier: -1) }
func > (time: CMTime, seconds: Double) -> Bool { time.seconds > seconds }

extension CMTime {
    init(frames: Int64, fps: Int32) { self = CMTimeMake(value: frames, timescale: fps) }
    var halved: CMTime { self / 2 }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let slices = Int32(arguments[3]), slices > 0 else {
    print("usage: cmtime-operators OUTPUT INPUT SLICES")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[2]))
let slice = asset.duration / slices
let composition = AVMutableComposition()
let video = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)!
let source = asset.tracks(withMediaType: .video)[0]
var cursor = CMTime.zero
var ranges: [NSValue] = []
for index in (0..<slices).reversed() {
    let range = CMTimeRange(start: slice * index, duration: slice)
    try video.insertTimeRange(range, of: source, at: cursor)
    ranges.append(NSValue(timeRange: CMTimeRange(start: cursor, duration: slice)))
    cursor += slice
}
var rewind = cursor
rewind -= slice.halved
print("slices of \(slice.seconds) s, total \(cursor.seconds) s, rewound \(rewind.seconds) s, negated \((-cursor).seconds), longer than 0.5 s: \(cursor > 0.5)")
print("three frames at 30 fps: \((3 * CMTime(frames: 1, fps: 30)).seconds) s, scaled: \((slice * 2.0).seconds) s")

let videoComposition = AVMutableVideoComposition(propertiesOf: composition)
let instructions = ranges.map { value -> AVMutableVideoCompositionInstruction in
    let instruction = AVMutableVideoCompositionInstruction()
    instruction.timeRange = value.timeRangeValue
    instruction.layerInstructions = [AVMutableVideoCompositionLayerInstruction(assetTrack: video)]
    return instruction
}
videoComposition.instructions = instructions
print("instruction ends: \(instructions.map { CMTimeGetSeconds($0.timeRange.end) })")
let exporter = AVAssetExportSession(asset: composition, presetName: AVAssetExportPresetLowQuality)!
exporter.outputURL = URL(fileURLWithPath: arguments[1])
exporter.outputFileType = .mp4
exporter.videoComposition = videoComposition
let semaphore = DispatchSemaphore(value: 0)
exporter.exportAsynchronously { semaphore.signal() }
semaphore.wait()
print(exporter.status == .completed ? "exported" : "failed: \(String(describing: exporter.error))")
