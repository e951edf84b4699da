import Composition
import Foundation
import LibAV
import MediaCore

/// Whole soundtracks shared by the outputs of a run: outputs whose sound is made of the same sources, mix, audio
/// settings, length and chunking (the aspects of one product, say) encode it once; the others replay its packets.
extension ExportSession {
    /// Everything that decides a soundtrack's packets.
    private struct SoundtrackIdentity: Encodable {
        var format = 2
        var tracks: [CompositionTrack]
        /// Per source: its file's content digest (`fileDigests`), or "-" for a generated source or unreadable file.
        var files: [String: String]
        var audioMix: AudioMix
        var audio: ExportSettings.Audio
        var container: String
        var measuresLoudness: Bool
        var samples: [Int64]
        var capacity: Int
        var frameEnds: [Int64]
    }

    /// The chunks an export of `range` mixes its sound in: at the audio encoder's rate, one or more per video frame
    /// of the output's frame rate (`video` nil: no video, no frame edges); nil without sound. The video's frame
    /// clock is made the same way, so the edges are its frames' (a frame rate that gives no clock fails the video's
    /// setup before any sound is mixed).
    func audioPlan(range: TimeRange, video: ExportSettings.Video?) -> AudioChunkPlan? {
        guard let audio = settings.audio else { return nil }
        let rate = settings.encoderSettings(audio).sampleRate
        var clock: FrameClock?
        var frameCount: Int64 = 0
        if let video, let made = try? FrameClock(frameRate: video.frameRate),
           let count = try? made.frameCount(for: range.duration) {
            (clock, frameCount) = (made, count)
        }
        let perFrame = clock.map { Int(($0.frameDuration.seconds * Double(rate)).rounded(.up)) + 2 } ?? 0
        let first = range.start.convertScale(Int32(rate), method: .roundTowardPositiveInfinity).value
        let samples = first..<(first + range.duration.convertScale(Int32(rate), method: .roundHalfAwayFromZero).value)
        let frameEnds = clock.map { clock in
            (0..<frameCount).map { (range.start + clock.time(ofFrame: $0 + 1)).convertScale(
                Int32(rate), method: .roundTowardPositiveInfinity).value }
        } ?? []
        return AudioChunkPlan(samples: samples, capacity: max(4096, perFrame), frameEnds: frameEnds)
    }

    /// The key of the soundtrack an export mixing `plan` encodes; nil without sound.
    func soundtrackKey(plan: AudioChunkPlan) -> SegmentKey? {
        guard let audio = settings.audio else { return nil }
        let tracks = composition.tracks(withMediaType: .audio)
        let urls = Set(tracks.flatMap { $0.segments.compactMap(\.sourceURL) })
        var files: [String: String] = [:]
        for url in urls {
            files[url.absoluteString] = url.isFileURL ? fileDigests.digest(of: url.path) ?? "-" : "-"
        }
        let identity = SoundtrackIdentity(
            tracks: tracks, files: files, audioMix: audioMix, audio: audio, container: settings.container.rawValue,
            measuresLoudness: measuresLoudness, samples: [plan.samples.lowerBound, plan.samples.upperBound],
            capacity: plan.capacity, frameEnds: plan.frameEnds)
        guard let data = try? SortedJSONEncoder(escapesSlashes: true).encode(identity) else { return nil }
        let names = urls.map(\.lastPathComponent).sorted()
        return SegmentKey(identity: "soundtrack " + String(decoding: data, as: UTF8.self),
                          label: "soundtrack (\(names.joined(separator: ", ")))")
    }

    /// The soundtrack key an export of this session would claim, for a run to plan its cache and job order.
    public func plannedSoundtrackKey() -> SegmentKey? {
        guard !settings.passthrough, !settings.container.isStillImage, !settings.container.isAnimatedPicture,
              let range = try? exportedRange(of: composition.duration),
              let plan = audioPlan(range: range, video: settings.container == .m4a ? nil : settings.video)
        else { return nil }
        return soundtrackKey(plan: plan)
    }
}

/// One export's claim on the run's cached soundtrack: the cached packets to replay, or the duty to record and store
/// them (`settle()` gives the duty up when the export fails before `store`).
final class SoundtrackClaim {
    let key: SegmentKey
    let cache: SegmentCache
    /// The packets to replay, when another output of the run encoded them.
    let cached: SegmentCache.Payload?
    /// Whether this export records its soundtrack for the others.
    let records: Bool
    private var settled = false

    init(key: SegmentKey, cache: SegmentCache) {
        self.key = key
        self.cache = cache
        switch cache.claim(key, waits: false) {
        case .hit(let payload): (cached, records) = (payload, false)
        case .render:
            // Nobody will ask again (a single output): give the claim back at once and record nothing.
            (cached, records) = (nil, cache.wantsStore(key))
            if !records { cache.abandon(key) }
        case .busy: (cached, records) = (nil, false)
        }
    }

    /// Stores the recorded soundtrack (or, given nil, gives the claim up).
    func store(_ payload: SegmentCache.Payload?) {
        guard records, !settled else { return }
        settled = true
        if let payload { cache.store(key, payload: payload) } else { cache.abandon(key) }
    }

    /// Tells the run's other exports that this one's soundtrack is about to be stored (see `SegmentCache.finishing`).
    func finishing() {
        if records, !settled { cache.finishing(key) }
    }

    /// Gives the claim up unless `store` took it.
    func settle() {
        store(nil)
    }

    /// The reuse record of a replayed soundtrack `seconds` long.
    func reuse(seconds: Double) -> SegmentReuse? {
        cached.map { _ in SegmentReuse(label: key.label, seconds: seconds, kind: .soundtrack) }
    }
}

extension ExportSession {
    /// The export's claim on the run's cached soundtrack mixed in `plan`; nil without a shared cache.
    func claimSoundtrack(plan: AudioChunkPlan) -> SoundtrackClaim? {
        guard let cache = segmentCache else { return nil }
        return soundtrackKey(plan: plan).map { SoundtrackClaim(key: $0, cache: cache) }
    }

    /// The export's sound in the chunks of `plan`: a replay of `soundtrack`'s cached packets, or mixer, mastering
    /// and encoder pumped `depth` chunks ahead (recording its packets when `soundtrack` asks); nil without sound.
    func makeAudioFeed(plan: AudioChunkPlan, soundtrack: SoundtrackClaim?, pool: SourcePool, output: OutputFile,
                       depth: Int) throws(ExportError) -> (any AudioFeed)? {
        guard let audio = settings.audio else { return nil }
        let audioSettings = settings.encoderSettings(audio)
        do {
            let encoder = try Encoder(codec: ExportSettings.encoderName(audio.codec), audio: audioSettings,
                                      globalHeader: output.needsGlobalHeader)
            let stream = try output.addStream(for: encoder, metadata: settings.streamTags("audio"))
            if let cached = soundtrack?.cached {
                return AudioReplay(cached, plan: plan, output: output, stream: stream)
            }
            let pipe = try AudioEncodePipe(encoder: encoder, settings: audioSettings, output: output, stream: stream)
            let (mastering, mix) = try makeAudioMastering(audio, sampleRate: audioSettings.sampleRate,
                                                          channels: audioSettings.channels, plan: plan, pool: pool)
            let mixer: any AudioMixSource = try mix ?? AudioMixRenderer(
                composition: composition, audioMix: audioMix, sampleRate: audioSettings.sampleRate,
                channels: audioSettings.channels, capacity: plan.capacity, pool: pool,
                clampsOutput: audio.loudnessTarget == nil)
            let pump = AudioPump(mixer: mixer, mastering: mastering, pipe: pipe, plan: plan, depth: depth)
            if soundtrack?.records == true { pump.startRecording() }
            return pump
        } catch {
            throw ExportError.encoderSetup(error, output: outputPath)
        }
    }
}
