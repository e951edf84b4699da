import Composition
import MediaCore

extension JobBuilder {
    /// A gradient `background` as the bottom video track: the canvas's size, the output's length, under every
    /// clip, overlay and transition (a `fade` goes through it, letterboxes show it).
    func addBackground(_ spec: OutputSpec, to composition: inout MutableComposition, total: MediaTime) throws {
        guard var gradient = spec.backgroundGradient, total > .zero else { return }
        gradient.duration = total
        (gradient.width, gradient.height) = (0, 0)
        let info = try sourceInfo(.generator(gradient), spec: spec, at: spec.location, built: [:])
        guard let video = info.video, let id = composition.addMutableTrack(withMediaType: .video) else { return }
        do {
            try composition.modifyTrack(id) { track in
                try track.insertTimeRange(TimeRange(start: .zero, duration: total), of: video, at: .zero)
            }
        } catch {
            throw problem(spec, stage: "load", "cannot lay the background: \(error)", at: spec.location)
        }
    }
}
