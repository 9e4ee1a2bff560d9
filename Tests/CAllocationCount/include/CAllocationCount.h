// Counting the malloc calls of one thread, for the tests' allocation budgets.
#ifndef CALLOCATIONCOUNT_H
#define CALLOCATIONCOUNT_H

/// Starts counting the calling thread's malloc calls, from zero.
void CAllocationCount_start(void);

/// Stops counting and returns the calling thread's malloc calls since `CAllocationCount_start`,
/// or -1 when this process's malloc is not the counting one (nothing could be counted).
long CAllocationCount_stop(void);

#endif
