import Foundation

/// A path in a layer's coordinates placed in the render and framed by whole pixels: what the shape and shadow
/// pictures draw, each in a document covering `rect`.
struct PlacedPath {
    /// Where the document lies in the render, in whole pixels from the top left.
    let rect: CGRect
    /// The path in the document's pixels, from `rect`'s top left.
    let elements: [CGPath.Element]

    /// `elements` of a layer whose bounds start at `origin` and whose frame is `frame` in the render (y of its
    /// coordinates growing downwards when `flipped`), moved by `offset` in its coordinates, in a rectangle reaching
    /// `reach` pixels beyond the path's points on every side.
    init(_ elements: [CGPath.Element], origin: CGPoint, frame: CGRect, flipped: Bool, offset: CGSize = .zero,
         reach: CGFloat) {
        let placed = elements.map { element in
            element.moved { point in
                let x = point.x - origin.x + offset.width, y = point.y - origin.y + offset.height
                return CGPoint(x: frame.minX + x, y: flipped ? frame.minY + y : frame.maxY - y)
            }
        }
        let box = CGPath(elements: placed).boundingBox
        let left = (box.minX - reach).rounded(.down), top = (box.minY - reach).rounded(.down)
        rect = CGRect(x: left, y: top, width: (box.maxX + reach).rounded(.up) - left,
                      height: (box.maxY + reach).rounded(.up) - top)
        self.elements = placed.map { $0.moved { CGPoint(x: $0.x - left, y: $0.y - top) } }
    }
}
