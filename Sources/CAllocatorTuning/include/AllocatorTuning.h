#ifndef TRACKBENCH_ALLOCATOR_TUNING_H
#define TRACKBENCH_ALLOCATOR_TUNING_H

/// Asks the C allocator to keep memory a run frees, for the next scenario to reuse.
///
/// A run allocates and frees arrays of a few hundred kilobytes per scenario and filter (delivered fixes, estimates,
/// a smoother's history). glibc maps such blocks afresh and returns freed memory to the system, so every scenario
/// faulted its pages in again: a tenth of the CPU time of 30 seeds was the kernel's. This keeps blocks of up to
/// 32 MiB on the heap and freed memory in the process (up to 512 MiB). Does nothing where the C library is not
/// glibc (macOS's allocator keeps freed memory already).
void trackbench_keep_freed_memory(void);

#endif
