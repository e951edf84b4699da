import Composition
import Foundation
import MediaCore

extension SourceCatalog {
    /// `info` of the file at `path`, whose picture, when it is an SVG file that writes some of `variables` as
    /// `{name}`, points at a URL carrying their values (see `DrawingText`), so the renderer draws this output's text.
    func drawing(_ info: SourceInfo, path: String, variables: [String: String]) -> SourceInfo {
        guard DrawingText.isSVG(path), !variables.isEmpty, let text = drawingText(path) else { return info }
        let names = DrawingText.names(in: text, among: variables.keys)
        guard !names.isEmpty, var video = info.video else { return info }
        video.url = DrawingText.url(path: path, replacements: Dictionary(uniqueKeysWithValues: names.map {
            ($0, variables[$0] ?? "")
        }))
        var drawn = info
        drawn.video = video
        return drawn
    }

    /// What rlottie would not draw of the Lottie file at `path` (see `LottieFeatures`); nil when it cannot be read.
    func lottieProblems(_ path: String) -> [String]? {
        drawingText(path).map { LottieFeatures.problems(in: Array($0.utf8)) }
    }

    /// The text of the SVG or Lottie file at `path`, read once (through `LocalFile`, as captions are); nil when it
    /// cannot be read or is not UTF-8 (gzip-compressed `.svgz` has no text to replace).
    private func drawingText(_ path: String) -> String? {
        lock.withLock {
            if let known = drawingTexts[path] { return known }
            let text = (try? LocalFile.contents(of: path, limit: Self.maxCaptionBytes)).flatMap {
                String(validating: $0, as: UTF8.self)
            }
            drawingTexts[path] = text
            return text
        }
    }
}
