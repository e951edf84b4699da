internal import CCrypto

/// A SHA-256 digest computed by OpenSSL's libcrypto (which uses the processor's SHA instructions where it has them):
/// the one SHA-256 of the project, for naming and checking files of encoded data, fingerprints, cache keys and the
/// contents of source files.
public final class Digest {
    /// The hashing context, freed with `EVP_MD_CTX_free`.
    private let context: OpaquePointer

    /// A fresh SHA-256 digest.
    public init() {
        // Only allocation can fail here, and running out of memory stops a Swift program anyway.
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("cannot set up a SHA-256 digest: out of memory")
        }
        self.context = context
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds `bytes`.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// Adds `bytes`.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32 bytes of the digest; the context is spent afterwards.
    public func finish() -> [UInt8] {
        var result = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &result, &length)
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
