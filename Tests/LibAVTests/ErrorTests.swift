import Foundation
@testable import LibAV
import MediaCore
import Testing

/// Bad media, refused URLs and playlists, each a one-line error naming the file; whole messages compared.
@Suite struct ErrorTests {
    /// A fixture path by name, with the message expected when opening it.
    static let openCases: [(fixture: String, message: String)] = [
        ("missing", "'PATH' not found"),
        ("corrupt", "cannot open 'PATH': Invalid data found when processing input (avformat_open_input)"),
        ("truncated", "cannot open 'PATH': Invalid data found when processing input (avformat_open_input)"),
        ("text", "cannot open 'PATH': Invalid data found when processing input (av_probe_input_buffer2)"),
        ("playlist", "refusing to open 'PATH': 'hls' lists other files or URLs; give the media file itself"),
        ("concatList", "refusing to open 'PATH': 'concat' lists other files or URLs; give the media file itself"),
    ]

    static func path(_ fixture: String, in fixtures: Fixtures) -> String {
        switch fixture {
        case "missing": fixtures.missing
        case "corrupt": fixtures.corrupt
        case "truncated": fixtures.truncated
        case "playlist": fixtures.playlist
        case "concatList": fixtures.concatList
        default: fixtures.text
        }
    }

    @Test(arguments: openCases.indices)
    func badFilesGiveOneLineErrors(index: Int) throws {
        let fixtures = try Fixtures.get()
        let (fixture, message) = Self.openCases[index]
        let path = Self.path(fixture, in: fixtures)
        do {
            _ = try MediaProbe().probe(path: path)
            Issue.record("probing '\(fixture)' should fail")
        } catch let error as LibAVError {
            #expect(error.description == message.replacingOccurrences(of: "PATH", with: path))
            #expect(!error.description.contains("\n"))
            #expect(error.stage == .demux)
        }
    }

    @Test(arguments: ["http://example.com/clip.mp4", "https://example.com/a.m3u8", "rtmp://host/live",
                      "ftp://host/x.mov"])
    func urlsAreRefused(url: String) {
        #expect(throws: LibAVError.remoteURLRefused(path: url)) { _ = try InputFile(path: url) }
        #expect(LibAVError.remoteURLRefused(path: url).description
            == "refusing to open '\(url)': only local files are allowed")
    }

    @Test(arguments: [MediaType.video, .audio])
    func mediaCutShortEndsWithoutHanging(type: MediaType) throws {
        let fixtures = try Fixtures.get()
        let input = try InputFile(path: fixtures.cutShort)
        let decoder = try Decoder(input: input, stream: try input.bestStream(type))
        var frames = 0
        do {
            while try decoder.nextFrame(from: input) != nil { frames += 1 }
        } catch {
            #expect(error.description.contains("'\(fixtures.cutShort)'"))
        }
        #expect(frames < (type == .video ? 60 : 94))
    }

    @Test func missingStreamAndBadIndex() throws {
        let fixtures = try Fixtures.get()
        let input = try InputFile(path: fixtures.tone)
        let error = #expect(throws: LibAVError.self) { _ = try input.bestStream(.video) }
        #expect(error?.description == "'\(fixtures.tone)' has no video stream")
        let decoderError = #expect(throws: LibAVError.self) { _ = try Decoder(input: input, stream: 3) }
        #expect(decoderError?.description == "'\(fixtures.tone)' has no stream 3")
    }

    @Test func outputErrorsNameTheFile() throws {
        let fixtures = try Fixtures.get()
        let path = fixtures.directory + "/no/such/dir/out.mp4"
        let error = #expect(throws: LibAVError.self) { _ = try OutputFile(path: path) }
        #expect(error?.description == "cannot create '\(path)': No such file or directory (avio_open)")
        #expect(error?.stage == .mux)
        let unknown = fixtures.directory + "/out.nothing"
        let formatError = #expect(throws: LibAVError.self) { _ = try OutputFile(path: unknown) }
        #expect(formatError?.description
            == "cannot create '\(unknown)': Invalid argument (avformat_alloc_output_context2)")
    }

    @Test func checkBuildsTheErrorAndPassesControlFlow() throws {
        #expect(try check(5, "avcodec_open2", .openEncoder(codec: "x")) == 5)
        let error = #expect(throws: LibAVError.self) {
            try check(-2, "avformat_open_input", .open(path: "x.mp4"))
        }
        #expect(error?.description == "cannot open 'x.mp4': No such file or directory (avformat_open_input)")
        #expect(error?.code == -2)
        #expect(try checkStatus(-11, "avcodec_receive_frame", .decode(path: "x", stream: 0)) == .again)
        #expect(try checkStatus(-541478725, "avcodec_receive_frame", .decode(path: "x", stream: 0)) == .endOfFile)
    }

    @Test(arguments: [
        (LibAVError.failed(.decode(path: "a.mp4", stream: 1), function: "avcodec_send_packet", code: -1094995529,
                           message: "Invalid data found when processing input"),
         "cannot decode stream 1 of 'a.mp4': Invalid data found when processing input (avcodec_send_packet)"),
        (.failed(.seek(path: "a.mp4", stream: 0), function: "av_seek_frame", code: -1, message: "Operation not permitted"),
         "cannot seek stream 0 of 'a.mp4': Operation not permitted (av_seek_frame)"),
        (.decoderNotFound(path: "a.mkv", stream: 2, codec: "foo"),
         "cannot decode stream 2 of 'a.mkv': no decoder for codec 'foo'"),
        (.encoderNotFound(name: "libfoo"), "unknown encoder 'libfoo'; check that FFmpeg was built with it (ffmpeg -encoders)"),
        (.unknownFormat(kind: "pixel", name: "yuv999"), "unknown pixel format 'yuv999'"),
        (.libraryUnavailable(name: "libavfilter.so.8", reason: "libavfilter.so.8: cannot open shared object file"),
         "cannot load libavfilter.so.8 (FFmpeg's libavfilter, which GIF output, deinterlacing and HDR conversion use): "
            + "libavfilter.so.8: cannot open shared object file"),
    ])
    func descriptions(error: LibAVError, message: String) {
        #expect(error.description == message)
    }

    @Test func unknownFormatNames() throws {
        #expect(throws: LibAVError.unknownFormat(kind: "pixel", name: "yuv999")) { _ = try PixelFormat(name: "yuv999") }
        #expect(throws: LibAVError.unknownFormat(kind: "sample", name: "f99")) { _ = try SampleFormat(name: "f99") }
        #expect(try PixelFormat(name: "yuv420p") == .yuv420p)
        #expect(try SampleFormat(name: "fltp") == .fltp)
    }
}
