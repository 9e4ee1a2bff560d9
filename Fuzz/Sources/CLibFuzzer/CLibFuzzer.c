// The fuzz executables' entry points. SwiftPM links an executable's main to `<Target>_main`, and
// with -sanitize=fuzzer swiftc renames a Swift entry point to LLVMFuzzerTestOneInput, so the
// entry points are C: each starts libFuzzer's driver on the executable's LLVMFuzzerTestOneInput
// (the Swift target's @_cdecl function). Every executable links all five; it uses its own.
#include "CLibFuzzer.h"

extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run(int argc, char **argv) {
  return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

int FuzzFontLoading_main(int argc, char **argv) { return run(argc, argv); }
int FuzzTextMeasurement_main(int argc, char **argv) { return run(argc, argv); }
int FuzzLayoutSpec_main(int argc, char **argv) { return run(argc, argv); }
int FuzzFlowGeometry_main(int argc, char **argv) { return run(argc, argv); }
int FuzzBatchUpdates_main(int argc, char **argv) { return run(argc, argv); }
