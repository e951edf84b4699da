// Corpus: reading decoded media. An AVAssetReader with a track output of BGRA pictures and an audio mix output of
// 16-bit PCM, taken buffer by buffer as analysis code does (CVPixelBuffer rows under a lock, CMBlockBuffer bytes by
// pointer); writes each frame's mean colour to a CSV file and prints the totals and the sound's peak.
// Usage: reader-statistics INPUT CSV-OUTPUT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: reader-statistics INPUT CSV-OUTPUT")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
let videoTracks = try await asset.loadTracks(withMediaType: .video)
let audioTracks = try await asset.loadTracks(withMediaType: .audio)
guard let videoTrack = videoTracks.first else {
    print("no video track")
    exit(1)
}

let reader = try AVAssetReader(asset: asset)
let pictures = AVAssetReaderTrackOutput(track: videoTrack, outputSettings: [
    kCVPixelBufferPixelFormatTypeKey as String: NSNumber(value: kCVPixelFormatType_32BGRA),
    kCVPixelBufferIOSurfacePropertiesKey as String: [:] as [String: Any],
])
pictures.alwaysCopiesSampleData = false
let sound = AVAssetReaderAudioMixOutput(audioTracks: audioTracks, audioSettings: [
    AVFormatIDKey: kAudioFormatLinearPCM,
    AVLinearPCMBitDepthKey: 16,
    AVLinearPCMIsFloatKey: false,
    AVLinearPCMIsBigEndianKey: false,
    AVLinearPCMIsNonInterleaved: false,
])
for output in [pictures, sound] where reader.canAdd(output) {
    reader.add(output)
}
guard reader.startReading() else {
    print("cannot read: \(reader.error?.localizedDescription ?? "unknown error")")
    exit(1)
}

/// The mean red, green and blue of a BGRA picture.
func meanColor(of pixelBuffer: CVPixelBuffer) -> (red: Double, green: Double, blue: Double) {
    CVPixelBufferLockBaseAddress(pixelBuffer, .readOnly)
    defer { CVPixelBufferUnlockBaseAddress(pixelBuffer, .readOnly) }
    let width = CVPixelBufferGetWidth(pixelBuffer)
    let height = CVPixelBufferGetHeight(pixelBuffer)
    let bytesPerRow = CVPixelBufferGetBytesPerRow(pixelBuffer)
    guard let base = CVPixelBufferGetBaseAddress(pixelBuffer)?.assumingMemoryBound(to: UInt8.self) else {
        return (0, 0, 0)
    }
    var totals = [0, 0, 0]
    for y in 0..<height {
        let row = base + y * bytesPerRow
        for x in 0..<width {
            totals[0] += Int(row[x * 4 + 2])
            totals[1] += Int(row[x * 4 + 1])
            totals[2] += Int(row[x * 4])
        }
    }
    let count = Double(width * height)
    return (Double(totals[0]) / count, Double(totals[1]) / count, Double(totals[2]) / count)
}

var csv = "time,red,green,blue\n"
var frames = 0
var firstTime = CMTime.invalid
var sums = (red: 0.0, green: 0.0, blue: 0.0)
while let sampleBuffer = pictures.copyNextSampleBuffer() {
    guard let imageBuffer = CMSampleBufferGetImageBuffer(sampleBuffer) else { continue }
    let time = CMSampleBufferGetPresentationTimeStamp(sampleBuffer)
    if !firstTime.isValid { firstTime = time }
    let mean = meanColor(of: imageBuffer)
    csv += String(format: "%.4f,%.1f,%.1f,%.1f\n", CMTimeGetSeconds(time), mean.red, mean.green, mean.blue)
    sums = (sums.red + mean.red, sums.green + mean.green, sums.blue + mean.blue)
    frames += 1
}

var peak: Int16 = 0
var sampleFrames = 0
var channels = 0
while let sampleBuffer = sound.copyNextSampleBuffer() {
    if channels == 0, let format = CMSampleBufferGetFormatDescription(sampleBuffer),
       let description = CMAudioFormatDescriptionGetStreamBasicDescription(format) {
        channels = Int(description.pointee.mChannelsPerFrame)
    }
    guard let blockBuffer = CMSampleBufferGetDataBuffer(sampleBuffer) else { continue }
    var length = 0
    var data: UnsafeMutablePointer<CChar>?
    guard CMBlockBufferGetDataPointer(blockBuffer, atOffset: 0, lengthAtOffsetOut: &length, totalLengthOut: nil,
                                      dataPointerOut: &data) == kCMBlockBufferNoErr, let data = data else { continue }
    data.withMemoryRebound(to: Int16.self, capacity: length / 2) { samples in
        for index in 0..<length / 2 where samples[index] != .min {
            peak = max(peak, abs(samples[index]))
        }
    }
    sampleFrames += CMSampleBufferGetNumSamples(sampleBuffer)
}

guard reader.status == .completed else {
    print("reading stopped: \(reader.error?.localizedDescription ?? "status \(reader.status.rawValue)")")
    exit(1)
}
try csv.write(toFile: arguments[2], atomically: true, encoding: .utf8)
let count = Double(max(frames, 1))
print(String(format: "video: %d frames from %.3f s, mean colour %.0f %.0f %.0f", frames, CMTimeGetSeconds(firstTime),
             sums.red / count, sums.green / count, sums.blue / count))
print(String(format: "audio: %d sample frames, %d channels, peak %.1f dBFS", sampleFrames, channels,
             20 * log10(Double(max(peak, 1)) / 32768)))
