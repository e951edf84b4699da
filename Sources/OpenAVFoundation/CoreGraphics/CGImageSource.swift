import Foundation
import Render

/// A CoreFoundation URL, as ImageIO takes one (`url as CFURL`).
public typealias CFURL = NSURL

/// An image file opened for reading, as ImageIO's image source: PNG, JPEG and the other still formats libavformat
/// reads; its first picture is decoded when asked for.
public final class CGImageSource: Sendable {
    /// The file.
    let url: URL

    init(url: URL) {
        self.url = url
    }
}

/// An image source for the file at `url`; nil when it is not a local file that libavformat reads.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    let file = url as URL
    guard file.isFileURL, FileManager.default.isReadableFile(atPath: file.path) else { return nil }
    return CGImageSource(url: file)
}

/// The number of images in `isrc`: 1 here.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { 1 }

/// Image `index` of `isrc` (only 0), decoded; nil when it cannot be.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index == 0 else { return nil }
    return (try? Picture(contentsOf: isrc.url.path)).map { CGImage($0, file: isrc.url) }
}

/// A CoreFoundation boolean, as attribute dictionaries hold them.
public typealias CFBoolean = NSNumber
/// True, as a CoreFoundation boolean.
public let kCFBooleanTrue: CFBoolean = true
/// False, as a CoreFoundation boolean.
public let kCFBooleanFalse: CFBoolean = false
