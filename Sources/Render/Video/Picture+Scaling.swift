import LibAV

extension Picture {
    /// The picture scaled to `width` x `height` (bicubic), as a picture is drawn into a rectangle of another size.
    public func scaled(width: Int, height: Int) throws(LibAVError) -> Picture {
        if width == self.width, height == self.height { return self }
        let source = try Frame(width: self.width, height: self.height, pixelFormat: .rgb24)
        do {
            try source.withMutablePlanes { planes in
                rgb.withUnsafeBytes { bytes in
                    for row in 0..<self.height {
                        planes[0].row(row).copyMemory(from: UnsafeRawBufferPointer(
                            rebasing: bytes[(row * self.width * 3)..<((row + 1) * self.width * 3)]))
                    }
                }
            }
        } catch let error as LibAVError {
            throw error
        } catch {
            throw LibAVError.invalidArgument("\(error)")
        }
        let scaler = try Scaler(sourceWidth: self.width, sourceHeight: self.height, sourceFormat: .rgb24, width: width,
                                height: height, pixelFormat: .rgb24)
        return Picture(frame: try scaler.scale(source))
    }
}
