import Composition
import Foundation
import LibAV
import MediaCore

/// The open sources of one export: one video reader and one audio decoder per (composition track, URL, source
/// track), shared by the segments of that composition track, so a decoder is reused across cuts of the same file;
/// two composition tracks showing the same file at once (a crossfade within one clip) get readers of their own
/// instead of seeking one back and forth.
final class SourcePool {
    struct Key: Hashable {
        var owner: Int32
        var url: URL
        var trackID: Int32
    }

    /// Decoder threads per video source.
    let decoderThreads: Int
    /// Whether sources may be named pipes or devices.
    let allowsDevices: Bool
    /// Open video readers; a warm-up that failed removes its reader (see `finishWarmUp`).
    var videoReaders: [Key: any VideoSourceReader] = [:]
    private(set) var audioDecoders: [Key: AudioDecoderSource] = [:]
    /// What released sources leave behind for the export's warnings.
    var retired: [RetiredSource] = []
    /// Per video reader, the composition time from which no segment uses it; set by `releaseVideo(after:)`'s plan.
    var videoLastUse: [Key: MediaTime]?
    /// Video readers to warm up before their first use, earliest first; set by `planWarmUps(for:from:)`.
    var plannedWarmUps: [PlannedWarmUp] = []
    /// Readers being warmed up on threads of their own; a reader is not used until its warm-up is joined.
    var warmUps: [Key: SourceWarmUp] = [:]

    /// Where the video readers count their damaged packets besides their own records (nil: nowhere).
    let damageTally: DamageTally?
    /// Whether the export using the pool was stopped: readers whose library calls may not return stop waiting then.
    let stopped: @Sendable () -> Bool

    /// A pool whose video sources decode on `decoderThreads` threads each, may be devices with `allowsDevices`,
    /// count their damaged packets in `damageTally` and stop waiting for a drawing library once `stopped` is true.
    init(decoderThreads: Int, allowsDevices: Bool = false, damageTally: DamageTally? = nil,
         stopped: @escaping @Sendable () -> Bool = { false }) {
        self.decoderThreads = decoderThreads
        self.allowsDevices = allowsDevices
        self.damageTally = damageTally
        self.stopped = stopped
    }

    /// The path shown in errors for a segment's URL.
    static func path(of url: URL) -> String {
        url.isFileURL ? url.path : url.absoluteString
    }

    /// The picture reader of composition track `owner` for track `trackID` of `url`, opened on first use (at source
    /// time `firstTime`, when known: it sets how many threads decode).
    func videoReader(url: URL, trackID: Int32, owner: Int32,
                     firstTime: MediaTime? = nil) throws(ExportError) -> any VideoSourceReader {
        let key = Key(owner: owner, url: url, trackID: trackID)
        finishWarmUp(key)
        if let reader = videoReaders[key] { return reader }
        let reader: any VideoSourceReader
        if url.scheme == GeneratedSource.scheme {
            guard let generated = GeneratedSource(url: url) else {
                throw ExportError.probe(path: url.absoluteString, reason: "malformed generator URL")
            }
            reader = try GeneratedVideoReader(source: generated)
        } else if url.isFileURL, DrawingText.isSVG(url.path) {
            reader = try VectorPictureReader(url: url)
        } else if url.isFileURL, LottieAnimation.isLottie(url.path) {
            reader = try LottiePictureReader(path: url.path, stopped: stopped)
        } else {
            reader = try DecodedVideoReader(path: Self.path(of: url), trackID: trackID, threads: decoderThreads,
                                            allowsDevices: allowsDevices, firstTime: firstTime,
                                            damageTally: damageTally)
        }
        videoReaders[key] = reader
        return reader
    }

    /// Closes the video reader of `key`, keeping what the warnings need.
    func closeVideo(_ key: Key) {
        finishWarmUp(key)
        guard let reader = videoReaders.removeValue(forKey: key) else { return }
        retired.append(RetiredSource(path: reader.path, kind: "video", damage: reader.damage,
                                     lightConversion: reader.lightConversion))
    }

    /// Closes every audio decoder (after the loudness spool holds the whole mix), keeping what the warnings need.
    func closeAudio() {
        for decoder in audioDecoders.values {
            retired.append(RetiredSource(path: decoder.path, kind: "audio", damage: decoder.damage, lightConversion: nil))
        }
        audioDecoders.removeAll()
    }

    /// The audio decoder of composition track `owner` for track `trackID` of `url`, opened on first use (nil for
    /// generator URLs).
    func audioDecoder(url: URL, trackID: Int32, owner: Int32) throws(ExportError) -> AudioDecoderSource? {
        if url.scheme == GeneratedSource.scheme { return nil }
        let key = Key(owner: owner, url: url, trackID: trackID)
        if let decoder = audioDecoders[key] { return decoder }
        let decoder = try AudioDecoderSource(path: Self.path(of: url), trackID: trackID, allowsDevices: allowsDevices)
        audioDecoders[key] = decoder
        return decoder
    }

    /// Opens every source the composition's video and/or audio tracks use, so a missing or unreadable file fails the
    /// export before anything is written.
    func openAll(in composition: MutableComposition, video: Bool, audio: Bool) throws(ExportError) {
        for track in composition.tracks {
            for segment in track.segments where !segment.isEmpty {
                guard let url = segment.sourceURL else { continue }
                if track.mediaType == .video, video {
                    // Only a source shown first decodes its pre-roll while the encoder waits (later ones warm up).
                    let first = segment.timeMapping.target.start == .zero ? segment.timeMapping.source.start : nil
                    _ = try videoReader(url: url, trackID: segment.sourceTrackID, owner: track.trackID, firstTime: first)
                } else if track.mediaType == .audio, audio {
                    if url.scheme == GeneratedSource.scheme {
                        guard GeneratedSource(url: url) != nil else {
                            throw ExportError.probe(path: url.absoluteString, reason: "malformed generator URL")
                        }
                    } else {
                        _ = try audioDecoder(url: url, trackID: segment.sourceTrackID, owner: track.trackID)
                    }
                }
            }
        }
    }
}
