// Declarations only: LLVMFuzzerRunDriver is linked from libclang_rt.fuzzer (-sanitize=fuzzer).
#include "CFuzzer.h"
