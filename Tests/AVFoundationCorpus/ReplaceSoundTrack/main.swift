// Corpus: replacing a video's sound without re-encoding. Two AVAssetReaders hand out stored samples (nil output
// settings) of one file's video track and another file's audio track; an AVAssetWriter copies both (nil output
// settings with each track's format description as the source format hint), appending in simple loops that wait
// while an input is not ready, and ends the session where the video ends.
// Usage: replace-sound-track VIDEO SOUND OUTPUT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: replace-sound-track VIDEO SOUND OUTPUT")
    exit(2)
}
let videoAsset = AVURLAsset(url: URL(fileURLWithPath: arguments[1]))
let soundAsset = AVURLAsset(url: URL(fileURLWithPath: arguments[2]))
let outputURL = URL(fileURLWithPath: arguments[3])
try? FileManager.default.removeItem(at: outputURL)

guard let videoTrack = videoAsset.tracks(withMediaType: .video).first,
      let soundTrack = soundAsset.tracks(withMediaType: .audio).first else {
    print("missing a video or an audio track")
    exit(1)
}
let videoDuration = videoAsset.duration

do {
    let videoReader = try AVAssetReader(asset: videoAsset)
    let videoOutput = AVAssetReaderTrackOutput(track: videoTrack, outputSettings: nil)
    videoReader.add(videoOutput)
    let soundReader = try AVAssetReader(asset: soundAsset)
    let soundOutput = AVAssetReaderTrackOutput(track: soundTrack, outputSettings: nil)
    soundReader.add(soundOutput)

    let writer = try AVAssetWriter(outputURL: outputURL, fileType: .mp4)
    let videoHint = videoTrack.formatDescriptions.first as! CMFormatDescription
    let soundHint = soundTrack.formatDescriptions.first as! CMFormatDescription
    let videoInput = AVAssetWriterInput(mediaType: .video, outputSettings: nil, sourceFormatHint: videoHint)
    let soundInput = AVAssetWriterInput(mediaType: .audio, outputSettings: nil, sourceFormatHint: soundHint)
    videoInput.transform = videoTrack.preferredTransform
    for input in [videoInput, soundInput] {
        guard writer.canAdd(input) else {
            print("cannot add the \(input.mediaType.rawValue) input")
            exit(1)
        }
        writer.add(input)
    }

    guard videoReader.startReading(), soundReader.startReading(), writer.startWriting() else {
        print("cannot start: \(String(describing: videoReader.error ?? soundReader.error ?? writer.error))")
        exit(1)
    }
    writer.startSession(atSourceTime: .zero)

    func copyAll(from output: AVAssetReaderOutput, to input: AVAssetWriterInput) -> Int {
        var count = 0
        while let sample = output.copyNextSampleBuffer() {
            while !input.isReadyForMoreMediaData {
                Thread.sleep(forTimeInterval: 0.01)
            }
            if !input.append(sample) {
                break
            }
            count += 1
        }
        input.markAsFinished()
        return count
    }

    let pictures = copyAll(from: videoOutput, to: videoInput)
    let sounds = copyAll(from: soundOutput, to: soundInput)
    writer.endSession(atSourceTime: videoDuration)
    await writer.finishWriting()
    if writer.status == .completed {
        print("copied \(pictures) video samples and \(sounds) audio samples, \(CMTimeGetSeconds(videoDuration)) s")
    } else {
        print("failed: \(writer.error?.localizedDescription ?? "unknown error")")
        exit(1)
    }
} catch {
    print("failed: \(error.localizedDescription)")
    exit(1)
}
