// The process's memalign: glibc's, with recycled memory zeroed before it is handed out.
//
// libx264 allocates its pictures and state through memalign (libx265 too), and some of what it reads from that
// memory it never wrote: with memory filled with other bytes before each allocation, one capped 192x108 H.264
// output came out differently for every fill. Fresh pages from the system are zero, but glibc also serves large
// requests from chunks freed earlier and from the top of the heap, and which ones depends on what the other threads
// of the process allocated and freed: an encoder session running beside other work then wrote other bytes than the
// same session alone. This definition lives in the executable, which exports it (Package.swift), so the dynamic
// linker binds the codecs' calls to it. A chunk glibc maps on its own is fresh and is not touched again, so its
// untouched pages stay unresident; a recycled one is zeroed.
#include "CHeap.h"

#include <stddef.h>
#include <string.h>

#if defined(__GLIBC__)

extern void *__libc_memalign(size_t alignment, size_t size);

/// glibc's chunk header flag for a chunk mapped on its own (the word before the memory holds the chunk's size and
/// its flags).
static const size_t mb_chunk_is_mapped = 0x2;

void *memalign(size_t alignment, size_t size) {
    void *memory = __libc_memalign(alignment, size);
    if (memory != NULL && (((const size_t *)memory)[-1] & mb_chunk_is_mapped) == 0) {
        memset(memory, 0, size);
    }
    return memory;
}

int mb_aligned_allocations_are_zeroed(void) { return 1; }

#else

int mb_aligned_allocations_are_zeroed(void) { return 0; }

#endif
