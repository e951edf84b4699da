internal import CASS
import Foundation

/// A libass library instance (`ASS_Library`, freed with `ass_library_done`); its log messages go to `LibAVLog`.
///
/// Make one per export: tracks and renderers keep their library alive. Not for use from two threads at once.
public final class ASSLibrary: @unchecked Sendable {
    /// The owned library.
    let pointer: OpaquePointer

    /// Initialises libass and routes its errors and warnings to `LibAVLog` (component `libass`).
    public init() throws(LibAVError) {
        pointer = try checkAllocation(ass_library_init(), "ass_library_init", .allocate("a libass library"))
        ass_set_message_cb(pointer, { level, format, arguments, _ in
            ASSLibrary.log(level: level, format: format, arguments: arguments)
        }, nil)
    }

    deinit {
        ass_library_done(pointer)
    }

    /// Hands libass a font file's bytes (libass copies them; `name` labels it in libass's messages). Renderers made
    /// afterwards select its faces by family or full name, ahead of fontconfig's fonts.
    public func addFont(named name: String, data: [UInt8]) {
        data.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                ass_add_font(pointer, name, chars.baseAddress, Int32(clamping: chars.count))
            }
        }
    }

    /// libass levels: 0 fatal, 1 error, 2 warning, 4 info, 6-7 verbose and debug; only 0-2 are kept.
    private static func log(level: Int32, format: UnsafePointer<CChar>?, arguments: CVaListPointer?) {
        guard level <= 2, let format, let arguments else { return }
        let text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buffer -> String in
            _ = vsnprintf(buffer.baseAddress, buffer.count, format, arguments)
            return String(cString: buffer.baseAddress!)
        }
        let message = LibAVLog.split(text).message
        guard !message.isEmpty else { return }
        LibAVLog.record(level: level <= 1 ? .error : .warning, component: "libass", message: message)
    }
}
