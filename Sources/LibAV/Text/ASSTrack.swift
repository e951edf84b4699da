internal import CASS

/// A libass subtitle track (`ASS_Track`, freed with `ass_free_track`): a script header with styles and its events.
public final class ASSTrack: @unchecked Sendable {
    /// The owned track.
    let pointer: UnsafeMutablePointer<ASS_Track>
    /// Keeps the library alive as long as the track.
    private let library: ASSLibrary
    private var nextReadOrder = 0

    /// An empty track set up from `header`: the `[Script Info]` and `[V4+ Styles]` sections and an `[Events]`
    /// section with its `Format:` line, as in a Matroska subtitle track's codec private data.
    public init(library: ASSLibrary, header: String) throws(LibAVError) {
        self.library = library
        pointer = try checkAllocation(ass_new_track(library.pointer), "ass_new_track", .allocate("a libass track"))
        var bytes = Array(header.utf8CString)
        bytes.withUnsafeMutableBufferPointer { buffer in
            ass_process_codec_private(pointer, buffer.baseAddress, Int32(buffer.count - 1))
        }
    }

    /// A track read from a whole `.ass` / `.ssa` script.
    public init(library: ASSLibrary, script: String) throws(LibAVError) {
        self.library = library
        var bytes = Array(script.utf8CString)
        let track = bytes.withUnsafeMutableBufferPointer { buffer in
            ass_read_memory(library.pointer, buffer.baseAddress, buffer.count - 1, nil)
        }
        guard let track else {
            throw LibAVError.invalidArgument("libass cannot read the ASS script (no [Script Info] or [Events] found)")
        }
        pointer = track
    }

    deinit {
        ass_free_track(pointer)
    }

    /// Lays out and shapes each event's text as a whole with the Unicode algorithms (bidirectional text across
    /// override tags, bracket pairs, Unicode line breaking) instead of VSFilter's per-run segments, where this
    /// libass supports them. Scripts we write ourselves want this; authored `.ass` files keep VSFilter's rules.
    public func useWholeTextLayout() {
        for feature in [ASS_FEATURE_WHOLE_TEXT_LAYOUT, ASS_FEATURE_BIDI_BRACKETS, ASS_FEATURE_WRAP_UNICODE] {
            // -1 means this build lacks the feature (old FriBidi, no libunibreak): the classic rules stay.
            _ = ass_track_set_feature(pointer, feature, 1)
        }
    }

    /// The number of events in the track.
    public var eventCount: Int { Int(pointer.pointee.n_events) }

    /// Adds one event in the Matroska form `Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text` (the read order
    /// is prepended here), shown from `start` for `duration` milliseconds.
    public func addEvent(_ fields: String, start: Int64, duration: Int64) {
        var bytes = Array("\(nextReadOrder),\(fields)".utf8CString)
        nextReadOrder += 1
        bytes.withUnsafeMutableBufferPointer { buffer in
            ass_process_chunk(pointer, buffer.baseAddress, Int32(buffer.count - 1), start, duration)
        }
    }
}
