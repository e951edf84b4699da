@testable import MediaBatch
import Render
import Testing

/// How an export's error reads in the report: at its stage, naming the file the user knows.
struct JobFailureTextTests {
    static let final = "/out/big.mp4"
    static let temporary = "/out/.big.partial-41-7.mp4"

    @Test(arguments: [
        (ExportError.mux(path: temporary, reason: "No space left on device (av_interleaved_write_frame)"),
         "mux: '/out/big.mp4': No space left on device (av_interleaved_write_frame)", true),
        (.decode(path: "/media/a.mp4", reason: "invalid data"), "decode: '/media/a.mp4': invalid data", false),
        (.encode(path: nil, reason: "x264 refused the settings"), "encode: x264 refused the settings", false),
        (.setup(reason: "no video track"), "load: no video track", false),
    ])
    func failuresNameTheOutputNotItsTemporaryFile(error: ExportError, text: String, transient: Bool) {
        let failure = BatchRunner.failure(error, writing: Self.final, through: Self.temporary)
        #expect(failure.description == text)
        #expect(failure.isTransient == transient)
    }
}
