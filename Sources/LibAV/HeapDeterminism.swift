internal import CFFmpeg

/// Serves every large heap allocation (64 KiB and up: picture buffers, encoder state) from fresh pages, which the
/// system hands out zeroed, from the first encoder on.
///
/// libx264 reads memory it never wrote (seen at frame widths that are not a multiple of 64, with every picture it was
/// given fully initialised): whatever an earlier allocation of the process left there changed an output's bytes,
/// so the third render of a batch could differ from the same render alone. Fresh pages make what it reads the same
/// on every run. A fixed mmap threshold also gives the pages back on free, so an export that opens an encoder session
/// per segment does not keep every session's memory; zeroing every allocation instead (glibc's `M_PERTURB`) cost about
/// 120 MB of peak memory on a 1080x1080 render with three sessions. Off glibc this does nothing.
enum HeapDeterminism {
    /// Whether large allocations come from fresh pages; the first use switches it on.
    static let isEnabled: Bool = {
        mb_zero_new_allocations() == 1
    }()
}
