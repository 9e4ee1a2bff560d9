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
// Objects are told apart by address; `free` is watched too, so that an object freed during the
// run is added to its type's total and its address counts as a new object when it is reused.
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
enum { typeSlots = 1 << 12 };
static void *types[typeSlots];
static uint64_t typeCounts[typeSlots];
static uint64_t typeObjects[typeSlots];
static void *const retired = (void *)1;
static __thread int inCensus;
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

// The slot of `key` in an open-addressed table of `slots` keys (a power of two): its own, or the
// empty one where it goes (a retired object's slot is passed over).
static uint64_t probe(void *const *keys, uint64_t slots, const void *key) {
  for (uint64_t slot = ((uint64_t)key * 0x9E3779B97F4A7C15ull) >> 40;; slot++) {
    slot &= slots - 1;
    if (keys[slot] == key || !keys[slot]) return slot;
  }
}

static void countSite(void *site) {
  uint64_t slot = probe(sites, siteSlots, site);
  sites[slot] = site;
  siteCounts[slot]++;
}

static void count(void *object, void *site) {
  if (!object) return;
  pthread_mutex_lock(&lock);
  inCensus = 1;
  if (!started) {
    watchedType = getenv("RETAIN_CENSUS_TYPE");
    if (watchedType && !*watchedType) watchedType = NULL;
    started = 1;
  }
  uint64_t slot = probe(objects, objectSlots, object);
  if (!objects[slot]) {
    // The type is read while the object is alive (at its first count).
    objects[slot] = object;
    objectTypes[slot] = *(void **)object;
    objectWatched[slot] = watchedType && nameContains(objectTypes[slot], watchedType);
  }
  objectCounts[slot]++;
  if (objectWatched[slot]) countSite(site);
  inCensus = 0;
  pthread_mutex_unlock(&lock);
}

// Moves a freed object's count to its type's total and retires its slot.
static void retire(void *object) {
  pthread_mutex_lock(&lock);
  uint64_t slot = probe(objects, objectSlots, object);
  if (objects[slot]) {
    uint64_t typeSlot = probe(types, typeSlots, objectTypes[slot]);
    types[typeSlot] = objectTypes[slot];
    typeCounts[typeSlot] += objectCounts[slot];
    typeObjects[typeSlot]++;
    objects[slot] = retired;
    objectCounts[slot] = 0;
  }
  pthread_mutex_unlock(&lock);
}

extern void __libc_free(void *);

void free(void *pointer) {
  // Not while counting: the runtime may free memory while it names a type.
  if (pointer && !inCensus) retire(pointer);
  __libc_free(pointer);
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
  for (long slot = 0; slot < typeSlots; slot++) total += typeCounts[slot];
  fprintf(stderr, "retain-census: %llu retains and releases\n", (unsigned long long)total);
  inCensus = 1;
  for (int rank = 0; rank < 15; rank++) {
    long slot = takeLargest(objectCounts, objectSlots);
    if (slot < 0) break;
    TypeName name = typeName(objectTypes[slot]);
    fprintf(
      stderr, "retain-census: object %12llu  %.*s (alive at exit)\n",
      (unsigned long long)objectCounts[slot], (int)name.length, name.data);
    objectCounts[slot] = 0;
  }
  for (int rank = 0; rank < 15; rank++) {
    long slot = takeLargest(typeCounts, typeSlots);
    if (slot < 0) break;
    TypeName name = typeName(types[slot]);
    fprintf(
      stderr, "retain-census: freed  %12llu  %.*s (%llu objects)\n",
      (unsigned long long)typeCounts[slot], (int)name.length, name.data,
      (unsigned long long)typeObjects[slot]);
    typeCounts[slot] = 0;
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
