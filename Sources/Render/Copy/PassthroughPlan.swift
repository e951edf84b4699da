import Composition
import Foundation
import LibAV
import MediaCore

/// A passthrough export that is safe to do by copying packets: one video track (and at most one audio track cut the
/// same way) whose segments all come from one file at rate 1, each starting and ending on a keyframe, with a source
/// whose codec, size and frame rate are the preset's and no picture changes in the video composition.
struct PassthroughPlan {
    /// The source file.
    var path: String
    /// Its video stream.
    var videoStream: Int
    /// Its audio stream, when audio is copied too.
    var audioStream: Int?
    /// The pieces to copy, in timeline order.
    var pieces: [TimeMapping]
    /// The output frame duration, for verification.
    var frameDuration: MediaTime

    /// Copy with a plan, or re-encode for a reason.
    enum Decision {
        /// The composition can be copied.
        case copy(PassthroughPlan)
        /// It can be copied except near cuts between keyframes, which are re-encoded.
        case smart(SmartPassthroughPlan)
        /// It cannot; the reason starts with `passthrough:`.
        case reencode(String)
    }

    /// The codec names libavcodec gives the preset's video codecs.
    static func codecName(_ codec: ExportSettings.VideoCodec) -> String {
        switch codec {
        case .h264: "h264"
        case .hevc: "hevc"
        case .vp9: "vp9"
        case .av1: "av1"
        case .prores: "prores"
        case .mjpeg: "mjpeg"
        case .png: "png"
        case .gif: "gif"
        case .webp: "webp"
        }
    }

    /// Decides whether `composition` can be copied under `settings`.
    static func make(composition: MutableComposition, videoComposition: VideoComposition?,
                     settings: ExportSettings) -> Decision {
        guard let video = settings.video, settings.container != .m4a else {
            return .reencode("passthrough: only outputs with video can be copied")
        }
        guard !settings.checksEveryPacket else {
            return .reencode("passthrough: a damage limit of 0 decodes every source packet to check it; nothing is copied")
        }
        let videoTracks = composition.tracks(withMediaType: .video).filter { track in track.segments.contains { !$0.isEmpty } }
        guard videoTracks.count == 1, let track = videoTracks.first else {
            return .reencode("passthrough: the composition has \(videoTracks.count) video tracks; exactly one can be copied")
        }
        let audioTracks = composition.tracks(withMediaType: .audio).filter { track in track.segments.contains { !$0.isEmpty } }
        guard audioTracks.count <= 1 else {
            return .reencode("passthrough: the composition has \(audioTracks.count) audio tracks; at most one can be copied")
        }
        var sourceURL: URL?
        for (index, segment) in track.segments.enumerated() {
            let name = "segment \(index + 1) of track \(track.trackID)"
            guard let url = segment.sourceURL, !segment.isEmpty else { return .reencode("passthrough: \(name) is empty") }
            guard url.isFileURL else { return .reencode("passthrough: \(name) is generated") }
            guard sourceURL == nil || sourceURL == url else {
                return .reencode("passthrough: track \(track.trackID) uses more than one source file")
            }
            sourceURL = url
            guard segment.timeMapping.source.duration == segment.timeMapping.target.duration else {
                return .reencode("passthrough: \(name) changes speed")
            }
        }
        guard let url = sourceURL else { return .reencode("passthrough: track \(track.trackID) has no media") }
        if let audio = audioTracks.first {
            let sameCuts = audio.segments.map(\.timeMapping) == track.segments.map(\.timeMapping)
                && audio.segments.allSatisfy { $0.sourceURL == url }
            guard sameCuts else {
                return .reencode("passthrough: audio track \(audio.trackID) is not cut like video track \(track.trackID)")
            }
        } else if settings.audio != nil {
            return .reencode("passthrough: the preset has audio but the composition has no audio track")
        }
        if let videoComposition, !isIdentity(videoComposition, trackID: track.trackID, width: video.width,
                                             height: video.height) {
            return .reencode("passthrough: the video composition changes the picture (layers, opacity, transform, crop, "
                             + "corners, border or colour)")
        }
        return probe(url: url, track: track, copyAudio: !audioTracks.isEmpty && settings.audio != nil, video: video,
                     settings: settings)
    }

    /// Whether every instruction shows `trackID` alone, opaque, untransformed and uncropped.
    static func isIdentity(_ videoComposition: VideoComposition, trackID: Int32, width: Int, height: Int) -> Bool {
        videoComposition.instructions.allSatisfy { instruction in
            instruction.layerInstructions.count == 1 && instruction.layerInstructions.allSatisfy { layer in
                layer.trackID == trackID && isIdentity(layer, width: width, height: height)
            }
        }
    }

    /// Whether `layer` is opaque, untransformed, uncropped, square-cornered, borderless and unchanged in colour
    /// throughout (a crop to the whole `width` x `height` picture, as manifests write it, crops nothing; callers check
    /// the source's size is that).
    static func isIdentity(_ layer: LayerInstruction, width: Int, height: Int) -> Bool {
        let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        func uncropped(_ rect: Rect) -> Bool { rect.isInfinite || rect == whole }
        return layer.cornerRadius == nil && layer.border == nil && layer.colorControls == nil
            && layer.opacityRamps.allSatisfy { $0.startValue == 1 && $0.endValue == 1 }
            && layer.transformRamps.allSatisfy { $0.startValue.isIdentity && $0.endValue.isIdentity }
            && layer.cropRectangleRamps.allSatisfy { uncropped($0.startValue) && uncropped($0.endValue) }
    }

    /// Checks the source's streams against the preset and every cut against the keyframes.
    private static func probe(url: URL, track: CompositionTrack, copyAudio: Bool, video: ExportSettings.Video,
                              settings: ExportSettings) -> Decision {
        let audio = settings.audio
        let path = url.path
        guard let input = try? InputFile(path: path), let videoIndex = try? input.bestStream(.video),
              let stream = try? input.probedStream(videoIndex) else {
            return .reencode("passthrough: cannot read '\(path)'")
        }
        let wanted = "\(codecName(video.codec)) \(video.width)x\(video.height) at \(video.frameRate) fps"
        let found = "\(stream.codecName) \(stream.width)x\(stream.height) at \(stream.frameRate?.description ?? "?") fps"
        let sameRate = stream.frameRate.map { $0.frameDuration == video.frameRate.frameDuration } ?? false
        guard stream.codecName == codecName(video.codec), stream.width == video.width, stream.height == video.height,
              sameRate else {
            return .reencode("passthrough: '\(path)' is \(found) but the preset asks for \(wanted)")
        }
        var audioIndex: Int?
        if copyAudio, let audio {
            let wantedCodec = audio.codec == .aac ? "aac" : "opus"
            guard let index = try? input.bestStream(.audio), let audioStream = try? input.probedStream(index),
                  audioStream.codecName == wantedCodec, audioStream.sampleRate == audio.sampleRate,
                  audioStream.channels == audio.channels else {
                return .reencode("passthrough: the audio of '\(path)' is not \(wantedCodec) at \(audio.sampleRate) Hz "
                                 + "in \(audio.channels) channels")
            }
            audioIndex = index
        }
        let end = stream.duration
        for (index, segment) in track.segments.enumerated() {
            let name = "segment \(index + 1) of track \(track.trackID)"
            let range = segment.timeMapping.source
            var cut: String?
            if !keyframe(at: range.start, in: input, stream: videoIndex) {
                cut = "\(name) does not start on a keyframe"
            } else if !(end.isNumeric && range.end >= end), !keyframe(at: range.end, in: input, stream: videoIndex) {
                cut = "\(name) does not end on a keyframe"
            }
            guard let cut else { continue }
            switch SmartPassthroughPlan.make(input: input, videoStream: videoIndex, audioStream: audioIndex,
                                             pieces: track.segments.map(\.timeMapping), settings: settings, video: video) {
            case let .success(plan): return .smart(plan)
            case let .failure(refusal): return .reencode("passthrough: \(cut) and \(refusal.reason)")
            }
        }
        return .copy(PassthroughPlan(path: path, videoStream: videoIndex, audioStream: audioIndex,
                                     pieces: track.segments.map(\.timeMapping),
                                     frameDuration: video.frameRate.frameDuration))
    }

    /// Whether the first video packet at or after a seek to `time` is a keyframe at exactly `time`.
    private static func keyframe(at time: MediaTime, in input: InputFile, stream: Int) -> Bool {
        guard (try? input.seek(to: time, stream: stream)) != nil else { return false }
        while let packet = try? input.readPacket() {
            guard packet.streamIndex == stream else { continue }
            if packet.pts < time { continue }
            return packet.pts == time && packet.isKeyframe
        }
        return false
    }
}
