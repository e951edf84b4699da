internal import CCrypto

/// OpenSSL, which hashes cache keys and source files (LibAV's `Digest`), stays set up until the process ends. Its
/// own clean-up at exit would free what a digest still running on another thread is using (the build's digest is
/// read while the manifests load), and a run that stopped early, on invalid manifests, crashed so in about one run
/// of ten. It is a switch of the whole process, so the executable sets it and the libraries never do.
enum CryptoLibrary {
    /// Turns OpenSSL's clean-up at exit off; call before any thread starts.
    static func keepUntilExit() {
        _ = OPENSSL_init_crypto(UInt64(OPENSSL_INIT_NO_ATEXIT), nil)
    }
}
