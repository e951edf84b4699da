// Written as one writes for Apple's platforms: replace the next line with `import AVFoundation` and this file
// compiles there unchanged. It uses only Apple's spellings; the tests call it and check what it makes.
import OpenAVFoundation
import Foundation

/// Times and ranges as the AVFoundation Programming Guide's "Time and Media Representations" chapter works them.
struct SampleTimes {
    /// 1.5 s, its seconds, a sum, a comparison, a range, membership and a mapping.
    static func worked() -> (seconds: Double, sum: CMTime, laterIsGreater: Bool, range: CMTimeRange, contains: Bool,
                             mapped: CMTime) {
        let oneAndAHalf = CMTimeMake(value: 3, timescale: 2)
        let frame = CMTime(value: 1, timescale: 30)
        let sum = CMTimeAdd(oneAndAHalf, frame)
        let laterIsGreater = CMTimeCompare(sum, oneAndAHalf) == 1 && sum > oneAndAHalf
        let range = CMTimeRangeMake(start: CMTimeMakeWithSeconds(1, preferredTimescale: 600),
                                    duration: CMTimeMakeWithSeconds(2, preferredTimescale: 600))
        let contains = CMTimeRangeContainsTime(range, time: oneAndAHalf) && !range.containsTime(range.end)
        let slow = CMTimeRange(start: .zero, duration: CMTime(seconds: 4, preferredTimescale: 600))
        let mapped = CMTimeMapTimeFromRangeToRange(oneAndAHalf, fromRange: range, toRange: slow)
        return (CMTimeGetSeconds(oneAndAHalf), sum, laterIsGreater, range, contains, mapped)
    }
}

/// An editor a macOS or iOS app could ship: timelines, crossfades, mixes and exports.
final class SampleEditor {
    /// The first `seconds` of each clip one after another, over `bed` (looped) at -12 dB, fading out at the end.
    func concatenate(_ clips: [URL], firstSeconds seconds: Double, bed: URL) async throws -> (AVMutableComposition, AVAudioMix) {
        let composition = AVMutableComposition()
        guard let video = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid),
              let sound = composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid),
              let music = composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid)
        else { throw AVError(.unknown) }
        var cursor = CMTime.zero
        for url in clips {
            let asset = AVURLAsset(url: url, options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
            let (duration, tracks) = try await asset.load(.duration, .tracks)
            let take = CMTimeMinimum(CMTimeMakeWithSeconds(seconds, preferredTimescale: 600), duration)
            let range = CMTimeRange(start: .zero, duration: take)
            for track in tracks where track.mediaType == .video {
                try video.insertTimeRange(range, of: track, at: cursor)
            }
            for track in tracks where track.mediaType == .audio {
                try sound.insertTimeRange(range, of: track, at: cursor)
            }
            cursor = cursor + take
        }
        let bedAsset = AVAsset(url: bed)
        guard let bedTrack = try await bedAsset.loadTracks(withMediaType: .audio).first else { throw AVError(.noSourceTrack) }
        let bedDuration = try await bedAsset.load(.duration)
        var filled = CMTime.zero
        while filled < cursor {
            let piece = CMTimeMinimum(bedDuration, cursor - filled)
            try music.insertTimeRange(CMTimeRange(start: .zero, duration: piece), of: bedTrack, at: filled)
            filled = filled + piece
        }
        let musicLevel = AVMutableAudioMixInputParameters(track: music)
        musicLevel.setVolume(0.25, at: .zero)
        let fade = CMTimeMakeWithSeconds(0.5, preferredTimescale: 600)
        musicLevel.setVolumeRamp(fromStartVolume: 0.25, toEndVolume: 0, timeRange: CMTimeRange(start: cursor - fade, duration: fade))
        let mix = AVMutableAudioMix()
        mix.inputParameters = [musicLevel]
        return (composition, mix)
    }

    /// `first` then `second`, overlapping by `overlap` on two video tracks, the first fading out over the overlap.
    func crossfade(_ first: URL, _ second: URL, overlap: CMTime) async throws -> (AVMutableComposition, AVMutableVideoComposition) {
        let composition = AVMutableComposition()
        let a = AVURLAsset(url: first), b = AVURLAsset(url: second)
        guard let trackA = try await a.loadTracks(withMediaType: .video).first,
              let trackB = try await b.loadTracks(withMediaType: .video).first,
              let lower = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid),
              let upper = composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid)
        else { throw AVError(.noSourceTrack) }
        let durationA = try await trackA.load(.timeRange).duration
        let durationB = try await trackB.load(.timeRange).duration
        try upper.insertTimeRange(CMTimeRange(start: .zero, duration: durationA), of: trackA, at: .zero)
        let secondStart = durationA - overlap
        try lower.insertTimeRange(CMTimeRange(start: .zero, duration: durationB), of: trackB, at: secondStart)

        let videoComposition = AVMutableVideoComposition(propertiesOf: composition)
        let fadeRange = CMTimeRange(start: secondStart, duration: overlap)
        let before = AVMutableVideoCompositionInstruction()
        before.timeRange = CMTimeRange(start: .zero, end: secondStart)
        before.layerInstructions = [AVMutableVideoCompositionLayerInstruction(assetTrack: upper)]
        let during = AVMutableVideoCompositionInstruction()
        during.timeRange = fadeRange
        let fading = AVMutableVideoCompositionLayerInstruction(assetTrack: upper)
        fading.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: fadeRange)
        during.layerInstructions = [fading, AVMutableVideoCompositionLayerInstruction(assetTrack: lower)]
        let after = AVMutableVideoCompositionInstruction()
        after.timeRange = CMTimeRange(start: fadeRange.end, end: composition.duration)
        after.layerInstructions = [AVMutableVideoCompositionLayerInstruction(assetTrack: lower)]
        videoComposition.instructions = [before, during, after]
        return (composition, videoComposition)
    }

    /// `clip` left and right, each squeezed to half the width, the right one sliding in over the first second.
    func splitScreen(_ clip: URL) async throws -> (AVMutableComposition, AVMutableVideoComposition) {
        let composition = AVMutableComposition()
        let asset = AVAsset(url: clip)
        guard let source = try await asset.loadTracks(withMediaType: .video).first,
              let left = composition.addMutableTrack(withMediaType: .video, preferredTrackID: 10),
              let right = composition.addMutableTrack(withMediaType: .video, preferredTrackID: 20)
        else { throw AVError(.noSourceTrack) }
        let (range, size) = try await source.load(.timeRange, .naturalSize)
        try left.insertTimeRange(range, of: source, at: .zero)
        try right.insertTimeRange(range, of: source, at: .zero)
        let half = CGAffineTransform(scaleX: 0.5, y: 1)
        let leftLayer = AVMutableVideoCompositionLayerInstruction(assetTrack: left)
        leftLayer.setTransform(half, at: .zero)
        let rightLayer = AVMutableVideoCompositionLayerInstruction(assetTrack: right)
        let slide = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2))
        rightLayer.setTransformRamp(fromStart: half.concatenating(CGAffineTransform(translationX: size.width, y: 0)),
                                    toEnd: half.concatenating(CGAffineTransform(translationX: size.width / 2, y: 0)),
                                    timeRange: slide)
        let instruction = AVMutableVideoCompositionInstruction()
        instruction.timeRange = CMTimeRange(start: .zero, duration: composition.duration)
        instruction.layerInstructions = [rightLayer, leftLayer]
        let videoComposition = AVMutableVideoComposition()
        videoComposition.renderSize = size
        videoComposition.frameDuration = CMTime(value: 1, timescale: 30)
        videoComposition.instructions = [instruction]
        return (composition, videoComposition)
    }

    /// Exports with the classic completion handler and reports the status and error it ended with.
    func exportClassic(_ asset: AVAsset, preset: String, to url: URL, fileType: AVFileType,
                       videoComposition: AVVideoComposition? = nil, audioMix: AVAudioMix? = nil,
                       timeRange: CMTimeRange? = nil) async -> (AVAssetExportSession.Status, Error?) {
        guard let session = AVAssetExportSession(asset: asset, presetName: preset) else { return (.failed, nil) }
        session.outputURL = url
        session.outputFileType = fileType
        session.videoComposition = videoComposition
        session.audioMix = audioMix
        session.shouldOptimizeForNetworkUse = true
        if let timeRange { session.timeRange = timeRange }
        let title = AVMutableMetadataItem()
        title.identifier = .commonIdentifierTitle
        title.value = "Made with AVFoundation" as NSString
        session.metadata = [title]
        return await withCheckedContinuation { continuation in
            session.exportAsynchronously {
                continuation.resume(returning: (session.status, session.error))
            }
        }
    }

    /// Exports with `export(to:as:)`, watching the states; returns the highest progress seen.
    func exportModern(_ asset: AVAsset, preset: String, to url: URL, fileType: AVFileType,
                      audioMix: AVAudioMix? = nil) async throws -> Double {
        guard let session = AVAssetExportSession(asset: asset, presetName: preset) else { throw AVError(.exportFailed) }
        session.audioMix = audioMix
        let watcher = Task {
            var highest = 0.0
            for await state in session.states(updateInterval: 0.02) {
                if case .exporting(let progress) = state { highest = max(highest, progress.fractionCompleted) }
            }
            return highest
        }
        try await session.export(to: url, as: fileType)
        return await watcher.value
    }

    /// A thumbnail of `asset` at `seconds`, no larger than `maximumSize`.
    func thumbnail(of asset: AVAsset, at seconds: Double, maximumSize: CGSize) async throws -> CGImage {
        let generator = AVAssetImageGenerator(asset: asset)
        generator.appliesPreferredTrackTransform = true
        generator.maximumSize = maximumSize
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        let (image, _) = try await generator.image(at: CMTime(seconds: seconds, preferredTimescale: 600))
        return image
    }

    /// Whether a hand-made segment list with a gap between its segments would be accepted.
    func segmentsWithGapAreRejected(_ track: AVMutableCompositionTrack, source: URL) -> Bool {
        let first = AVCompositionTrackSegment(url: source, trackID: 1,
                                              sourceTimeRange: CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)),
                                              targetTimeRange: CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)))
        let second = AVCompositionTrackSegment(url: source, trackID: 1,
                                               sourceTimeRange: CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)),
                                               targetTimeRange: CMTimeRange(start: CMTime(value: 1, timescale: 1),
                                                                            duration: CMTime(value: 1, timescale: 2)))
        do {
            try track.validateSegments([first, second])
            return false
        } catch let error as AVError {
            return error.code == .compositionTrackSegmentsNotContiguous
        } catch {
            return false
        }
    }
}
