import Foundation
import OpenAVFoundation
import Testing

/// Compositions are references: tracks handed out edit the composition, as in AVFoundation.
@Suite struct CompositionEditingTests {
    let fixtures: AVFixtures

    init() throws {
        fixtures = try AVFixtures.get()
    }

    func videoTrack(_ url: URL) async throws -> AVAssetTrack {
        try #require(try await AVURLAsset(url: url).loadTracks(withMediaType: .video).first)
    }

    @Test func assetsDescribeTheirFiles() async throws {
        let asset = AVURLAsset(url: fixtures.red)
        let (duration, tracks) = try await asset.load(.duration, .tracks)
        #expect(duration == CMTime(value: 1, timescale: 1))
        #expect(tracks.map(\.mediaType) == [.video, .audio])
        let video = try #require(tracks.first)
        let (size, rate, formats) = try await video.load(.naturalSize, .nominalFrameRate, .formatDescriptions)
        #expect(size == CGSize(width: 160, height: 120))
        #expect(rate == 30)
        #expect(formats.first?.mediaSubType == .h264)
        #expect(formats.first.map(CMVideoFormatDescriptionGetDimensions) == CMVideoDimensions(width: 160, height: 120))
        let audio = try #require(tracks.last)
        #expect(try await audio.load(.formatDescriptions).first?.audioStreamBasicDescription?.mSampleRate == 48_000)
        #expect(video.asset === asset && asset.track(withTrackID: video.trackID) === video)
        #expect(AVAssetExportSession.exportPresets(compatibleWith: asset).contains(AVAssetExportPreset1280x720))
        #expect(asset.unusedTrackID() == 3)
        let composition = AVMutableComposition()
        #expect(composition.unusedTrackID() == 1)
        _ = composition.addMutableTrack(withMediaType: .video, preferredTrackID: 5)
        #expect(composition.unusedTrackID() == 6)
    }

    @Test func aMissingFileFailsToLoadWithoutCrashing() async throws {
        let asset = AVAsset(url: fixtures.url("nothing-here.mp4"))
        #expect(asset.tracks.isEmpty && asset.duration == .zero && !asset.isPlayable)
        await #expect(throws: URLError.self) { try await asset.load(.duration) }
        let text = AVAsset(url: URL(fileURLWithPath: #filePath))
        let error = await #expect(throws: AVError.self) { try await text.load(.tracks) }
        #expect(error?.code == .fileFormatNotRecognized)
    }

    @Test func editingAReturnedTrackEditsTheComposition() async throws {
        let composition = AVMutableComposition()
        let added = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        let source = try await videoTrack(fixtures.red)
        try added.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)), of: source, at: .invalid)
        #expect(composition.duration == CMTime(value: 1, timescale: 2))
        let found = try #require(composition.track(withTrackID: added.trackID))
        try found.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 4)), of: source, at: .zero)
        #expect(composition.duration == CMTime(value: 3, timescale: 4))
        #expect(added.segments.count == 2 && composition.tracks(withMediaType: .video).first?.segments.count == 2)
        composition.tracks.first?.scaleTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 3, timescale: 4)),
                                                 toDuration: CMTime(value: 3, timescale: 2))
        #expect(composition.duration == CMTime(value: 3, timescale: 2))
        composition.removeTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 2)))
        #expect(found.timeRange.duration == CMTime(value: 1, timescale: 1))
        #expect(composition.addMutableTrack(withMediaType: .audio, preferredTrackID: added.trackID) == nil)
        composition.removeTrack(found)
        #expect(composition.tracks.isEmpty && composition.duration == .zero)
        let copy = try #require(composition.mutableCopy() as? AVMutableComposition)
        #expect(copy !== composition)
    }

    @Test func insertingAnAssetFillsTracksAndPushesContentLater() async throws {
        let composition = AVMutableComposition()
        let second = CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1))
        try composition.insertTimeRange(second, of: AVURLAsset(url: fixtures.red), at: .invalid)
        try composition.insertTimeRange(second, of: AVURLAsset(url: fixtures.blue), at: .zero)
        composition.insertEmptyTimeRange(CMTimeRange(start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 1, timescale: 2)))
        let video = try #require(composition.tracks(withMediaType: .video).first)
        #expect(video.segments.map(\.isEmpty) == [false, true, false])
        #expect(video.segments.first?.sourceURL == fixtures.blue && video.segments.last?.sourceURL == fixtures.red)
        #expect(composition.duration == CMTime(value: 5, timescale: 2) && composition.naturalSize == CGSize(width: 160, height: 120))
        let segment = try #require(video.segment(forTrackTime: CMTime(value: 6, timescale: 5)))
        #expect(segment.isEmpty && segment.timeMapping.target.start == CMTime(value: 1, timescale: 1))
    }

    @Test(arguments: [
        ([(0, 1, 0, 1), (0, 1, 2, 3)], AVError.Code.compositionTrackSegmentsNotContiguous,
         "compositionTrackSegmentsNotContiguous (-11824): track 1: segment 1 starts at 2/1 but the previous one ends at 1/1"),
        ([(0, 1, 1, 2)], .compositionTrackSegmentsNotContiguous,
         "compositionTrackSegmentsNotContiguous (-11824): track 1: segment 0 starts at 1/1 but the first segment must start at 0"),
        ([(0, 1, 0, 0)], .invalidCompositionTrackSegmentDuration,
         "invalidCompositionTrackSegmentDuration (-11825): track 1: segment 0 has an invalid or empty target range [0/1, 0/1)"),
        ([(1, 1, 0, 1)], .invalidCompositionTrackSegmentSourceDuration,
         "invalidCompositionTrackSegmentSourceDuration (-11827): track 1: segment 0 has an invalid or empty source range [1/1, 1/1)"),
    ] as [([(Int64, Int64, Int64, Int64)], AVError.Code, String)])
    func segmentsAreValidatedTheAppleWay(segments: [(Int64, Int64, Int64, Int64)], code: AVError.Code, message: String) throws {
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 1))
        let proposed = segments.map { source, sourceEnd, target, targetEnd in
            AVCompositionTrackSegment(
                url: fixtures.red, trackID: 1,
                sourceTimeRange: CMTimeRangeFromTimeToTime(start: CMTime(value: source, timescale: 1), end: CMTime(value: sourceEnd, timescale: 1)),
                targetTimeRange: CMTimeRangeFromTimeToTime(start: CMTime(value: target, timescale: 1), end: CMTime(value: targetEnd, timescale: 1)))
        }
        let error = #expect(throws: AVError.self) { try track.validateSegments(proposed) }
        #expect(error?.code == code)
        #expect(error?.localizedDescription == message)
        #expect((error as NSError?)?.domain == AVFoundationErrorDomain && (error as NSError?)?.code == code.rawValue)
        track.segments = proposed
        #expect(track.segments.isEmpty, "an array validateSegments refuses is not taken")
        let gap = AVCompositionTrackSegment(timeRange: CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)))
        let media = AVCompositionTrackSegment(url: fixtures.red, trackID: 1,
                                              sourceTimeRange: CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)),
                                              targetTimeRange: CMTimeRange(start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 1, timescale: 2)))
        try track.validateSegments([gap, media])
        track.segments = [gap, media]
        #expect(track.segments.count == 2 && composition.duration == CMTime(value: 3, timescale: 2))
    }

    @Test func theSampleRejectsSegmentsWithAGap() throws {
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        #expect(SampleEditor().segmentsWithGapAreRejected(track, source: fixtures.red))
    }

    @Test func refusedEditsThrowAppleCodes() async throws {
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .audio, preferredTrackID: kCMPersistentTrackID_Invalid))
        let video = try await videoTrack(fixtures.red)
        let mismatch = #expect(throws: AVError.self) {
            try track.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)), of: video, at: .zero)
        }
        #expect(mismatch?.code == .incompatibleAsset)
        let other = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: kCMPersistentTrackID_Invalid))
        let tooLong = #expect(throws: AVError.self) {
            try other.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 2, timescale: 1)), of: video, at: .zero)
        }
        #expect(tooLong?.code == .invalidCompositionTrackSegmentSourceDuration)
        let nested = #expect(throws: AVError.self) {
            try other.insertTimeRange(CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 1)), of: track, at: .zero)
        }
        #expect(nested?.code == .incompatibleAsset, "a composition's sound track into a picture track")
        // Non-numeric ranges, where Apple raises an exception, change nothing.
        other.insertEmptyTimeRange(CMTimeRange(start: .indefinite, duration: CMTime(value: 1, timescale: 1)))
        other.scaleTimeRange(.invalid, toDuration: CMTime(value: 1, timescale: 1))
        #expect(other.segments.isEmpty)
    }

    @Test func layerAndVolumeRampsReadBackAsSet() throws {
        let layer = AVMutableVideoCompositionLayerInstruction()
        layer.trackID = 3
        let ramp = CMTimeRange(start: CMTime(value: 1, timescale: 1), duration: CMTime(value: 2, timescale: 1))
        layer.setOpacity(0.5, at: .zero)
        layer.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: ramp)
        layer.setOpacity(0.2, at: .indefinite)  // ignored, as Apple's exception would stop it
        var start: Float = -1, end: Float = -1
        var range = CMTimeRange.invalid
        #expect(layer.getOpacityRamp(for: CMTime(value: 2, timescale: 1), startOpacity: &start, endOpacity: &end, timeRange: &range))
        #expect(start == 1 && end == 0 && range == ramp)
        #expect(!layer.getOpacityRamp(for: CMTime(value: 9, timescale: 1), startOpacity: nil, endOpacity: nil, timeRange: nil))
        layer.setTransform(CGAffineTransform(rotationAngle: .pi / 2), at: .zero)
        var transform = CGAffineTransform.identity
        #expect(layer.getTransformRamp(for: .zero, start: &transform, end: nil, timeRange: nil))
        #expect(abs(transform.b - 1) < 1e-12 && abs(transform.c + 1) < 1e-12)
        layer.setCropRectangle(CGRect(x: 0, y: 0, width: 80, height: 60), at: .zero)
        var crop = CGRect.null
        #expect(layer.getCropRectangleRamp(for: .zero, startCropRectangle: &crop, endCropRectangle: nil, timeRange: nil))
        #expect(crop == CGRect(x: 0, y: 0, width: 80, height: 60))

        let volume = AVMutableAudioMixInputParameters(track: nil)
        volume.trackID = 2
        volume.setVolume(1, at: .zero)
        volume.setVolumeRamp(fromStartVolume: 0.5, toEndVolume: 0.2,
                             timeRange: CMTimeRange(start: CMTime(value: 4, timescale: 1), duration: CMTime(value: 5, timescale: 1)))
        volume.audioTimePitchAlgorithm = .varispeed
        #expect(volume.getVolumeRamp(for: CMTime(value: 5, timescale: 1), startVolume: &start, endVolume: &end, timeRange: &range))
        #expect(start == 0.5 && end == 0.2 && range.end == CMTime(value: 9, timescale: 1))
        #expect(volume.audioTimePitchAlgorithm == .varispeed)
    }

    @Test func transformsFollowCoreGraphics() {
        let turn = CGAffineTransform(rotationAngle: .pi / 2).translatedBy(x: 10, y: 0)
        let point = CGPoint(x: 1, y: 0).applying(turn)
        #expect(abs(point.x) < 1e-9 && abs(point.y - 11) < 1e-9)
        #expect(turn.concatenating(turn.inverted()).a.isEqual(to: 1))
        #expect(CGSize(width: 160, height: 120).applying(CGAffineTransform(rotationAngle: .pi / 2)).width.rounded() == -120)
        #expect(CGRect(x: 0, y: 0, width: 2, height: 4).applying(CGAffineTransform(scaleX: 2, y: 0.5))
                == CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(CGRect.infinite.applying(CGAffineTransform(scaleX: 2, y: 2)) == .infinite)
        #expect(CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1).inverted() == CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1))
    }
}
