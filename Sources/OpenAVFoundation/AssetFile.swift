import Composition
import Foundation
import LibAV
import MediaCore
import Synchronization

/// The media file behind a URL asset, probed with libavformat once, on first use, from any thread.
final class AssetFile: Sendable {
    /// What probing found: the container, and a source track per stream.
    struct Contents: Sendable {
        /// The container and its streams.
        var media: ProbedMedia
        /// The streams as the composition model sees them (display sizes, ranges, no rotation), by track ID.
        var tracks: [(source: SourceTrack, stream: ProbedStream)]
    }

    /// The file's URL.
    let url: URL
    private let loaded = Mutex<Contents?>(nil)

    init(url: URL) {
        self.url = url
    }

    /// The file's contents, probed on the first successful call; a missing file throws
    /// `URLError(.fileDoesNotExist)` as Apple's loaders do, one that libavformat cannot read
    /// `AVError(.fileFormatNotRecognized)`. A failure is not remembered, so a file that appears later can be read.
    func contents() throws -> Contents {
        try loaded.withLock { cached in
            if let cached { return cached }
            let contents = try Self.probe(url)
            cached = contents
            return contents
        }
    }

    private static func probe(_ url: URL) throws -> Contents {
        guard url.isFileURL else { throw AVError(.fileFormatNotRecognized, .notAFile(url)) }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw URLError(.fileDoesNotExist, userInfo: [NSLocalizedDescriptionKey: "no file at '\(url.path)'"])
        }
        let media: ProbedMedia
        do {
            media = try MediaProbe().probe(path: url.path)
        } catch let error as LibAVError {
            throw AVError(.fileFormatNotRecognized, .unreadableAsset(url, error))
        } catch {
            throw AVError(.fileFormatNotRecognized, .unreadableAsset(url, .invalidArgument("\(error)")))
        }
        let tracks = media.streams.filter { !$0.isAttachedPicture }.map { stream in
            var source = SourceTrack(url: url, stream: stream, fileDuration: media.duration)
            // Pictures reach the renderer upright, so the facade shows no rotation anywhere, not even on the
            // composition tracks an insert creates.
            source.preferredTransform = nil
            return (source: source, stream: stream)
        }
        return Contents(media: media, tracks: tracks)
    }
}
