// A census of Swift reference counting, preloaded into a process (scripts/retain-census): every
// swift_retain and swift_release the program calls through its PLT is counted per object, and
// at exit the objects with the most are listed with their types. With RETAIN_CENSUS_TYPE set,
// the call sites of the operations on objects whose type name contains it are counted too, and
// listed as module and offset for addr2line.
//
// Why: an uncontended retain-release pair costs some 20 ns, and on an object every thread uses
// (a font face, a shared cache) two cores writing its count make it several times that. The
// census shows which objects a workload retains, how often per item, and where.
//
// Objects are told apart by address, and frees are not seen: an object made and freed per item
// and the next one made at the same address count as one object, under the first one's type.
// Long-lived objects (faces, collections, caches: the ones worth watching) are counted exactly.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *data;
  uintptr_t length;
} TypeName;

enum { objectSlots = 1 << 22, siteSlots = 1 << 14 };
static void *objects[objectSlots];
static uint64_t objectCounts[objectSlots];
static void *objectTypes[objectSlots];
static char objectWatched[objectSlots];
static void *sites[siteSlots];
static uint64_t siteCounts[siteSlots];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const char *watchedType;
static int started;

static TypeName typeName(void *metadata) {
  static TypeName (*getTypeName)(void *, int);
  if (!getTypeName) getTypeName = (TypeName(*)(void *, int))dlsym(RTLD_DEFAULT, "swift_getTypeName");
  TypeName unknown = {"?", 1};
  if (!getTypeName || (uintptr_t)metadata < 4096) return unknown;
  return getTypeName(metadata, 1);
}

static int nameContains(void *metadata, const char *part) {
  TypeName name = typeName(metadata);
  char text[512];
  size_t length = name.length < sizeof text - 1 ? name.length : sizeof text - 1;
  memcpy(text, name.data, length);
  text[length] = 0;
  return strstr(text, part) != NULL;
}

static void countSite(void *site) {
  uint64_t slot = ((uint64_t)site * 0x9E3779B97F4A7C15ull) >> 50;
  for (;; slot++) {
    slot &= siteSlots - 1;
    if (sites[slot] == site) break;
    if (!sites[slot]) {
      sites[slot] = site;
      break;
    }
  }
  siteCounts[slot]++;
}

static void count(void *object, void *site) {
  if (!object) return;
  pthread_mutex_lock(&lock);
  if (!started) {
    watchedType = getenv("RETAIN_CENSUS_TYPE");
    started = 1;
  }
  uint64_t slot = ((uint64_t)object * 0x9E3779B97F4A7C15ull) >> 42;
  for (;; slot++) {
    slot &= objectSlots - 1;
    if (objects[slot] == object) break;
    if (!objects[slot]) {
      // The type is read while the object is alive (at its first count).
      objects[slot] = object;
      objectTypes[slot] = *(void **)object;
      objectWatched[slot] = watchedType && nameContains(objectTypes[slot], watchedType);
      break;
    }
  }
  objectCounts[slot]++;
  if (objectWatched[slot]) countSite(site);
  pthread_mutex_unlock(&lock);
}

void *swift_retain(void *object) {
  static void *(*next)(void *);
  if (!next) next = (void *(*)(void *))dlsym(RTLD_NEXT, "swift_retain");
  count(object, __builtin_return_address(0));
  return next(object);
}

void swift_release(void *object) {
  static void (*next)(void *);
  if (!next) next = (void (*)(void *))dlsym(RTLD_NEXT, "swift_release");
  count(object, __builtin_return_address(0));
  next(object);
}

// Index of the largest count not yet printed (its count is then cleared), or -1.
static long takeLargest(uint64_t *counts, long slots) {
  long best = -1;
  for (long slot = 0; slot < slots; slot++) {
    if (counts[slot] && (best < 0 || counts[slot] > counts[best])) best = slot;
  }
  return best;
}

__attribute__((destructor)) static void report(void) {
  uint64_t total = 0;
  for (long slot = 0; slot < objectSlots; slot++) total += objectCounts[slot];
  fprintf(stderr, "retain-census: %llu retains and releases\n", (unsigned long long)total);
  for (int rank = 0; rank < 20; rank++) {
    long slot = takeLargest(objectCounts, objectSlots);
    if (slot < 0) break;
    TypeName name = typeName(objectTypes[slot]);
    fprintf(
      stderr, "retain-census: object %12llu  %.*s\n", (unsigned long long)objectCounts[slot],
      (int)name.length, name.data);
    objectCounts[slot] = 0;
  }
  for (int rank = 0; rank < 30 && watchedType; rank++) {
    long slot = takeLargest(siteCounts, siteSlots);
    if (slot < 0) break;
    Dl_info info;
    // The return address minus one: inside the call instruction, for addr2line.
    char *address = (char *)sites[slot] - 1;
    if (dladdr(address, &info) && info.dli_fname) {
      fprintf(
        stderr, "retain-census: site %12llu  %s 0x%lx\n", (unsigned long long)siteCounts[slot],
        info.dli_fname, (unsigned long)(address - (char *)info.dli_fbase));
    }
    siteCounts[slot] = 0;
  }
}
