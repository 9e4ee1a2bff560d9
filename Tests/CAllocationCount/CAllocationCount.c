// The test executable's own `malloc`: it counts the calls the counting thread makes (and the
// bytes they ask for) and hands each to the next `malloc` in the lookup order (glibc's), so that
// every allocation is still made and freed by the allocator it always was. Only malloc is
// counted: Swift allocates every object, array and string buffer with it (aligned objects
// aside); calloc and realloc pass by untouched.
#define _GNU_SOURCE
#include "CAllocationCount.h"

#include <dlfcn.h>
#include <stddef.h>

// A sanitizer's runtime owns malloc (it replaces it to track every allocation); a second
// definition would take calls away from it, so sanitized builds count nothing.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define CALLOCATIONCOUNT_DISABLED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CALLOCATIONCOUNT_DISABLED 1
#endif

int CAllocationCount_isAvailable(void) {
#ifdef CALLOCATIONCOUNT_DISABLED
  return 0;
#else
  return 1;
#endif
}

static volatile int overrideRan;
static __thread int counting __attribute__((tls_model("initial-exec")));
static __thread long counted __attribute__((tls_model("initial-exec")));
static __thread long countedBytes __attribute__((tls_model("initial-exec")));

#ifndef CALLOCATIONCOUNT_DISABLED
typedef void *(*MallocFunction)(size_t);

static MallocFunction nextMalloc;
static __thread int resolving __attribute__((tls_model("initial-exec")));

// What a call made while the next malloc is being looked up gets (dlsym rarely allocates):
// never freed, as that memory belongs to the dynamic linker's own tables.
static _Alignas(16) char bootstrap[16384];
static size_t bootstrapUsed;

void *malloc(size_t size) {
  if (__builtin_expect(nextMalloc == NULL, 0)) {
    if (resolving) {
      size_t rounded = (size + 15) & ~(size_t)15;
      if (bootstrapUsed + rounded > sizeof bootstrap) return NULL;
      void *memory = bootstrap + bootstrapUsed;
      bootstrapUsed += rounded;
      return memory;
    }
    resolving = 1;
    nextMalloc = (MallocFunction)dlsym(RTLD_NEXT, "malloc");
    resolving = 0;
    if (nextMalloc == NULL) return NULL;
  }
  overrideRan = 1;
  if (counting) {
    counted += 1;
    countedBytes += (long)size;
  }
  return nextMalloc(size);
}
#endif

void CAllocationCount_start(void) {
  counted = 0;
  countedBytes = 0;
  counting = 1;
}

long CAllocationCount_stop(void) {
  counting = 0;
  return overrideRan ? counted : -1;
}

long CAllocationCount_bytes(void) { return overrideRan ? countedBytes : -1; }
