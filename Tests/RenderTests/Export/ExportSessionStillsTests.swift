import Composition
import Foundation
import LibAV
import MediaCore
@testable import Render
import Testing

/// Pictures kept while exporting (`stillTimes`) and sources warmed up before their first picture: neither changes
/// the file, the kept pictures are the frames the grabber renders, a still rendered afterwards has the kept one's
/// pixels exactly, and a warmed reader gives the pictures a fresh one does.
@Suite struct ExportSessionStillsTests {
    let fixtures: ExportFixtures

    init() throws {
        fixtures = try ExportFixtures.get()
    }

    /// 2.5 s at 320x240: `longer` from 0 s, crossfading over 1.2...1.5 s into `longer` again from 1.9 s, seven frames
    /// past a keyframe (so the second reader decodes from that keyframe before its first picture).
    func crossfadeIntoMidGOP() throws -> (MutableComposition, VideoComposition) {
        var composition = MutableComposition()
        let topID = composition.addMutableTrack(withMediaType: .video)
        let bottomID = composition.addMutableTrack(withMediaType: .video)
        let top = try #require(topID), bottom = try #require(bottomID)
        let track = try fixtures.videoTrack(fixtures.longer)
        try composition.modifyTrack(top) {
            try $0.insertTimeRange(TimeRange(start: .zero, duration: seconds(3, 2)), of: track, at: .zero)
        }
        try composition.modifyTrack(bottom) {
            try $0.insertTimeRange(TimeRange(start: seconds(19, 10), duration: seconds(1)), of: track, at: seconds(6, 5))
        }
        var fading = LayerInstruction(trackID: top)
        try fading.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0,
                                  timeRange: TimeRange(start: seconds(6, 5), duration: seconds(3, 10)))
        let video = VideoComposition(
            renderSize: Size(width: 320, height: 240), frameDuration: seconds(1, 30),
            instructions: [VideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: seconds(11, 5)),
                                                       layerInstructions: [fading, LayerInstruction(trackID: bottom)])])
        return (composition, video)
    }

    /// Exports the crossfade into a new file; returns its bytes and the result.
    func export(_ name: String, depth: Int = ExportSession.defaultPipelineDepth, warmsUp: Bool = true,
                stills: [MediaTime] = []) throws -> (Data, ExportResult) {
        let (composition, video) = try crossfadeIntoMidGOP()
        let output = try fixtures.outputDirectory("stills-" + name) + "/out.mp4"
        let session = ExportSession(composition: composition, videoComposition: video,
                                    settings: TestPresets.mp4(audio: false, width: 320, height: 240), outputPath: output)
        session.pipelineDepth = depth
        session.warmsUpSources = warmsUp
        session.stillTimes = stills
        session.stillWidth = 160
        let result = try session.export()
        return (try Data(contentsOf: URL(fileURLWithPath: output)), result)
    }

    @Test func warmUpsAndStillsLeaveTheBytesAlone() throws {
        let (plain, _) = try export("plain", depth: 0, warmsUp: false)
        #expect(plain.count > 5_000)
        for (name, depth, warmsUp, stills) in [
            ("warm-serial", 0, true, []), ("warm-pipelined", 3, true, []),
            ("stills", 3, true, [seconds(1, 2), seconds(2)]), ("stills-cold", 0, false, [seconds(1)]),
        ] as [(String, Int, Bool, [MediaTime])] {
            let (bytes, _) = try export(name, depth: depth, warmsUp: warmsUp, stills: stills)
            #expect(bytes == plain, "\(name): \(bytes.count) bytes against \(plain.count)")
        }
    }

    @Test func keptStillsAreTheGrabbersPictures() throws {
        let asked = [seconds(1, 2), seconds(4, 3), seconds(21, 10), seconds(9)]
        let (_, result) = try export("kept", stills: asked)
        // 9 s is past the end: not kept. The others are 160 pixels wide, the shape of the output.
        #expect(Set(result.stills.keys) == Set(asked.dropLast()))
        let (composition, video) = try crossfadeIntoMidGOP()
        let grabber = try FrameGrabber(composition: composition, videoComposition: video, width: 160, height: 120,
                                       frameRate: FrameRate(30))
        for time in asked.dropLast() {
            let kept = try #require(result.stills[time])
            let rendered = try grabber.picture(at: time)
            #expect(kept.width == 160 && kept.height == 120)
            let difference = zip(kept.rgb, rendered.rgb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            let mean = Double(difference) / Double(kept.rgb.count)
            #expect(mean < 8, "\(time): mean difference \(mean) from the grabber's picture")
        }
        // A still in the crossfade differs from both of its sources' pictures alone.
        let middle = try #require(result.stills[seconds(4, 3)])
        #expect(middle != (try #require(result.stills[seconds(1, 2)])))
    }

    @Test func aStillRenderedAfterwardsHasTheKeptPixels() throws {
        let asked = [seconds(1, 2), seconds(4, 3), seconds(21, 10)]
        let (_, result) = try export("rendered-after", stills: asked)
        let (composition, video) = try crossfadeIntoMidGOP()
        let renderer = try #require(StillRenderer(composition: composition, videoComposition: video,
                                                  settings: TestPresets.mp4(audio: false, width: 320, height: 240)))
        // Backwards too: the renderer seeks its sources as the export's never did.
        for time in asked.reversed() {
            let kept = try #require(result.stills[time])
            #expect(try renderer.still(at: time, width: 160) == kept, "\(time): not the kept picture")
        }
    }

    @Test func aWarmedReaderGivesAFreshReadersPicture() throws {
        let (composition, _) = try crossfadeIntoMidGOP()
        let pool = SourcePool(decoderThreads: 1)
        try pool.openAll(in: composition, video: true, audio: false)
        pool.planWarmUps(for: composition, from: .zero)
        #expect(pool.plannedWarmUps.map(\.compositionTime) == [seconds(6, 5)])
        pool.warmUp(before: .zero)
        #expect(pool.warmUps.count == 1 && pool.plannedWarmUps.isEmpty)
        let segment = try #require(composition.tracks[1].segments.first { !$0.isEmpty })
        let url = try #require(segment.sourceURL)
        let warmed = try pool.videoReader(url: url, trackID: segment.sourceTrackID, owner: composition.tracks[1].trackID)
        #expect(pool.warmUps.isEmpty)
        let fresh = try DecodedVideoReader(path: fixtures.longer, trackID: segment.sourceTrackID, threads: 1,
                                           allowsDevices: false)
        for time in [seconds(19, 10), seconds(2), seconds(29, 10)] {
            let a = try #require(try warmed.frame(at: time)), b = try #require(try fresh.frame(at: time))
            #expect(a.usedBytes == b.usedBytes, "picture at \(time)")
        }
    }
}
