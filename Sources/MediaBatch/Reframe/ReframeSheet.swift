import Composition
import Foundation
import Manifest
import MediaCore
import Render

/// `sheet --reframe`: frames of the sources of an output's reframed clips, whole, with the crop the camera path chose
/// drawn on each (the part left out dimmed, the crop outlined), laid out in a grid.
enum ReframeSheet {
    static let margin = 16, gap = 8, outline = 2

    /// The sheet of `job`'s reframed clips: `count` frames spread over them, `columns` a row, cells `cellWidth`
    /// wide; nil when no clip of `job` is reframed.
    static func render(_ job: Job, count: Int, columns: Int, cellWidth: Int) throws(ExportError) -> Picture? {
        // Overlays share start times with clips, so their tracks could not be told apart here: the sheet shows clips
        // and layers (which name their track).
        let clips = (job.reframes ?? []).filter { $0.path != nil && $0.kind != .overlay }
        guard let first = clips.first, let video = job.settings.video else { return nil }
        let frame = video.frameRate.frameDuration
        let cellHeight = max(2, Int((Double(cellWidth) * first.sourceSize.height / first.sourceSize.width / 2).rounded()) * 2)
        let frames = clips.reduce(0) { $0 + ($1.path?.positions.count ?? 0) }
        var cells: [Picture] = []
        for index in 0..<min(count, frames) {
            // The middle frame of each of `count` equal parts of all the reframed frames.
            var wanted = (2 * index + 1) * frames / (2 * min(count, frames))
            for clip in clips {
                guard let path = clip.path else { continue }
                if wanted >= path.positions.count { wanted -= path.positions.count; continue }
                let time = clip.timeRange.start + frame * Int32(wanted)
                let grabber = try sourceGrabber(job, clip: clip, width: cellWidth, height: cellHeight, rate: video.frameRate)
                var picture = try grabber.picture(at: time)
                mark(&picture, path: path, frame: wanted, sourceSize: clip.sourceSize)
                cells.append(picture)
                break
            }
        }
        let rows = (cells.count + columns - 1) / columns
        let width = (margin * 2 + columns * cellWidth + (columns - 1) * gap + 1) & ~1
        let height = (margin * 2 + rows * cellHeight + max(0, rows - 1) * gap + 1) & ~1
        var page = Picture(width: width, height: height, red: 28, green: 28, blue: 30)
        for (index, cell) in cells.enumerated() {
            page.draw(cell, x: margin + (index % columns) * (cellWidth + gap),
                      y: margin + (index / columns) * (cellHeight + gap))
        }
        return page
    }

    /// A grabber of the clip's source as it is, whole: the job's composition with only the clip's video track, on a
    /// canvas of the source's size.
    static func sourceGrabber(_ job: Job, clip: ReframedClip, width: Int, height: Int,
                              rate: FrameRate) throws(ExportError) -> FrameGrabber {
        var composition = job.composition
        let track = composition.tracks(withMediaType: .video).first { track in
            clip.trackID.map { $0 == track.trackID }
                ?? track.segments.contains { !$0.isEmpty && $0.targetRange.start == clip.timeRange.start }
        }
        for other in composition.tracks where other.trackID != track?.trackID { composition.removeTrack(withID: other.trackID) }
        composition.naturalSize = clip.sourceSize
        var view = VideoComposition.make(propertiesOf: composition)
        view.renderSize = clip.sourceSize
        view.frameDuration = rate.frameDuration
        return try FrameGrabber(composition: composition, videoComposition: view, width: width, height: height,
                                frameRate: rate)
    }

    /// Dims what the crop at `frame` leaves out and outlines the crop in yellow.
    static func mark(_ picture: inout Picture, path: CameraPath, frame: Int, sourceSize: Size) {
        let horizontal = path.axis == .horizontal
        let scale = Double(horizontal ? picture.width : picture.height) / (horizontal ? sourceSize.width : sourceSize.height)
        let low = Int((path.positions[frame] * scale).rounded()), high = Int(((path.positions[frame] + path.extent) * scale).rounded())
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let along = horizontal ? x : y
                let offset = (y * picture.width + x) * 3
                if along < low || along >= high {
                    for channel in 0..<3 { picture.rgb[offset + channel] /= 3 }
                } else if along < low + outline || along >= high - outline
                            || (horizontal ? y : x) < outline || (horizontal ? y : x) >= (horizontal ? picture.height : picture.width) - outline {
                    picture.rgb.replaceSubrange(offset..<(offset + 3), with: [255, 214, 0])
                }
            }
        }
    }
}
