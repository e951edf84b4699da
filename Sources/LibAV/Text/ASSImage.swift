/// One bitmap libass rendered: an 8-bit coverage mask to paint in one colour at a place on the frame.
///
/// The mask is borrowed from libass and valid only inside `ASSRenderer.render`'s closure.
public struct ASSImage {
    /// Mask width in pixels.
    public var width: Int
    /// Mask height in pixels.
    public var height: Int
    /// Bytes from one mask row to the next.
    public var stride: Int
    /// The coverage mask, 0 (none) ... 255 (full), `stride * height` bytes.
    public var bitmap: UnsafePointer<UInt8>
    /// Left edge on the frame (libass keeps images inside the frame).
    public var x: Int
    /// Top edge on the frame.
    public var y: Int
    /// Colour red, 0...255 (gamma-encoded R').
    public var red: UInt8
    /// Colour green, 0...255.
    public var green: UInt8
    /// Colour blue, 0...255.
    public var blue: UInt8
    /// Colour opacity, 0 (transparent) ... 255 (opaque); libass's inverted alpha already flipped.
    public var opacity: UInt8
}
