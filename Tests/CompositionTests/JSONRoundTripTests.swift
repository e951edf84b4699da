import Composition
import Foundation
import MediaCore
import Testing

@Suite struct JSONRoundTripTests {
    /// One composition per kind of edit, each built from the same start.
    static let edits: [(String, @Sendable (inout MutableComposition) throws -> Void)] = [
        ("insert", { _ in }),
        ("insert in the middle", { try $0.insertTimeRange(r(1, 2), of: [videoSource("b.mov"), audioSource("b.mov")], at: t(1, 3)) }),
        ("insert beyond the end", { try $0.modifyTrack(1) { try $0.insertTimeRange(r(0, 1), of: videoSource("c.mov"), at: t(9)) } }),
        ("insert empty", { try $0.insertEmptyTimeRange(TimeRange(start: t(1001, 30000), duration: t(1, 2))) }),
        ("remove", { try $0.removeTimeRange(r(t(1, 3), t(5, 2))) }),
        ("scale", { try $0.scaleTimeRange(r(0, 3), toDuration: t(1001, 1000)) }),
        ("natural size and time scale", {
            $0.naturalSize = Size(width: 1080, height: 1920)
            try $0.modifyTrack(2) { $0.naturalTimeScale = 44100 }
        }),
    ]

    static func base() throws -> MutableComposition {
        var composition = MutableComposition()
        var source = videoSource("a.mov", frameRate: FrameRate(30000, 1001))
        source.preferredTransform = AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1080, ty: 0)
        try composition.insertTimeRange(r(0, 4), of: [source, audioSource("a.mov")], at: .zero)
        return composition
    }

    @Test(arguments: 0..<edits.count)
    func compositionRoundTripsEqualAndByteStable(index: Int) throws {
        var composition = try Self.base()
        try Self.edits[index].1(&composition)
        let data = try composition.jsonData()
        let decoded = try MutableComposition(jsonData: data)
        #expect(decoded == composition, "\(Self.edits[index].0)")
        #expect(try decoded.jsonData() == data)
        try decoded.validateSegments()
    }

    @Test func compositionJSONHasSortedKeysAndExactTimes() throws {
        var composition = MutableComposition()
        try composition.insertTimeRange(r(0, 1), of: [audioSource("a.mov")], at: t(1, 2))
        let text = String(decoding: try composition.jsonData(), as: UTF8.self)
        #expect(text == """
            {
              "authoredNaturalSize" : {
                "height" : 0,
                "width" : 0
              },
              "tracks" : [
                {
                  "mediaType" : "audio",
                  "naturalSize" : {
                    "height" : 0,
                    "width" : 0
                  },
                  "preferredTransform" : {
                    "a" : 1,
                    "b" : 0,
                    "c" : 0,
                    "d" : 1,
                    "tx" : 0,
                    "ty" : 0
                  },
                  "segments" : [
                    {
                      "sourceTimeScale" : 0,
                      "sourceTrackID" : 0,
                      "timeMapping" : {
                        "source" : {
                          "duration" : "1/2",
                          "start" : "invalid"
                        },
                        "target" : {
                          "duration" : "1/2",
                          "start" : "0/1"
                        }
                      }
                    },
                    {
                      "sourceTimeScale" : 48000,
                      "sourceTrackID" : 2,
                      "sourceURL" : "file:///media/a.mov",
                      "timeMapping" : {
                        "source" : {
                          "duration" : "1/1",
                          "start" : "0/1"
                        },
                        "target" : {
                          "duration" : "1/1",
                          "start" : "1/2"
                        }
                      }
                    }
                  ],
                  "trackID" : 1
                }
              ]
            }
            """)
    }

    @Test func videoCompositionWithRampsRoundTrips() throws {
        var video = VideoComposition.make(propertiesOf: try VideoCompositionTests.crossfade())
        video.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5)
        var top = video.instructions[1].layerInstructions[0]
        try top.setOpacityRamp(fromStartOpacity: 1, toEndOpacity: 0, timeRange: r(3, 4))
        try top.setOpacity(0.5, at: t(7, 2))
        try top.setTransformRamp(fromStart: .identity, toEnd: .scale(x: 0.5, y: 0.5), timeRange: r(3, 4))
        try top.setCropRectangle(.infinite, at: t(3))
        try top.setCropRectangleRamp(fromStartCropRectangle: Rect(x: 0, y: 0, width: 100, height: 50),
                                     toEndCropRectangle: Rect(x: 10.25, y: 5, width: 80, height: 40),
                                     timeRange: TimeRange(start: t(3001, 1000), duration: t(1001, 30000)))
        video.instructions[1].layerInstructions[0] = top
        video.instructions[2].backgroundColor = .white
        let data = try video.jsonData()
        let decoded = try VideoComposition(jsonData: data)
        #expect(decoded == video)
        #expect(try decoded.jsonData() == data)
        #expect(decoded.instructions[1].layerInstructions[0].cropRectangle(at: .zero) == .infinite)
    }

    @Test func audioMixRoundTrips() throws {
        var music = try AudioMixTests.headerExample()
        try music.setVolumeRamp(fromStartVolume: 0.2, toEndVolume: 0, timeRange: r(t(9), t(19, 2)))
        let mix = AudioMix(inputParameters: [music, AudioMixInputParameters(trackID: 3)])
        let data = try mix.jsonData()
        let decoded = try AudioMix(jsonData: data)
        #expect(decoded == mix)
        #expect(try decoded.jsonData() == data)
        #expect(decoded.volume(ofTrack: 2, at: t(13, 2)) == mix.volume(ofTrack: 2, at: t(13, 2)))
    }

    @Test func badJSONTimesAreRejected() {
        let json = #"{"inputParameters":[{"trackID":1,"volumeRamps":[{"startValue":1,"endValue":1,"timeRange":{"start":"2.5s","duration":"+inf"}}]}]}"#
        #expect(throws: DecodingError.self) { try AudioMix(jsonData: Data(json.utf8)) }
    }
}
