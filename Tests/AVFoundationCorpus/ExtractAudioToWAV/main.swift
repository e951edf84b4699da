// Corpus: extracting a video's sound to a WAVE file, the way apps hand audio to a speech or analysis service. An
// AVAssetReaderTrackOutput decodes the audio track to linear PCM; an AVAssetWriter of type .wav stores it as 16-bit
// little-endian stereo at 44.1 kHz, described by the usual settings dictionary with an AudioChannelLayout passed as
// NSData. Samples are appended from requestMediaDataWhenReady on a queue of its own, and the program waits on a
// semaphore until finishWriting calls back.
// Usage: extract-audio-wav INPUT OUTPUT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    print("usage: extract-audio-wav INPUT OUTPUT")
    exit(2)
}
let asset = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
let outputURL = URL(fileURLWithPath: arguments[2])
try? FileManager.default.removeItem(at: outputURL)

guard let audioTrack = asset.tracks(withMediaType: .audio).first else {
    print("no audio track")
    exit(1)
}

do {
    let reader = try AVAssetReader(asset: asset)
    let readerOutput = AVAssetReaderTrackOutput(track: audioTrack,
                                                outputSettings: [AVFormatIDKey: kAudioFormatLinearPCM])
    reader.add(readerOutput)

    var channelLayout = AudioChannelLayout()
    memset(&channelLayout, 0, MemoryLayout<AudioChannelLayout>.size)
    channelLayout.mChannelLayoutTag = kAudioChannelLayoutTag_Stereo
    let outputSettings: [String: Any] = [
        AVFormatIDKey: kAudioFormatLinearPCM,
        AVSampleRateKey: 44100,
        AVNumberOfChannelsKey: 2,
        AVChannelLayoutKey: NSData(bytes: &channelLayout, length: MemoryLayout<AudioChannelLayout>.size),
        AVLinearPCMBitDepthKey: 16,
        AVLinearPCMIsNonInterleaved: false,
        AVLinearPCMIsFloatKey: false,
        AVLinearPCMIsBigEndianKey: false,
    ]
    let writer = try AVAssetWriter(outputURL: outputURL, fileType: .wav)
    let writerInput = AVAssetWriterInput(mediaType: .audio, outputSettings: outputSettings)
    writerInput.expectsMediaDataInRealTime = false
    guard writer.canAdd(writerInput) else {
        print("cannot add the audio input")
        exit(1)
    }
    writer.add(writerInput)

    guard reader.startReading(), writer.startWriting() else {
        print("cannot start: \(String(describing: reader.error ?? writer.error))")
        exit(1)
    }
    writer.startSession(atSourceTime: .zero)

    let done = DispatchSemaphore(value: 0)
    writerInput.requestMediaDataWhenReady(on: DispatchQueue(label: "audio.extract")) {
        while writerInput.isReadyForMoreMediaData {
            if let buffer = readerOutput.copyNextSampleBuffer() {
                if !writerInput.append(buffer) {
                    reader.cancelReading()
                }
            } else {
                writerInput.markAsFinished()
                writer.finishWriting {
                    done.signal()
                }
                break
            }
        }
    }
    done.wait()

    if writer.status == .completed {
        print("wrote \(CMTimeGetSeconds(asset.duration)) s of sound to \(outputURL.lastPathComponent)")
    } else {
        print("failed: \(writer.error?.localizedDescription ?? "unknown error")")
        exit(1)
    }
} catch {
    print("failed: \(error.localizedDescription)")
    exit(1)
}
