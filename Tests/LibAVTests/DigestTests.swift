import LibAV
import Testing

/// The project's SHA-256 (libavutil's, behind `Digest`), against FIPS 180-4 test vectors, fed whole and in pieces.
struct DigestTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func hashesTestVectors(text: String, digest: String) {
        #expect(Digest.hex(of: Array(text.utf8)) == digest)
        let pieces = Digest()
        for byte in text.utf8 { pieces.update([byte]) }
        #expect(pieces.finishHex() == digest)
    }

    @Test func millionAs() {
        let digest = Digest()
        for _ in 0..<10 { digest.update([UInt8](repeating: UInt8(ascii: "a"), count: 100_000)) }
        #expect(digest.finishHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
