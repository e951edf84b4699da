internal import CFFmpeg

/// Hands out every heap allocation zeroed, as a fresh process's pages are (glibc's `M_PERTURB`), from the first
/// encoder on.
///
/// libx264 reads memory it never wrote (seen at frame widths that are not a multiple of 64, with every picture it was
/// given fully initialised): whatever an earlier allocation of the process left there changed an output's bytes,
/// so the third render of a batch could differ from the same render alone. Zeroed allocations make what it reads the
/// same on every run. The cost is a memset per allocation (no measurable time next to encoding) and the pages it
/// touches: about 60 MB more peak memory for a 1080x1080 x264 render (memory that was allocated but never written).
/// Off glibc this does nothing.
enum HeapDeterminism {
    /// Whether allocations are zeroed; the first use switches it on.
    static let isEnabled: Bool = {
        mb_zero_new_allocations() == 1
    }()
}
