import Foundation
@testable import LibAV
import MediaCore
import MediaTestSupport
import Testing

/// How sources are opened: regular files only (checked without blocking), the container decided from the content,
/// playlists refused from their header.
@Suite struct SourceOpeningTests {
    static func directory() throws -> String {
        try TestScratch.directory("source-opening").path
    }

    /// A FIFO with no writer used to block `open` forever; it is refused at once, and so is a device or a folder.
    @Test func pipesDevicesAndFoldersAreRefusedWithoutBlocking() throws {
        let directory = try Self.directory()
        let fifo = directory + "/pipe.mp4"
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, String)] = [
            (fifo, "'\(fifo)' is a named pipe (FIFO), not a regular file; pipes and devices are read only with '--allow-devices'"),
            ("/dev/zero", "'/dev/zero' is a character device, not a regular file; pipes and devices are read only with '--allow-devices'"),
            (directory, "'\(directory)' is a directory, not a regular file; pipes and devices are read only with '--allow-devices'"),
        ]
        for (path, message) in cases {
            #expect(throws: LibAVError.self) { _ = try InputFile(path: path) }
            do {
                _ = try InputFile(path: path)
            } catch {
                #expect(error.description == message)
                #expect(error.stage == .demux)
            }
        }
    }

    /// A demuxer that keeps handing out packets without reading on (the subtitle demuxers queue a whole file when
    /// they open it) ends its read loop with a `decode` failure after `maxReadsWithoutProgress` packets, however
    /// many its header promises.
    @Test func aReadLoopWithoutProgressEndsWithADecodeFailure() throws {
        let path = try Self.directory() + "/many.srt"
        var text = ""
        for cue in 0...InputFile.maxReadsWithoutProgress + 10 {
            let (minutes, seconds) = (cue / 60 % 60, cue % 60)
            text += "\(cue + 1)\n\(cue / 3600):\(minutes):\(seconds),000 --> \(cue / 3600):\(minutes):\(seconds),500\nx\n\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let input = try InputFile(path: path)
        let packet = try Packet()
        var count = 0
        do {
            while try input.readPacket(into: packet) { count += 1 }
            Issue.record("read \(count) packets without the guard stopping the loop")
        } catch {
            #expect(error.stage == .decode)
            #expect(error.description == "cannot decode stream 0 of '\(path)': the demuxer returned 100000 packets without reading on; the file is damaged (av_read_frame)")
            #expect(count == InputFile.maxReadsWithoutProgress + 1)
        }
    }

    /// With devices allowed, an empty device is read, found empty and refused; it does not hang either.
    @Test func anAllowedDeviceIsReadLikeAFile() {
        #expect(throws: LibAVError.failed(.open(path: "/dev/null"), function: "av_probe_input_buffer2",
                                          code: -1_094_995_529, message: "Invalid data found when processing input")) {
            _ = try InputFile(path: "/dev/null", allowsDevices: true)
        }
    }

    /// `f%d.png` is one picture: its name does not make libav read `f0.png`, `f1.png`, ... as an image sequence.
    @Test func aNameWithAPercentPatternIsTheFileItself() throws {
        let fixtures = try Fixtures.get()
        let directory = try Self.directory()
        let named = directory + "/f%d.png"
        try FileManager.default.copyItem(atPath: fixtures.alphaPNG, toPath: named)
        try FileManager.default.copyItem(atPath: fixtures.photo, toPath: directory + "/f1.png")
        let media = try MediaProbe().probe(path: named)
        #expect(media.formatName == "png_pipe")
        #expect(media.primaryVideo?.codecName == "png")
        #expect(media.primaryVideo?.width == 64)
    }

    /// A playlist whose tags come after 8 KB of padding (beyond the first probe) is still refused from its header.
    @Test func aPaddedPlaylistIsRefusedFromItsHeader() throws {
        let directory = try Self.directory()
        let playlist = directory + "/padded.m3u8"
        let padding = String(repeating: "# padding\n", count: 800)
        try ("\u{FEFF}\n#EXTM3U\n" + padding + "#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nsegment.ts\n#EXT-X-ENDLIST\n")
            .write(toFile: playlist, atomically: true, encoding: .utf8)
        #expect(throws: LibAVError.playlistRefused(path: playlist, format: "hls")) { _ = try InputFile(path: playlist) }
    }
}
