// The test executable's own `malloc`: it counts the calls the counting thread makes and hands
// each to the next `malloc` in the lookup order (glibc's, or a sanitizer's when one is loaded),
// so that every allocation is still made and freed by the allocator it always was. Only malloc
// is counted: Swift allocates every object, array and string buffer with it (aligned objects
// aside); calloc and realloc pass by untouched.
#define _GNU_SOURCE
#include "CAllocationCount.h"

#include <dlfcn.h>
#include <stddef.h>

typedef void *(*MallocFunction)(size_t);

static MallocFunction nextMalloc;
static volatile int overrideRan;
static __thread int counting __attribute__((tls_model("initial-exec")));
static __thread long counted __attribute__((tls_model("initial-exec")));
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
  if (counting) counted += 1;
  return nextMalloc(size);
}

void CAllocationCount_start(void) {
  counted = 0;
  counting = 1;
}

long CAllocationCount_stop(void) {
  counting = 0;
  return overrideRan ? counted : -1;
}
