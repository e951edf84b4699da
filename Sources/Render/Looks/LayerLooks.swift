import Composition
import LibAV

/// Applies layers' `ColorControls` to their source pictures before they are placed, for renderers of either depth:
/// the changed picture then goes everywhere the source would (scaled, warped, made a blurred backdrop). Y'CbCr
/// pictures are changed through `ColorControlsTable`; others (RGB stills, grey or paletted PNGs, on SDR outputs only)
/// are first converted to BT.709 limited 4:2:0 Y'CbCr (with alpha when they have it), which the layer scalers would
/// make of them anyway. Each track keeps its frames, and the last picture it changed, so a still shown for many
/// frames is changed once; tracks not drawn since the last picture let go of theirs.
final class LayerLooks {
    /// What a table was made for.
    private struct TableKey: Equatable {
        var controls: ColorControls
        var format: LibAV.PixelFormat
        var fullRange: Bool
    }

    /// What one track keeps.
    private final class TrackState {
        var table: ColorControlsTable?
        var key: TableKey?
        var converter: Scaler?
        var converted: Frame?
        var changed: Frame?
        /// The picture last changed (held, so the identity stays its own) and what it became.
        var last: (input: Frame, output: Frame)?
        var used = true
    }

    private var tracks: [Int32: TrackState] = [:]

    /// `frame`, the picture of track `trackID`, changed by `controls`, in a frame owned here until the track's next
    /// picture; `frame` itself when a picture cannot be changed by a table (nothing of that kind reaches layers).
    func apply(_ controls: ColorControls, to frame: Frame, trackID: Int32) throws -> Frame {
        let state = tracks[trackID] ?? TrackState()
        tracks[trackID] = state
        state.used = true
        if let last = state.last, last.input === frame, state.key?.controls == controls { return last.output }
        let input = try yuv(frame, state: state)
        let key = TableKey(controls: controls, format: input.pixelFormat, fullRange: input.colorDescription.isFullRange)
        if state.key != key {
            state.table = ColorControlsTable(controls, format: key.format, fullRange: key.fullRange)
            state.key = key
        }
        guard let table = state.table else { return frame }
        let output: Frame
        if let changed = state.changed, changed.width == input.width, changed.height == input.height,
           changed.pixelFormat == input.pixelFormat {
            output = changed
        } else {
            output = try Frame(width: input.width, height: input.height, pixelFormat: input.pixelFormat)
            state.changed = output
        }
        try table.apply(input, into: output)
        output.tag(input.colorDescription)
        output.copyTiming(from: frame)
        state.last = (frame, output)
        return output
    }

    /// Lets go of the frames of tracks not drawn since the last call.
    func endPicture() {
        tracks = tracks.filter { $0.value.used }
        for state in tracks.values { state.used = false }
    }

    /// `frame` as planar Y'CbCr: itself when it is, else converted into the track's conversion frame.
    private func yuv(_ frame: Frame, state: TrackState) throws -> Frame {
        if case .planarYUV = frame.pixelFormat.layout { return frame }
        let format: LibAV.PixelFormat = frame.pixelFormat.hasAlpha ? VideoFrameBuffer.yuva420p : .yuv420p
        let scaler = try Scaler.reusing(state.converter, sourceWidth: frame.width, sourceHeight: frame.height,
                                        sourceFormat: frame.pixelFormat, width: frame.width, height: frame.height,
                                        pixelFormat: format)
        state.converter = scaler
        let target: Frame
        if let converted = state.converted, converted.width == frame.width, converted.height == frame.height,
           converted.pixelFormat == format {
            target = converted
        } else {
            target = try Frame(width: frame.width, height: frame.height, pixelFormat: format)
            state.converted = target
        }
        try scaler.scale(frame, into: target)
        return target
    }
}
