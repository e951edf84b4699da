import LibAV
import MediaCore

/// The video half of an encoded export: the picture renderer, the output stream, the frame clock and the segment
/// plan, plus how to open a fresh encoder session for each segment (every session starts with a keyframe and uses
/// the same settings, so their packets join by stream copy into the one stream).
struct SegmentedVideo {
    /// Renders the picture at a composition time.
    let renderer: any PictureRenderer
    /// The output's video stream index.
    let stream: Int
    /// Output frame timing.
    let clock: FrameClock
    /// Where the encoder sessions start and end, and which segments may be shared.
    let plan: SegmentPlan
    /// The encoder the stream was created from; the first rendered segment uses it.
    var spareEncoder: Encoder?
    /// The codec headers every session of the stream makes (the first encoder's extradata): segments kept by earlier
    /// runs are used only when they were made with the same.
    var encoderHeaders: [UInt8] = []
    /// Keeps the pictures asked for as stills while they are encoded (nil: none asked).
    var stills: StillCapture?
    /// Opens another encoder with the stream's settings.
    let makeEncoder: () throws(ExportError) -> Encoder
    /// How many segments may be encoded side by side (`ExportSettings.Video.encoderLanes`).
    var lanes = 1
    /// Makes another renderer like `renderer`, reading its sources from the given pool (for a lane of its own).
    var makeRenderer: (SourcePool) throws(ExportError) -> any PictureRenderer = { _ throws(ExportError) in
        throw ExportError.encode(path: nil, reason: "this video has a single renderer")
    }
    /// The source pools of the lanes beyond the first (their warnings count as the export's).
    var lanePools: [SourcePool] = []
    /// The stretches copied from sources, by their first frame (smart rendering; empty without passthrough).
    var copies: [Int64: CopiedStretch] = [:]
    /// Writes the video when copies share the stream with the encoder's packets; nil without copies.
    var splicer: SplicedVideoWriter?

    /// The total number of frames.
    var frameCount: Int64 { plan.segments.last?.frames.upperBound ?? 0 }

    /// The spare encoder if still unused, else a new session.
    mutating func nextEncoder() throws(ExportError) -> Encoder {
        if let spare = spareEncoder {
            spareEncoder = nil
            return spare
        }
        return try makeEncoder()
    }
}
