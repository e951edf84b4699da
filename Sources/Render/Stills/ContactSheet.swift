import Composition
public import MediaCore

/// A contact sheet: frames of a composition evenly spread over its length, laid out in a grid on a dark page, each
/// with its SMPTE timecode under it and the title on top, drawn with the same libass text path as titles.
public struct ContactSheet: Sendable {
    /// The heading over the grid (the output's name).
    public var title: String
    /// How many frames.
    public var count: Int
    /// Frames per row.
    public var columns: Int

    private static let margin = 12
    private static let gap = 8

    /// A sheet of `count` frames in rows of `columns`, headed `title`.
    public init(title: String, count: Int = 12, columns: Int = 4) {
        self.title = title
        self.count = max(1, count)
        self.columns = max(1, min(columns, max(1, count)))
    }

    /// The times of the frames: the middles of `count` equal parts of the composition, snapped to frames.
    public func times(for grabber: FrameGrabber) -> [MediaTime] {
        (0..<count).map { index in
            grabber.frameTime(at: grabber.duration.multiplied(by: Int64(2 * index + 1), dividedBy: Int64(2 * count)))
        }
    }

    /// Renders the frames through `grabber` (whose size is a cell's) and lays out the sheet.
    public func render(with grabber: FrameGrabber) throws(ExportError) -> Picture {
        let times = times(for: grabber)
        let cell = (width: grabber.width, height: grabber.height)
        let label = max(14, cell.height / 8)
        let heading = max(20, cell.width / 10)
        let rows = (times.count + columns - 1) / columns
        let width = (Self.margin * 2 + columns * cell.width + (columns - 1) * Self.gap + 1) & ~1
        let height = (Self.margin * 2 + heading + rows * (cell.height + label) + (rows - 1) * Self.gap + 1) & ~1
        var page = Picture(width: width, height: height, red: 28, green: 28, blue: 30)
        var labels: [TextLayer] = []
        let always = TimeRange(start: .zero, duration: MediaTime(value: 1, timescale: 1))
        labels.append(TextLayer(
            text: title, timeRange: always,
            style: Self.style(pixels: Double(heading) * 0.7, height: height, alignment: .left),
            placement: .region(Rect(x: Double(Self.margin), y: Double(Self.margin), width: Double(width - 2 * Self.margin),
                                    height: Double(heading)))))
        for (index, time) in times.enumerated() {
            let x = Self.margin + (index % columns) * (cell.width + Self.gap)
            let y = Self.margin + heading + (index / columns) * (cell.height + label + Self.gap)
            page.draw(try grabber.picture(at: time), x: x, y: y)
            let timecode = (try? TimeSyntax.formatTimecode(time, frameRate: grabber.frameRate, dropFrame: false))
                ?? TimeSyntax.humanReadable(time)
            labels.append(TextLayer(
                text: timecode, timeRange: always,
                style: Self.style(pixels: Double(label) * 0.75, height: height, alignment: .center),
                placement: .region(Rect(x: Double(x), y: Double(y + cell.height), width: Double(cell.width),
                                        height: Double(label)))))
        }
        return try Self.drawText(labels, on: page)
    }

    /// White text `pixels` high on a page `height` pixels high.
    private static func style(pixels: Double, height: Int, alignment: TextStyle.Alignment) -> TextStyle {
        TextStyle(size: pixels / Double(height), color: .white, outlineWidth: 0, alignment: alignment)
    }

    /// `page` with `layers` drawn on it.
    private static func drawText(_ layers: [TextLayer], on page: Picture) throws(ExportError) -> Picture {
        var composition = VideoComposition(renderSize: Size(width: Double(page.width), height: Double(page.height)),
                                           frameDuration: MediaTime(value: 1, timescale: 25))
        composition.textLayers = layers
        do {
            let frame = try page.frame()
            let overlay = try TextOverlay.make(videoComposition: composition, canvasWidth: page.width,
                                               canvasHeight: page.height, width: page.width, height: page.height)
            return Picture(frame: try overlay?.draw(onto: frame, at: .zero) ?? frame)
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError.encode(path: nil, reason: "cannot draw the contact sheet: \(error)")
        }
    }
}
