/// One way to keep a scaler across pictures: like libswscale's `sws_getCachedContext`, a scaler is reused while it
/// converts exactly what is asked, and replaced when anything but a crop's origin changes (the origin is an offset
/// given to each `scale` call).
extension Scaler {
    /// `existing` when it converts these sizes, formats, crop size, quality and colours; otherwise a new scaler made
    /// with the same arguments as `init`.
    public static func reusing(_ existing: Scaler?, sourceWidth: Int, sourceHeight: Int, sourceFormat: PixelFormat,
                               crop: Rect? = nil, width: Int, height: Int, pixelFormat: PixelFormat,
                               quality: Quality = .bicubic, sourceColor: ColorDescription? = nil,
                               destinationColor: ColorDescription? = nil) throws(LibAVError) -> Scaler {
        if let existing, existing.converts(
            sourceWidth: sourceWidth, sourceHeight: sourceHeight, sourceFormat: sourceFormat, crop: crop, width: width,
            height: height, pixelFormat: pixelFormat, quality: quality,
            sourceColor: sourceColor ?? .implied(by: sourceFormat),
            destinationColor: destinationColor ?? .implied(by: pixelFormat)) {
            return existing
        }
        return try Scaler(sourceWidth: sourceWidth, sourceHeight: sourceHeight, sourceFormat: sourceFormat, crop: crop,
                          width: width, height: height, pixelFormat: pixelFormat, quality: quality,
                          sourceColor: sourceColor, destinationColor: destinationColor)
    }

    /// Whether this scaler converts `sourceWidth` x `sourceHeight` `sourceFormat`, cropped to `crop`'s size
    /// (wherever it lies), to `width` x `height` `pixelFormat` with `quality` and these colours.
    public func converts(sourceWidth: Int, sourceHeight: Int, sourceFormat: PixelFormat, crop: Rect?, width: Int,
                         height: Int, pixelFormat: PixelFormat, quality: Quality,
                         sourceColor: ColorDescription, destinationColor: ColorDescription) -> Bool {
        let area = crop ?? Rect(x: 0, y: 0, width: sourceWidth, height: sourceHeight)
        return self.sourceWidth == sourceWidth && self.sourceHeight == sourceHeight
            && self.sourceFormat == sourceFormat && self.crop.width == area.width && self.crop.height == area.height
            && self.width == width && self.height == height && self.pixelFormat == pixelFormat
            && self.quality == quality && self.sourceColor == sourceColor && self.destinationColor == destinationColor
    }
}
