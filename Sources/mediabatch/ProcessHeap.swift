internal import CProcessHeap

/// How the mediabatch process sets its heap up, once, at start-up, before any thread starts. Each switch is the
/// process's (glibc's `mallopt`, Linux's `prctl`) and changes where memory is, never what a render writes; the
/// libraries (LibAV, Render, OpenAVFoundation) never set them, so a host program keeps its own. The memory estimates
/// of `--max-memory` were fitted with them on. Off glibc and Linux the switches do nothing.
///
/// - **Fresh pages for large allocations** (64 KiB and up: picture buffers, encoder state) where the heap has no free
///   chunk for them: a fixed mmap threshold gives the pages back on free, so an export that opens an encoder session
///   per segment does not keep every session's memory.
/// - **No transparent huge pages.** libx264 rounds each allocation of 1.75 MB or more (every one of its frames) up to
///   a multiple of 2 MB and asks for huge pages there (`madvise(MADV_HUGEPAGE)`); a huge page is resident whole once
///   one byte of it is touched, so each frame's rounding and never-written parts would count too. The switch
///   (`PR_SET_THP_DISABLE`) is inherited by child processes and kept across `exec`.
/// - **Two malloc arenas.** glibc gives threads arenas of their own, up to eight per core; a render runs a dozen
///   threads (lanes, codec threads, audio), whose small allocations would spread over as many partly used arenas.
enum ProcessHeap {
    /// The arenas small allocations share.
    static let arenas: Int32 = 2
    /// The size from which allocations get pages of their own.
    static let largeAllocation: Int32 = 64 * 1024

    /// Sets the switches; returns whether all of them took effect (false off glibc and Linux).
    @discardableResult
    static func configure() -> Bool {
        let hugePagesOff = mb_disable_transparent_huge_pages() == 1
        let mallocConfigured = mb_configure_malloc(arenas, largeAllocation) == 1
        return hugePagesOff && mallocConfigured
    }
}
