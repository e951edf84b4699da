import Composition
import Foundation
import LibAV
import MediaCore
import Render

/// The file an asset writer is making: its muxer and one track per input, in the inputs' order. Used only under its
/// writer's lock, one call at a time.
final class WriterFile: @unchecked Sendable {
    /// One input's track.
    enum Track {
        case video(WriterVideoTrack)
        case audio(WriterSoundTrack)
        case copy(WriterCopyTrack)
    }

    private let output: OutputFile
    private(set) var tracks: [Track] = []

    /// Creates the file at `path` as `container` with the container `tags`, adds a track for each of `inputs` (with
    /// its settings read), and writes the header; `faststart` puts the index at the front. Removes what it wrote
    /// when it fails.
    init(path: String, container: WriterContainer, faststart: Bool, tags: [String: String],
         inputs: [(name: String, settings: WriterSettings, timescale: Int32, transform: CGAffineTransform)]) throws(AVError) {
        do {
            output = try OutputFile(path: path, format: container.muxerName, metadata: tags)
        } catch {
            throw AVError(.unknown, .writer(input: "AVAssetWriter", problem: "cannot create '\(path)': \(error)"))
        }
        do throws(AVError) {
            for input in inputs {
                switch input.settings {
                case let .video(video):
                    do {
                        tracks.append(.video(try WriterVideoTrack(video,
                                                                  timescale: input.timescale, output: output,
                                                                  name: input.name, transform: input.transform)))
                    } catch {
                        throw AVError(.encoderNotFound, .export(.encoderSetup(error, output: path)))
                    }
                case let .audio(audio):
                    tracks.append(.audio(try WriterSoundTrack(audio, output: output, name: input.name)))
                case let .pcm(pcm):
                    tracks.append(.audio(try WriterSoundTrack(encoder: pcm.encoderName, settings: pcm.encoderSettings,
                                                              output: output, name: input.name)))
                case let .alac(alac):
                    tracks.append(.audio(try WriterSoundTrack(encoder: "alac", settings: alac.encoderSettings,
                                                              output: output, name: input.name)))
                case let .copy(file, stream):
                    do {
                        tracks.append(.copy(try WriterCopyTrack(file: file, stream: stream, output: output,
                                                                 name: input.name)))
                    } catch {
                        throw AVError(.fileFormatNotRecognized, .unreadableAsset(file, error))
                    }
                }
            }
            do {
                // Inputs fed from their own queues arrive in an order that varies from run to run; waiting for every
                // stream before muxing (no interleaving deadline) orders packets by time alone, so the bytes do not vary.
                var options = ["max_interleave_delta": "0"]
                if faststart && container.supportsFaststart { options["movflags"] = "+faststart" }
                try output.writeHeader(options: options)
            } catch {
                throw AVError(.unknown, .export(.wrap(error, path: nil, output: path)))
            }
        } catch {
            remove()
            throw error
        }
    }

    /// The path written.
    var path: String { output.path }

    /// Completes every track (cut at `sessionEnd` when given) and writes the trailer.
    func finish(sessionEnd: MediaTime?) throws(AVError) {
        for track in tracks {
            switch track {
            case let .video(video): try video.finish(sessionEnd: sessionEnd)
            case let .audio(audio): try audio.finish(sessionEnd: sessionEnd)
            case let .copy(copy): try copy.finish(sessionEnd: sessionEnd)
            }
        }
        do {
            try output.writeTrailer()
        } catch {
            throw AVError(.unknown, .export(.wrap(error, path: nil, output: path)))
        }
    }

    /// Where the tracks other than track `index` have got: the earliest of their reaches, nil without other tracks.
    func horizon(excluding index: Int) -> MediaTime? {
        tracks.indices.filter { $0 != index }.map { other -> MediaTime in
            switch tracks[other] {
            case let .video(video): video.lastTime ?? .zero
            case let .audio(audio): audio.end
            case let .copy(copy): copy.reach ?? .zero
            }
        }.min()
    }

    /// Why a file cannot end at `sessionEnd`: `kind` was encoded until `until`, and encoded media cannot be cut.
    static func pastTheEnd(kind: String, until: MediaTime, sessionEnd: MediaTime) -> String {
        "\(kind) was encoded until \(String(format: "%.3f", until.seconds)) s, past the session's end at "
            + "\(String(format: "%.3f", sessionEnd.seconds)) s; call endSession(atSourceTime:) before appending "
            + "beyond it, or append nothing past it"
    }

    /// Stops without finishing and deletes the file.
    func remove() {
        for track in tracks {
            switch track {
            case let .video(video): video.discard()
            case let .audio(audio): audio.discard()
            case let .copy(copy): copy.discard()
            }
        }
        try? FileManager.default.removeItem(atPath: output.path)
    }
}
