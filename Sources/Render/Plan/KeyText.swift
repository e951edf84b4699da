import Composition
import MediaCore

/// The canonical text a segment key is made of, written field by field in a fixed order: integers and exact times
/// as they print, doubles in their shortest form that reads back to the same value, strings after their length in
/// UTF-8 bytes. Each value ends with a space, so no two different sequences of values write the same text.
///
/// A key records every frame's layers of a stretch that changes; writing them here rather than through
/// `JSONEncoder` keeps planning a large batch from spending most of its time building JSON trees.
struct KeyText {
    /// The text written so far.
    private(set) var text = ""

    /// Starts a text, reserving room for about `bytes`.
    init(capacity bytes: Int = 512) {
        text.reserveCapacity(bytes)
    }

    /// Writes a field's name, so that optional parts of the text cannot be mistaken for each other.
    mutating func name(_ name: StaticString) {
        text += name.description
        text += "="
    }

    /// Writes a string, prefixed by its length in bytes.
    mutating func string(_ value: String) {
        text += String(value.utf8.count)
        text += ":"
        text += value
        text += " "
    }

    /// Writes an integer.
    mutating func integer(_ value: some BinaryInteger) {
        text += String(value)
        text += " "
    }

    /// Writes a double in its shortest exact form (`0.5`, `1e-07`, `inf`).
    mutating func number(_ value: Double) {
        text += value.description
        text += " "
    }

    /// Writes a time exactly (`1001/30000`).
    mutating func time(_ value: MediaTime) {
        text += value.description
        text += " "
    }

    /// Writes a size.
    mutating func size(_ value: Size) {
        number(value.width)
        number(value.height)
    }

    /// Writes a rectangle.
    mutating func rect(_ value: Rect) {
        number(value.x)
        number(value.y)
        number(value.width)
        number(value.height)
    }

    /// Writes a transform's six components.
    mutating func transform(_ value: AffineTransform2D) {
        number(value.a)
        number(value.b)
        number(value.c)
        number(value.d)
        number(value.tx)
        number(value.ty)
    }

    /// Writes a colour's four components.
    mutating func color(_ value: Color) {
        number(value.red)
        number(value.green)
        number(value.blue)
        number(value.alpha)
    }

    /// Writes a layer's backdrop, or `-` for none.
    mutating func backdrop(_ value: LayerBackdrop?) {
        switch value {
        case nil: text += "- "
        case .blur(let radius):
            text += "blur "
            number(radius)
        case .color(let color):
            text += "color "
            self.color(color)
        }
    }

    /// Writes a layer's corner radius; nothing for square corners, so their keys read as before rounding existed.
    mutating func cornerRadius(_ value: Double?) {
        guard let value else { return }
        text += "corner "
        number(value)
    }

    /// Writes a layer's border; nothing for none, so borderless keys read as before borders existed.
    mutating func border(_ value: LayerBorder?) {
        guard let value else { return }
        text += value.hidesPicture ? "outline " : "border "
        number(value.width)
        color(value.color)
    }

    /// Writes a layer's colour controls; nothing for none, so keys of unchanged layers read as before.
    mutating func colorControls(_ value: ColorControls?) {
        guard let value else { return }
        text += "controls "
        number(value.brightness)
        number(value.contrast)
        number(value.saturation)
    }

    /// Ends a line (a layer, a frame).
    mutating func newline() {
        text += "\n"
    }
}
