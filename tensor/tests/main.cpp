#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#if defined(KT_SANITIZED)
// Note [allocation stacks under AddressSanitizer]
// ASan records the stack of every allocation (malloc_context_size frames, 30 by default) in a
// depot of unique stacks that is never emptied. A program that runs whole learners in process (a
// kata's doubles test: every detector on every pair of slips) makes millions of distinct 30-frame
// stacks, and the depot's lookups came to take two thirds of its time: softmax's doubles test ran
// 101 s under the sanitizers (2.3 s without), gqa's and mha's hit ctest's 600 s limit. With 8
// frames it runs 17 s (6 frames: 15 s, 10 frames: 34 s). A bad access is still reported with its
// whole stack; the stacks of where the memory was allocated and freed (all a leak report has) show
// their 8 innermost frames. Options set in ASAN_OPTIONS (.ci/run) are read after these and win.
extern "C" const char* __asan_default_options();
extern "C" const char* __asan_default_options() { return "malloc_context_size=8"; }
#endif
