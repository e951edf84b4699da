internal import CFFmpeg

/// A SHA-256 digest computed by libavutil (`av_sha`): the one SHA-256 of the project, for naming and checking files
/// of encoded data, fingerprints and cache entries.
public final class Digest {
    /// The hashing context, `av_sha_size` bytes this object allocates and frees.
    private let context: UnsafeMutableRawPointer

    /// A fresh SHA-256 digest.
    public init() {
        context = UnsafeMutableRawPointer.allocate(byteCount: Int(av_sha_size), alignment: 16)
        _ = av_sha_init(OpaquePointer(context), 256)
    }

    deinit {
        context.deallocate()
    }

    /// Adds `bytes`.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        av_sha_update(OpaquePointer(context), base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// Adds `bytes`.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32 bytes of the digest; the context is spent afterwards.
    public func finish() -> [UInt8] {
        var result = [UInt8](repeating: 0, count: 32)
        av_sha_final(OpaquePointer(context), &result)
        return result
    }

    /// The digest as 64 lowercase hex digits; the context is spent afterwards.
    public func finishHex() -> String {
        finish().map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    public static func hex(of bytes: [UInt8]) -> String {
        let digest = Digest()
        digest.update(bytes)
        return digest.finishHex()
    }
}
