// Counting the malloc calls of one thread, for the tests' allocation budgets.
#ifndef CALLOCATIONCOUNT_H
#define CALLOCATIONCOUNT_H

/// 1 when this build has the counting malloc, 0 in a sanitized build (the sanitizer's runtime
/// owns malloc there).
int CAllocationCount_isAvailable(void);

/// Starts counting the calling thread's malloc calls, from zero.
void CAllocationCount_start(void);

/// Stops counting and returns the calling thread's malloc calls since `CAllocationCount_start`,
/// or -1 when this process's malloc is not the counting one (nothing could be counted).
long CAllocationCount_stop(void);

/// The bytes the calling thread's malloc calls asked for between the last
/// `CAllocationCount_start` and `CAllocationCount_stop`, or -1 as `CAllocationCount_stop`.
long CAllocationCount_bytes(void);

#endif
