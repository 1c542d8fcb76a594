// libFuzzer's entry for programs that keep their own main (compiler-rt, LLVM 13+): runs the
// fuzzing loop over the command line's corpus folders and -flags, calling `callback` per input.
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
