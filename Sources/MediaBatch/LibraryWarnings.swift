import LibAV

/// The media libraries' own warnings (libav*, libass), which mediabatch keeps quiet unless asked (`--verbose`).
public enum LibraryWarnings {
    /// Sends every library warning and error line to `handler` as text, `[component] message`.
    public static func forward(to handler: @escaping @Sendable (String) -> Void) {
        LibAVLog.install()
        LibAVLog.setHandler { line in handler(line.description) }
    }
}
