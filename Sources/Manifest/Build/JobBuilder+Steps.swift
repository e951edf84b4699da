import Composition
import Foundation
import MediaCore

/// The steps of building a job's composition that `makeJob` takes in order.
extension JobBuilder {
    /// A video track for each overlay of `spec` that has a picture, with its source; overlays without one are
    /// problems.
    func addOverlayTracks(_ spec: OutputSpec, to composition: inout MutableComposition,
                          built: [String: Job]) throws -> [(OverlaySpec, Int32, SourceInfo)] {
        var tracks: [(OverlaySpec, Int32, SourceInfo)] = []
        for overlay in spec.overlays {
            let info = try sourceInfo(overlay.source, spec: spec, at: overlay.location, built: built)
            checkLottie(overlay.source, info: info, spec: spec, at: overlay.location)
            guard info.video != nil else {
                record(problem(spec, stage: "probe", "overlay \(label(overlay.source, in: spec)) has no picture", at: overlay.location))
                continue
            }
            let id = composition.addMutableTrack(withMediaType: .video)!
            tracks.append((overlay, id, info))
        }
        return tracks
    }

    /// The placed clips on alternating video and audio tracks (two of each where clips overlap in transitions), or
    /// `spec`'s explicit tracks; the explicit tracks built and the roll groups of tracks that trade places.
    func insertClips(_ placed: inout [PlacedClip], spec: OutputSpec, into composition: inout MutableComposition,
                     canvas: Size, built: [String: Job]) throws -> (ExplicitTracks?, [[Int32]]) {
        guard spec.tracks.isEmpty else {
            let explicit = try buildExplicitTracks(spec, built: built, composition: &composition, canvas: canvas)
            return (explicit, Self.rollGroups(spec, explicit))
        }
        let overlapping = placed.contains { $0.transitionIn.duration > .zero }
        let trackCount = overlapping ? 2 : 1
        let videoIDs = spec.settings.video == nil ? []
            : (0..<trackCount).map { _ in composition.addMutableTrack(withMediaType: .video)! }
        let audioIDs = spec.settings.audio == nil ? []
            : (0..<trackCount).map { _ in composition.addMutableTrack(withMediaType: .audio)! }
        for index in placed.indices {
            if let video = placed[index].info.video, !videoIDs.isEmpty {
                let id = videoIDs[index % videoIDs.count]
                try insert(placed[index], of: video, into: id, in: &composition, spec: spec)
                placed[index].videoTrack = id
            }
            if let audio = placed[index].info.audio, !audioIDs.isEmpty, placed[index].clip.volume > 0 {
                let id = audioIDs[index % audioIDs.count]
                try insert(placed[index], of: audio, into: id, in: &composition, spec: spec)
                placed[index].audioTrack = id
            }
        }
        return (nil, [videoIDs, audioIDs])
    }

    /// The soundtrack's track, filled (looped where asked) to `total`; nil without a soundtrack, or when its source
    /// has no sound (a problem).
    func addSoundtrack(_ spec: OutputSpec, to composition: inout MutableComposition, total: MediaTime,
                       built: [String: Job]) throws -> Int32? {
        guard let soundtrack = spec.soundtrack, total > .zero else { return nil }
        let info = try sourceInfo(soundtrack.source, spec: spec, at: soundtrack.location, built: built)
        guard let audio = info.audio else {
            record(problem(spec, stage: "probe", "soundtrack \(label(soundtrack.source, in: spec)) has no sound", at: soundtrack.location))
            return nil
        }
        try checkRepetitions(of: soundtrack, length: audio.timeRange.duration, total: total, spec: spec)
        let id = composition.addMutableTrack(withMediaType: .audio)!
        try composition.modifyTrack(id) { track in try Self.fill(track: &track, with: audio, from: soundtrack.from,
                                                                loop: soundtrack.loop, until: total) }
        return id
    }

    /// The video composition of the placed clips and overlays, with its text layers and explicit tracks' layers; nil
    /// for an output without video.
    func videoComposition(of spec: OutputSpec, composition: MutableComposition, placed: [PlacedClip],
                          overlays: [(OverlaySpec, Int32, SourceInfo)], explicit: ExplicitTracks?, canvas: Size,
                          total: MediaTime) throws -> VideoComposition? {
        guard let video = spec.settings.video else { return nil }
        var made = try makeVideoComposition(composition, placed: placed, overlays: overlays,
                                            canvas: canvas, frameRate: video.frameRate, spec: spec)
        made.textLayers = try textLayers(spec, placed: placed, overlays: overlays, canvas: canvas, total: total,
                                         frameDuration: made.frameDuration)
        guard let explicit else { return made }
        do {
            try applyExplicitLayers(spec, video: &made, composition: composition, tracks: explicit, canvas: canvas)
        } catch let problem as JobProblem {
            throw problem
        } catch {
            throw problem(spec, stage: "load", "cannot apply 'layers': \(error)", at: spec.location)
        }
        return made
    }

    /// Every local file the job reads, sorted: media, downloaded sources, caption files and fonts, which shape the
    /// picture as much as media do.
    func sourceFiles(_ spec: OutputSpec, _ videoComposition: VideoComposition?) -> [String] {
        var files = Set<String>()
        spec.forEachSource { reference, _ in
            if case .file(let path) = reference { files.insert(path) }
            if case .remote(let source) = reference, case .success(let path) = localFile(source) { files.insert(path) }
        }
        files.formUnion(spec.captions.map(\.path) + spec.clips.compactMap(\.captions?.path))
        files.formUnion(videoComposition?.textLayers.compactMap(\.style.fontFile) ?? [])
        return files.sorted()
    }
}
