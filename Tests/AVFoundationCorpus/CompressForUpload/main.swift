// Corpus: compressing a video before upload. An AVAssetReader hands out 420v pictures at half the size and 16-bit
// PCM; an AVAssetWriter encodes them as H.264 at a set bit rate and AAC, each input fed from its own queue with
// requestMediaDataWhenReady, a DispatchGroup waiting for both, and finishWriting's completion handler.
// Usage: compress-for-upload INPUT OUTPUT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: compress-for-upload INPUT OUTPUT")
    exit(2)
}
let inputURL = URL(fileURLWithPath: arguments[1])
let outputURL = URL(fileURLWithPath: arguments[2])
try? FileManager.default.removeItem(at: outputURL)

let asset = AVURLAsset(url: inputURL)
guard let videoTrack = try await asset.loadTracks(withMediaType: .video).first else {
    print("no video track")
    exit(1)
}
let audioTrack = try await asset.loadTracks(withMediaType: .audio).first
let naturalSize = try await videoTrack.load(.naturalSize)
let targetWidth = Int(naturalSize.width / 2) & ~1
let targetHeight = Int(naturalSize.height / 2) & ~1

let reader = try AVAssetReader(asset: asset)
let videoOutput = AVAssetReaderTrackOutput(track: videoTrack, outputSettings: [
    kCVPixelBufferPixelFormatTypeKey as String: kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange,
    kCVPixelBufferWidthKey as String: targetWidth,
    kCVPixelBufferHeightKey as String: targetHeight,
])
reader.add(videoOutput)
var audioOutput: AVAssetReaderTrackOutput?
if let audioTrack {
    let output = AVAssetReaderTrackOutput(track: audioTrack, outputSettings: [
        AVFormatIDKey: kAudioFormatLinearPCM,
        AVLinearPCMBitDepthKey: 16,
        AVLinearPCMIsFloatKey: false,
        AVLinearPCMIsBigEndianKey: false,
        AVLinearPCMIsNonInterleaved: false,
    ])
    reader.add(output)
    audioOutput = output
}

let writer = try AVAssetWriter(outputURL: outputURL, fileType: .mp4)
writer.shouldOptimizeForNetworkUse = true
let videoInput = AVAssetWriterInput(mediaType: .video, outputSettings: [
    AVVideoCodecKey: AVVideoCodecType.h264,
    AVVideoWidthKey: targetWidth,
    AVVideoHeightKey: targetHeight,
    AVVideoCompressionPropertiesKey: [
        AVVideoAverageBitRateKey: 250_000,
        AVVideoMaxKeyFrameIntervalKey: 30,
        AVVideoProfileLevelKey: AVVideoProfileLevelH264HighAutoLevel,
    ],
])
videoInput.expectsMediaDataInRealTime = false
guard writer.canAdd(videoInput) else {
    print("cannot add the video input")
    exit(1)
}
writer.add(videoInput)
var audioInput: AVAssetWriterInput?
if audioOutput != nil {
    let input = AVAssetWriterInput(mediaType: .audio, outputSettings: [
        AVFormatIDKey: kAudioFormatMPEG4AAC,
        AVNumberOfChannelsKey: 2,
        AVSampleRateKey: 44100,
        AVEncoderBitRateKey: 96000,
    ])
    if writer.canAdd(input) {
        writer.add(input)
        audioInput = input
    }
}

guard reader.startReading(), writer.startWriting() else {
    print("cannot start: \(String(describing: reader.error ?? writer.error))")
    exit(1)
}
writer.startSession(atSourceTime: .zero)

/// Buffers appended per input, counted from the inputs' queues.
final class AppendCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = [0, 0]

    func add(_ slot: Int) {
        lock.lock()
        counts[slot] += 1
        lock.unlock()
    }

    func count(_ slot: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[slot]
    }
}

let group = DispatchGroup()
let counter = AppendCounter()

func pump(_ input: AVAssetWriterInput, from output: AVAssetReaderOutput, label: String, slot: Int) {
    group.enter()
    let queue = DispatchQueue(label: label)
    input.requestMediaDataWhenReady(on: queue) {
        while input.isReadyForMoreMediaData {
            if let sampleBuffer = output.copyNextSampleBuffer() {
                if !input.append(sampleBuffer) {
                    reader.cancelReading()
                    input.markAsFinished()
                    group.leave()
                    return
                }
                counter.add(slot)
            } else {
                input.markAsFinished()
                group.leave()
                return
            }
        }
    }
}

pump(videoInput, from: videoOutput, label: "compress.video", slot: 0)
if let audioInput, let audioOutput {
    pump(audioInput, from: audioOutput, label: "compress.audio", slot: 1)
}
group.wait()

let semaphore = DispatchSemaphore(value: 0)
writer.finishWriting {
    semaphore.signal()
}
semaphore.wait()

switch writer.status {
case .completed:
    print("compressed to \(targetWidth)x\(targetHeight): \(counter.count(0)) video frames, \(counter.count(1)) audio buffers")
default:
    print("failed: \(writer.error?.localizedDescription ?? "unknown error")")
    exit(1)
}
