// renameat2(2) (glibc 2.28, Linux 3.15), which Swift's Glibc module leaves out: glibc declares
// it only for _GNU_SOURCE. RENAME_EXCHANGE swaps two names atomically, so that the pages an
// AtomicFileGroup has put in place can be swapped back when a later page cannot be.
#include <fcntl.h>

extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
                     unsigned int flags);

static const unsigned int textflow_rename_exchange = 1U << 1;
