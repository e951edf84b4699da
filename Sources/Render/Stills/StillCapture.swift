import Foundation
import LibAV
import MediaCore

/// Keeps small RGB copies of the output frames showing at asked times while an export encodes them, so a caller that
/// wants thumbnails (the report's posters) needs no second render of the composition. A segment taken from the
/// run's cache brings the pictures its render kept (`accept`); other frames the export does not render, and HDR
/// pictures, are not kept, and the caller renders those itself.
/// Lanes encoding segments side by side offer their frames from their own threads: `offer` takes a lock for a frame
/// it keeps (the asked frames are fixed at creation, so the others pass without one).
final class StillCapture {
    private let lock = NSLock()
    /// The asked composition times, by the output frame that shows each.
    private let wanted: [Int64: [MediaTime]]
    private let width: Int
    private var scaler: Scaler?
    /// The pictures kept so far, by asked time.
    private(set) var pictures: [MediaTime: Picture] = [:]

    /// A capture of the frames showing at `times` (composition times) of an export of `range` at `clock`'s rate with
    /// `frameCount` frames, each kept at most `width` pixels wide; nil when no time falls in the range.
    init?(times: [MediaTime], range: TimeRange, clock: FrameClock, frameCount: Int64, width: Int) {
        var wanted: [Int64: [MediaTime]] = [:]
        let frame = clock.frameDuration
        for time in times where time.isNumeric && time >= range.start && time < range.end && frameCount > 0 {
            let offset = time - range.start
            let index = Int64(clamping: Int128(offset.value) * Int128(frame.timescale)
                / (Int128(offset.timescale) * Int128(frame.value)))
            wanted[min(index, frameCount - 1), default: []].append(time)
        }
        guard !wanted.isEmpty, width > 1 else { return nil }
        self.wanted = wanted
        self.width = width
    }

    /// Keeps a copy of `frame` (output frame `index`) when an asked time shows it; a picture that cannot be
    /// converted is left for the caller to render.
    func offer(_ frame: Frame, index: Int64) {
        guard let times = wanted[index], !frame.colorDescription.transfer.isHDR else { return }
        lock.lock()
        defer { lock.unlock() }
        guard let picture = try? picture(of: frame) else { return }
        for time in times { pictures[time] = picture }
    }

    /// The pictures kept for output frames `frames`, by frame from its first: what a keyed segment of those frames
    /// carries into the run's cache and the cache folder.
    func pictures(in frames: Range<Int64>) -> [Int64: Picture] {
        lock.lock()
        defer { lock.unlock() }
        var kept: [Int64: Picture] = [:]
        for (index, times) in wanted where frames.contains(index) {
            if let picture = times.lazy.compactMap({ self.pictures[$0] }).first {
                kept[index - frames.lowerBound] = picture
            }
        }
        return kept
    }

    /// Takes the pictures a segment of output frames from `first` carried (`pictures(in:)`, by frame from its first)
    /// for the asked times they show, as if its frames had been offered; pictures wider than the capture keeps are
    /// left.
    func accept(_ carried: [Int64: Picture], from first: Int64) {
        lock.lock()
        defer { lock.unlock() }
        for (offset, picture) in carried where picture.width <= width {
            for time in wanted[first + offset] ?? [] { pictures[time] = picture }
        }
    }

    /// `frame` scaled to the capture's width as `still(of:width:scaler:)` does.
    private func picture(of frame: Frame) throws(LibAVError) -> Picture {
        try Self.still(of: frame, width: width, scaler: &scaler)
    }

    /// `frame` scaled to at most `width` pixels wide (keeping its shape, even sizes) as RGB, with `scaler` when it
    /// fits (else a new one, left in it): how every still of an export's frame is made, whether captured while the
    /// export encodes it or rendered afterwards (`StillRenderer`), so both give the same pixels.
    static func still(of frame: Frame, width: Int, scaler: inout Scaler?) throws(LibAVError) -> Picture {
        let size = Picture.size(of: frame.width, by: frame.height, atMost: width)
        let made = try Scaler.reusing(scaler, sourceWidth: frame.width, sourceHeight: frame.height,
                                      sourceFormat: frame.pixelFormat, width: size.width, height: size.height,
                                      pixelFormat: .rgb24, quality: .area, sourceColor: frame.colorDescription)
        scaler = made
        return Picture(frame: try made.scale(frame))
    }
}
