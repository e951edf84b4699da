#ifndef MEDIABATCH_CHEAP_H
#define MEDIABATCH_CHEAP_H

/// 1 when this process's `memalign` hands out zeroed memory (see AlignedZeroing.c), 0 where it is the C library's own.
int mb_aligned_allocations_are_zeroed(void);

#endif
