// Corpus: a slideshow from still images, the most common AVAssetWriter program. Each image is loaded through ImageIO
// (CGImageSourceCreateWithURL), drawn aspect-fit on a black background into a 32ARGB pixel buffer through a
// CGContext over the buffer's memory, and appended through a pixel buffer adaptor for a second each.
// Usage: images-to-video OUTPUT IMAGE...
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: images-to-video OUTPUT IMAGE...")
    exit(2)
}
let outputURL = URL(fileURLWithPath: arguments[1])
let imageURLs = arguments.dropFirst(2).map { URL(fileURLWithPath: $0) }
let size = CGSize(width: 320, height: 240)
let secondsPerImage: Int32 = 1

func loadImage(_ url: URL) -> CGImage? {
    guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return nil }
    return CGImageSourceCreateImageAtIndex(source, 0, nil)
}

func pixelBuffer(from image: CGImage, size: CGSize) -> CVPixelBuffer? {
    let attributes = [
        kCVPixelBufferCGImageCompatibilityKey: kCFBooleanTrue,
        kCVPixelBufferCGBitmapContextCompatibilityKey: kCFBooleanTrue,
    ] as CFDictionary
    var pixelBuffer: CVPixelBuffer?
    let status = CVPixelBufferCreate(kCFAllocatorDefault, Int(size.width), Int(size.height),
                                     kCVPixelFormatType_32ARGB, attributes, &pixelBuffer)
    guard status == kCVReturnSuccess, let buffer = pixelBuffer else { return nil }
    CVPixelBufferLockBaseAddress(buffer, [])
    defer { CVPixelBufferUnlockBaseAddress(buffer, []) }
    guard let context = CGContext(data: CVPixelBufferGetBaseAddress(buffer), width: Int(size.width),
                                  height: Int(size.height), bitsPerComponent: 8,
                                  bytesPerRow: CVPixelBufferGetBytesPerRow(buffer),
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue) else { return nil }
    context.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
    context.fill(CGRect(origin: .zero, size: size))
    // Aspect fit, centred.
    let scale = min(size.width / CGFloat(image.width), size.height / CGFloat(image.height))
    let drawn = CGSize(width: CGFloat(image.width) * scale, height: CGFloat(image.height) * scale)
    let origin = CGPoint(x: (size.width - drawn.width) / 2, y: (size.height - drawn.height) / 2)
    context.draw(image, in: CGRect(origin: origin, size: drawn))
    return buffer
}

do {
    try? FileManager.default.removeItem(at: outputURL)
    let writer = try AVAssetWriter(outputURL: outputURL, fileType: .mov)
    let settings: [String: Any] = [
        AVVideoCodecKey: AVVideoCodecType.h264,
        AVVideoWidthKey: NSNumber(value: Float(size.width)),
        AVVideoHeightKey: NSNumber(value: Float(size.height)),
    ]
    let input = AVAssetWriterInput(mediaType: .video, outputSettings: settings)
    let adaptor = AVAssetWriterInputPixelBufferAdaptor(assetWriterInput: input, sourcePixelBufferAttributes: [
        kCVPixelBufferPixelFormatTypeKey as String: NSNumber(value: kCVPixelFormatType_32ARGB),
        kCVPixelBufferWidthKey as String: NSNumber(value: Float(size.width)),
        kCVPixelBufferHeightKey as String: NSNumber(value: Float(size.height)),
    ])
    writer.add(input)
    writer.startWriting()
    writer.startSession(atSourceTime: .zero)

    var frameCount: Int64 = 0
    for url in imageURLs {
        guard let image = loadImage(url), let buffer = pixelBuffer(from: image, size: size) else {
            print("cannot read \(url.lastPathComponent)")
            exit(1)
        }
        while !input.isReadyForMoreMediaData {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let time = CMTimeMake(value: frameCount * Int64(secondsPerImage), timescale: 1)
        if !adaptor.append(buffer, withPresentationTime: time) {
            print("append failed: \(String(describing: writer.error))")
            exit(1)
        }
        frameCount += 1
    }
    input.markAsFinished()
    writer.endSession(atSourceTime: CMTimeMake(value: frameCount * Int64(secondsPerImage), timescale: 1))
    let semaphore = DispatchSemaphore(value: 0)
    writer.finishWriting { semaphore.signal() }
    semaphore.wait()
    guard writer.status == .completed else {
        print("failed: \(String(describing: writer.error))")
        exit(1)
    }
    print("wrote \(frameCount) images, \(frameCount * Int64(secondsPerImage)) s")
} catch {
    print("failed: \(error.localizedDescription)")
    exit(1)
}
