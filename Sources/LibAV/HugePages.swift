internal import CFFmpeg

/// Keeps encoders' memory on ordinary pages: transparent huge pages are switched off for the process before the first
/// encoder allocates.
///
/// libx264 rounds each allocation of 1.75 MB or more (every one of its frames is one) up to a multiple of 2 MB and asks
/// the kernel for huge pages there (`madvise(MADV_HUGEPAGE)`, honoured on systems set to `madvise` or `always`). A huge
/// page is resident whole as soon as one byte of it is touched, so every frame's rounding and never-written parts count
/// too. Measured on the 1080x1080 render benchmark (two x264 sessions at once), alternating the two: 339-344 MB peak
/// with huge pages, 313-319 MB without, in the same time (16.3-17.3 s against 15.7-17.9 s). The switch is the process's
/// (`prctl(PR_SET_THP_DISABLE)`, inherited by child processes and kept across `exec`); it changes where memory is,
/// never what it holds. Off Linux this does nothing.
enum HugePages {
    /// Whether huge pages are off for the process; the first use switches them off.
    static let areOff: Bool = {
        mb_disable_transparent_huge_pages() == 1
    }()
}
