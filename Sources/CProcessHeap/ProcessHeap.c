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
#if defined(__linux__) && defined(PR_SET_THP_DISABLE) && defined(PR_GET_THP_DISABLE)
    return prctl(PR_SET_THP_DISABLE, 1UL, 0UL, 0UL, 0UL) == 0 && prctl(PR_GET_THP_DISABLE, 0UL, 0UL, 0UL, 0UL) == 1;
#else
    return 0;
#endif
}

int mb_configure_malloc(int arenas, int large_allocation) {
#if defined(__GLIBC__)
    int limited = mallopt(M_ARENA_MAX, arenas);
    int mapped = mallopt(M_MMAP_THRESHOLD, large_allocation);
    return limited == 1 && mapped == 1 ? 1 : 0;
#else
    (void)arenas;
    (void)large_allocation;
    return 0;
#endif
}
