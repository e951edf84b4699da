internal import CFFmpeg

/// A SHA-256 digest computed by libavutil (`av_sha`), for naming and checking files of encoded data quickly.
public final class Digest {
    /// The owned hashing context, freed with `av_free`.
    private let context: OpaquePointer

    /// A fresh SHA-256 digest.
    public init() throws(LibAVError) {
        context = try checkAllocation(av_sha_alloc(), "av_sha_alloc", .allocate("a SHA-256 context"))
        _ = av_sha_init(context, 256)
    }

    deinit {
        av_free(UnsafeMutableRawPointer(context))
    }

    /// Adds `bytes`.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        av_sha_update(context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// Adds `bytes`.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32 bytes of the digest; the context is spent afterwards.
    public func finish() -> [UInt8] {
        var result = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &result)
        return result
    }

    /// The SHA-256 of `bytes` as 64 lowercase hex digits.
    public static func hex(of bytes: [UInt8]) throws(LibAVError) -> String {
        let digest = try Digest()
        digest.update(bytes)
        return digest.finish().map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}
