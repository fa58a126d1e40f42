#include "AllocatorTuning.h"

// Any C library header defines __GLIBC__ where the C library is glibc.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void trackbench_keep_freed_memory(void) {
#if defined(__GLIBC__)
    // Both together: setting either alone turns off glibc's own raising of the mapping threshold, which is slower.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}
