#ifndef C_PROCESS_HEAP_H
#define C_PROCESS_HEAP_H

/// Turns transparent huge pages off for this process and its children, including for memory a library asks huge
/// pages for with madvise; returns 1 when done, 0 where the kernel or system has no such switch.
int mb_disable_transparent_huge_pages(void);

/// Has glibc's small allocations share at most `count` arenas, however many threads allocate; returns 1 when done,
/// 0 off glibc.
int mb_limit_heap_arenas(int count);

/// Has glibc map fresh pages for each later allocation of `bytes` or more that no free chunk of the heap holds (a
/// fixed mmap threshold, which also returns them to the system on free); returns 1 when done, 0 off glibc.
int mb_map_large_allocations(int bytes);

/// 1 when this process's transparent huge pages are off (prctl's PR_GET_THP_DISABLE), 0 otherwise or unknown.
int mb_transparent_huge_pages_are_disabled(void);

#endif
