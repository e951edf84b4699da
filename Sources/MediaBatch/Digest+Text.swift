import Foundation
import LibAV

extension Digest {
    /// Adds a string's UTF-8 bytes and a NUL after them, so that the digests of two concatenations of strings differ
    /// wherever the strings do.
    func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
        update([0])
    }

    /// Adds `data`'s bytes.
    func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }
}
