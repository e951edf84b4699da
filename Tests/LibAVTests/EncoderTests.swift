import Foundation
import LibAV
import MediaCore
import Testing

/// Encoding and muxing, checked with ffprobe and the file's own boxes.
@Suite struct EncoderTests {
    /// The top-level box types of an mp4, in file order.
    static func topLevelBoxes(_ path: String) throws -> [String] {
        let data = try #require(FileManager.default.contents(atPath: path))
        var boxes: [String] = []
        var offset = 0
        while offset + 8 <= data.count {
            let size = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: data[offset + 4..<offset + 8], as: UTF8.self))
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }

    @Test func encodesH264AndAACIntoFaststartMP4() throws {
        let fixtures = try Fixtures.get()
        let path = fixtures.directory + "/encoded.mp4"
        let output = try OutputFile(path: path, metadata: ["title": "Encoded"])
        let video = try Encoder(
            codec: "libx264",
            video: .init(width: 160, height: 120, frameRate: FrameRate(30), threads: 1,
                         options: ["crf": "30", "preset": "ultrafast", "x264-params": "keyint=30"]),
            globalHeader: output.needsGlobalHeader)
        let audio = try Encoder(codec: "aac", audio: .init(sampleRate: 48000, channels: 2, bitRate: 96000),
                                globalHeader: output.needsGlobalHeader)
        let frameSize = try #require(audio.frameSize)
        #expect(frameSize == 1024)
        let videoStream = try output.addStream(for: video)
        let audioStream = try output.addStream(for: audio, metadata: ["language": "fra"])
        try output.writeHeader(options: ["movflags": "+faststart"])

        for index in 0..<30 {
            let frame = try Frame(width: 160, height: 120, pixelFormat: .yuv420p)
            try frame.withMutablePlanes { planes in
                for (plane, value) in zip(planes, [UInt8(index * 8), 128, 128]) {
                    for row in 0..<plane.rows { plane.row(row).initializeMemory(as: UInt8.self, repeating: value) }
                }
            }
            frame.pts = FrameRate(30).time(ofFrame: Int64(index))
            try output.write(try video.encode(frame), stream: videoStream)
        }
        var written = 0
        while written < 48000 {
            let count = min(frameSize, 48000 - written)
            let frame = try Frame(sampleCount: count, sampleFormat: .fltp, sampleRate: 48000, channels: 2)
            try frame.withMutablePlanes { planes in
                for plane in planes {
                    let samples = plane.base.assumingMemoryBound(to: Float.self)
                    for index in 0..<count {
                        samples[index] = 0.25 * sin(2 * .pi * 440 * Float(written + index) / 48000)
                    }
                }
            }
            frame.pts = MediaTime(value: Int64(written), timescale: 48000)
            // aac takes full frames only; the last short one is allowed.
            try output.write(try audio.encode(frame), stream: audioStream)
            written += count
        }
        try output.write(try video.finish(), stream: videoStream)
        try output.write(try audio.finish(), stream: audioStream)
        try output.writeTrailer()

        let json = try Fixtures.ffprobe(path)
        let format = try #require(json["format"] as? [String: Any])
        let duration = try #require(Double(format["duration"] as? String ?? ""))
        #expect(abs(duration - 1.0) < 0.05)
        #expect((format["tags"] as? [String: String])?["title"] == "Encoded")
        let streams = try #require(json["streams"] as? [[String: Any]])
        #expect(streams.map { $0["codec_name"] as? String } == ["h264", "aac"])
        #expect(streams.first?["nb_frames"] as? String == "30")
        #expect(streams.first?["avg_frame_rate"] as? String == "30/1")
        #expect((streams.last?["tags"] as? [String: String])?["language"] == "fra")
        let boxes = try Self.topLevelBoxes(path)
        let moov = try #require(boxes.firstIndex(of: "moov"))
        let mdat = try #require(boxes.firstIndex(of: "mdat"))
        #expect(moov < mdat)

        let probed = try MediaProbe().probe(path: path)
        #expect(probed.primaryVideo?.frameRate == FrameRate(30))
        #expect(probed.primaryVideo?.width == 160)
    }

    @Test func encodesAPosterPNG() throws {
        let fixtures = try Fixtures.get()
        let path = fixtures.directory + "/poster.png"
        let output = try OutputFile(path: path, format: "image2")
        let encoder = try Encoder(codec: "png", video: .init(width: 32, height: 16, pixelFormat: .rgba,
                                                             frameRate: FrameRate(1)),
                                  globalHeader: output.needsGlobalHeader)
        let stream = try output.addStream(for: encoder)
        try output.writeHeader(options: ["update": "1"])
        let frame = try ConversionTests.halves(width: 32, height: 16, left: [255, 0, 0, 255], right: [0, 0, 255, 128])
        frame.pts = .zero
        try output.write(try encoder.encode(frame), stream: stream)
        try output.write(try encoder.finish(), stream: stream)
        try output.writeTrailer()
        let probed = try MediaProbe().probe(path: path)
        #expect(probed.formatName == "png_pipe")
        #expect(probed.primaryVideo?.isStillImage == true)
        #expect(probed.primaryVideo?.pixelFormat == "rgba")
    }

    @Test func unknownEncoderAndOptionAreErrors() throws {
        #expect(throws: LibAVError.encoderNotFound(name: "libx999")) {
            _ = try Encoder(codec: "libx999", video: .init(width: 16, height: 16, frameRate: FrameRate(30)),
                            globalHeader: false)
        }
        #expect(throws: LibAVError.invalidArgument("encoder 'libx264' has no option 'crff'")) {
            _ = try Encoder(codec: "libx264", video: .init(width: 16, height: 16, frameRate: FrameRate(30),
                                                           options: ["crff": "20"]),
                            globalHeader: false)
        }
        #expect(throws: LibAVError.invalidArgument("encoder 'aac' is not a video encoder")) {
            _ = try Encoder(codec: "aac", video: .init(width: 16, height: 16, frameRate: FrameRate(30)),
                            globalHeader: false)
        }
    }
}
