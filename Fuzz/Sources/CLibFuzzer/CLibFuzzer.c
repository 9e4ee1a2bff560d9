// The fuzz executables' entry points. SwiftPM links an executable's main to `<Target>_main`, and
// with -sanitize=fuzzer swiftc renames a Swift entry point to LLVMFuzzerTestOneInput, so the
// entry points are C: each starts libFuzzer's driver on the executable's LLVMFuzzerTestOneInput
// (the Swift target's @_cdecl function). Every executable links all five; it uses its own.
//
// Built without -sanitize=fuzzer (scripts/valgrind), libFuzzer is not linked and its driver,
// declared weak, is null: the executable is then a plain replayer that runs every file named on
// the command line, or found in a folder named there, through LLVMFuzzerTestOneInput once, so
// that valgrind can watch the target's code and the C libraries it calls without ASan.
#include "CLibFuzzer.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// Runs one file through the target; returns 0, or 1 when it cannot be read.
static int replayFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) {
    fprintf(stderr, "replay: cannot open %s\n", path);
    return 1;
  }
  size_t capacity = 4096, size = 0;
  uint8_t *data = malloc(capacity);
  size_t n;
  while (data && (n = fread(data + size, 1, capacity - size, file)) > 0) {
    size += n;
    if (size == capacity) {
      capacity *= 2;
      uint8_t *grown = realloc(data, capacity);
      if (!grown) free(data);
      data = grown;
    }
  }
  fclose(file);
  if (!data) {
    fprintf(stderr, "replay: out of memory reading %s\n", path);
    return 1;
  }
  LLVMFuzzerTestOneInput(data, size);
  free(data);
  return 0;
}

static int compareNames(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/// Runs every regular file of a folder (not recursing), in name order; adds to *count.
static int replayFolder(const char *path, int *count) {
  DIR *dir = opendir(path);
  if (!dir) {
    fprintf(stderr, "replay: cannot open folder %s\n", path);
    return 1;
  }
  char **names = NULL;
  size_t used = 0, capacity = 0;
  struct dirent *entry;
  while ((entry = readdir(dir))) {
    if (entry->d_name[0] == '.') continue;
    if (used == capacity) {
      capacity = capacity ? capacity * 2 : 64;
      char **grown = realloc(names, capacity * sizeof *names);
      if (!grown) break;
      names = grown;
    }
    names[used++] = strdup(entry->d_name);
  }
  closedir(dir);
  qsort(names, used, sizeof *names, compareNames);
  int failed = 0;
  for (size_t i = 0; i < used; i++) {
    char file[4096];
    snprintf(file, sizeof file, "%s/%s", path, names[i]);
    struct stat info;
    if (stat(file, &info) == 0 && S_ISREG(info.st_mode)) {
      failed |= replayFile(file);
      *count += 1;
    }
    free(names[i]);
  }
  free(names);
  return failed;
}

/// The replayer: arguments starting with '-' (libFuzzer's options) are ignored.
static int replay(int argc, char **argv) {
  int failed = 0, count = 0;
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-') continue;
    struct stat info;
    if (stat(argv[i], &info) != 0) {
      fprintf(stderr, "replay: no such file or folder: %s\n", argv[i]);
      failed = 1;
    } else if (S_ISDIR(info.st_mode)) {
      failed |= replayFolder(argv[i], &count);
    } else {
      failed |= replayFile(argv[i]);
      count += 1;
    }
  }
  fprintf(stderr, "replay: %d input(s)\n", count);
  return failed;
}

static int run(int argc, char **argv) {
  if (LLVMFuzzerRunDriver) return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
  return replay(argc, argv);
}

int FuzzFontLoading_main(int argc, char **argv) { return run(argc, argv); }
int FuzzTextMeasurement_main(int argc, char **argv) { return run(argc, argv); }
int FuzzLayoutSpec_main(int argc, char **argv) { return run(argc, argv); }
int FuzzFlowGeometry_main(int argc, char **argv) { return run(argc, argv); }
int FuzzBatchUpdates_main(int argc, char **argv) { return run(argc, argv); }
