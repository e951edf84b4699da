internal import CFFmpeg
internal import CHeap

/// How the process's heap is set up for encoders, once, before the first input or encoder is opened. Each switch is
/// the process's (glibc's `mallopt`, Linux's `prctl`) and changes where memory is, never what a render writes. Off
/// glibc and Linux the switches do nothing.
///
/// - **Zeroed memory for the codecs.** libx264 reads memory it never wrote (seen at frame widths that are not a
///   multiple of 64, and on a capped 192x108 output, with every picture it was given fully initialised): whatever an
///   earlier allocation of the process left there changed an output's bytes, so a render beside others could differ
///   from the same render alone. It allocates through `memalign` (as libx265 does, which gets the same), which the
///   executable defines itself (`AlignedZeroing.c` in CHeap): recycled memory is zeroed, fresh pages are zero
///   already. Zeroing every allocation instead (glibc's `M_PERTURB`) cost about 120 MB of peak memory on a
///   1080x1080 render with three sessions, zeroing every `memalign` 25 MB on the render benchmark; zeroing only
///   recycled chunks costs nothing measurable.
/// - **Fresh pages for large allocations** (64 KiB and up: picture buffers, encoder state) where the heap has no
///   free chunk for them: a fixed mmap threshold gives the pages back on free, so an export that opens an encoder
///   session per segment does not keep every session's memory.
/// - **No transparent huge pages.** libx264 rounds each allocation of 1.75 MB or more (every one of its frames is one)
///   up to a multiple of 2 MB and asks for huge pages there (`madvise(MADV_HUGEPAGE)`, honoured on systems set to
///   `madvise` or `always`); a huge page is resident whole once one byte of it is touched, so each frame's rounding
///   and never-written parts counted too. Measured on the 1080x1080 render benchmark (two x264 sessions at once),
///   alternating: 339-344 MB peak with huge pages, 313-319 MB without, in the same time (16.3-17.3 s against
///   15.7-17.9 s). The switch (`PR_SET_THP_DISABLE`) is inherited by child processes and kept across `exec`.
/// - **Two malloc arenas.** glibc gives threads arenas of their own, up to eight per core; a render runs a dozen
///   threads (lanes, codec threads, audio), whose small allocations then spread over as many partly used arenas.
///   Measured on the same benchmark: about 9 MB less at its peak with one or two arenas, in the same time.
enum ProcessHeap {
    /// The arenas small allocations share.
    static let arenas: Int32 = 2

    /// Whether the switches are set (the codecs' memory zeroed, large allocations from fresh pages); the first use
    /// sets them.
    static let isConfigured: Bool = {
        _ = mb_disable_transparent_huge_pages()
        _ = mb_limit_heap_arenas(arenas)
        return mb_map_large_allocations() == 1 && mb_aligned_allocations_are_zeroed() == 1
    }()
}
