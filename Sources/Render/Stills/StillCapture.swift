import Foundation
import LibAV
import MediaCore

/// Keeps small RGB copies of the output frames showing at asked times while an export encodes them, so a caller that
/// wants thumbnails (the report's posters) needs no second render of the composition. Frames the export does not
/// render (segments taken from the run's cache) and HDR pictures are not kept; the caller renders those itself.
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

    /// `frame` scaled to the capture's width (keeping its shape, even sizes) as RGB.
    private func picture(of frame: Frame) throws(LibAVError) -> Picture {
        let size = Picture.size(of: frame.width, by: frame.height, atMost: width)
        let made = try Scaler.reusing(scaler, sourceWidth: frame.width, sourceHeight: frame.height,
                                      sourceFormat: frame.pixelFormat, width: size.width, height: size.height,
                                      pixelFormat: .rgb24, quality: .area, sourceColor: frame.colorDescription)
        scaler = made
        return Picture(frame: try made.scale(frame))
    }
}
