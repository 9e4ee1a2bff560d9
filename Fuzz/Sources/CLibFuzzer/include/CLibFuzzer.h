// libFuzzer's driver entry point (compiler-rt's FuzzerInterface.h), for Swift executables whose
// own main starts the fuzzer: SwiftPM links an executable's entry point as main, so libFuzzer's
// main cannot be used. Weak: without -sanitize=fuzzer it is null and the executables replay
// their inputs instead (CLibFuzzer.c).
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line's options on `callback`; returns the exit status.
__attribute__((weak)) int LLVMFuzzerRunDriver(int *argc, char ***argv,
                                              int (*callback)(const uint8_t *data, size_t size));

#endif
