#ifndef C_PROCESS_HEAP_H
#define C_PROCESS_HEAP_H

/// Turns transparent huge pages off for this process and its children, including for memory a library asks huge
/// pages for with madvise; returns 1 when the kernel then reports them off, 0 where it has no such switch.
int mb_disable_transparent_huge_pages(void);

/// Has glibc's small allocations share at most `arenas` arenas, however many threads allocate, and map fresh pages
/// for each later allocation of `large_allocation` bytes or more that no free chunk of the heap holds (a fixed mmap
/// threshold, which also returns them to the system on free); returns 1 when both are done, 0 off glibc.
int mb_configure_malloc(int arenas, int large_allocation);

#endif
