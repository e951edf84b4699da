// The process-wide heap switches of the mediabatch executable (Sources/mediabatch/ProcessHeap.swift says why).
// Only the executable links this target: the libraries never change a host process's allocator.
#include "CProcessHeap.h"

#if defined(__linux__)
#include <sys/prctl.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int mb_disable_transparent_huge_pages(void) {
#if defined(__linux__) && defined(PR_SET_THP_DISABLE)
    return prctl(PR_SET_THP_DISABLE, 1UL, 0UL, 0UL, 0UL) == 0 ? 1 : 0;
#else
    return 0;
#endif
}

int mb_transparent_huge_pages_are_disabled(void) {
#if defined(__linux__) && defined(PR_GET_THP_DISABLE)
    return prctl(PR_GET_THP_DISABLE, 0UL, 0UL, 0UL, 0UL) == 1 ? 1 : 0;
#else
    return 0;
#endif
}

int mb_limit_heap_arenas(int count) {
#if defined(__GLIBC__)
    return mallopt(M_ARENA_MAX, count);
#else
    (void)count;
    return 0;
#endif
}

int mb_map_large_allocations(int bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}
