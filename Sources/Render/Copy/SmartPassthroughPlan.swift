import LibAV
import MediaCore

/// A passthrough whose cuts fall between keyframes (smart rendering): each piece re-encodes only the partial
/// groups of pictures at its cuts and copies the packets between them. See `SmartPassthroughPlanner` for how the
/// pieces are cut and `SmartReencodeSetup` for how the re-encoded pictures fit into the copied stream.
struct SmartPassthroughPlan {
    /// One stretch of a piece, in display (and output decode) order.
    enum Segment: Equatable {
        /// Copy packets `packets` (decode-order indexes into the source index) whose pts lie in `times`.
        case copy(packets: Range<Int>, times: Range<MediaTime>)
        /// Decode from packet `decodeFrom` (a keyframe) and re-encode the pictures whose pts lie in `times`.
        case reencode(decodeFrom: Int, times: Range<MediaTime>)
    }

    /// One piece of the timeline: where it comes from and goes to, and its segments.
    struct Piece {
        /// Source and target ranges.
        var mapping: TimeMapping
        /// The segments, in order.
        var segments: [Segment]
    }

    /// The source file.
    var path: String
    /// Its video stream.
    var videoStream: Int
    /// Its audio stream, when audio is copied (packets whose pts fall inside each piece).
    var audioStream: Int?
    /// The pieces, in timeline order.
    var pieces: [Piece]
    /// The source's video packets.
    var index: VideoPacketIndex
    /// How re-encoded pictures are made and announced.
    var reencode: SmartReencodeSetup
    /// The output frame duration.
    var frameDuration: MediaTime

    /// Every output picture's presentation time, in display order.
    var outputTimes: [MediaTime] {
        pieces.flatMap { piece in
            let offset = piece.mapping.target.start - piece.mapping.source.start
            return index.times(from: piece.mapping.source.start, to: piece.mapping.source.end).map { $0 + offset }
        }
    }

    /// How many places output packets may come ahead of their display position.
    var reorderDepth: Int { max(index.reorderDepth, reencode.reorderDelay) }

    /// Pictures copied and re-encoded.
    var frameCounts: (copied: Int, reencoded: Int) {
        var copied = 0, reencoded = 0
        for piece in pieces {
            for segment in piece.segments {
                switch segment {
                case let .copy(_, times): copied += index.times(from: times.lowerBound, to: times.upperBound).count
                case let .reencode(_, times): reencoded += index.times(from: times.lowerBound, to: times.upperBound).count
                }
            }
        }
        return (copied, reencoded)
    }
}
