import Foundation
import LibAV
import MediaCore
import Testing

/// `MediaProbe` against ffprobe's JSON for the same files, as an independent check.
@Suite struct MediaProbeTests {
    /// An ffprobe rational `30/1` or `1/15360` as numerator and denominator.
    static func rational(_ text: Any?) -> (Int64, Int64)? {
        guard let parts = (text as? String)?.split(separator: "/"), parts.count == 2,
              let numerator = Int64(parts[0]), let denominator = Int64(parts[1]) else { return nil }
        return (numerator, denominator)
    }

    @Test func containerMatchesFFprobe() throws {
        let fixtures = try Fixtures.get()
        let media = try MediaProbe().probe(path: fixtures.clip)
        let json = try Fixtures.ffprobe(fixtures.clip)
        let format = try #require(json["format"] as? [String: Any])
        #expect(media.path == fixtures.clip)
        #expect(media.formatName == format["format_name"] as? String)
        #expect(media.byteSize == Int64(format["size"] as? String ?? ""))
        #expect(media.bitRate == Int64(format["bit_rate"] as? String ?? ""))
        let seconds = try #require(Double(format["duration"] as? String ?? ""))
        #expect(abs(media.duration.seconds - seconds) < 1e-6)
        #expect(media.metadata["title"] == "Fixture")
        #expect(media.streams.count == (json["streams"] as? [Any])?.count)
    }

    @Test(arguments: ["clip", "rotated", "alphaPNG", "photo", "tone"])
    func streamsMatchFFprobe(fixture: String) throws {
        let fixtures = try Fixtures.get()
        let path = switch fixture {
        case "clip": fixtures.clip
        case "rotated": fixtures.rotated
        case "alphaPNG": fixtures.alphaPNG
        case "photo": fixtures.photo
        default: fixtures.tone
        }
        let media = try MediaProbe().probe(path: path)
        let streams = try #require(try Fixtures.ffprobe(path)["streams"] as? [[String: Any]])
        try #require(media.streams.count == streams.count)
        for (probed, expected) in zip(media.streams, streams) {
            #expect(probed.index == expected["index"] as? Int)
            #expect(probed.mediaType.rawValue == expected["codec_type"] as? String)
            #expect(probed.codecName == expected["codec_name"] as? String)
            let timeBase = try #require(Self.rational(expected["time_base"]))
            #expect(probed.timeBase == MediaTime(value: timeBase.0, timescale: Int32(timeBase.1)))
            if let ticks = expected["duration_ts"] as? Int {
                #expect(probed.duration == MediaTime(value: Int64(ticks) * timeBase.0, timescale: Int32(timeBase.1)))
            }
            if let tags = expected["tags"] as? [String: String] {
                #expect(probed.metadata == tags)
            }
            if probed.mediaType == .video {
                #expect(probed.width == expected["width"] as? Int)
                #expect(probed.height == expected["height"] as? Int)
                #expect(probed.pixelFormat == expected["pix_fmt"] as? String)
                if let rate = Self.rational(expected["avg_frame_rate"]), rate.0 > 0 {
                    #expect(probed.frameRate == FrameRate(Int32(rate.0), Int32(rate.1)))
                }
                let sideData = expected["side_data_list"] as? [[String: Any]] ?? []
                let ccw = sideData.compactMap { $0["rotation"] as? Int }.first ?? 0
                #expect(probed.rotation == ((-ccw % 360) + 360) % 360)
                if let range = expected["color_range"] as? String { #expect(probed.colorRange == range) }
            } else if probed.mediaType == .audio {
                #expect(probed.sampleRate == Int(expected["sample_rate"] as? String ?? ""))
                #expect(probed.channels == expected["channels"] as? Int)
            }
        }
    }

    @Test func rotationAndStillImages() throws {
        let fixtures = try Fixtures.get()
        let rotated = try #require(try MediaProbe().probe(path: fixtures.rotated).primaryVideo)
        #expect(rotated.rotation == 90)
        #expect(rotated.displaySize == (240, 320))
        #expect(rotated.isStillImage == false)
        let png = try #require(try MediaProbe().probe(path: fixtures.alphaPNG).primaryVideo)
        #expect(png.isStillImage)
        #expect(png.pixelFormat == "rgba")
        #expect(png.codecName == "png")
        let jpeg = try MediaProbe().probe(path: fixtures.photo)
        #expect(jpeg.formatName == "jpeg_pipe")
        #expect(jpeg.primaryVideo?.isStillImage == true)
        let audio = try MediaProbe().probe(path: fixtures.tone)
        #expect(audio.primaryVideo == nil)
        #expect(audio.primaryAudio?.sampleRate == 44100)
        #expect(audio.primaryAudio?.channels == 1)
        #expect(audio.duration == MediaTime(value: 1, timescale: 1))
    }
}
