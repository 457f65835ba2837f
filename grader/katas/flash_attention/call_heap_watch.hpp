// Note [heap watch]
// The runtime's allocation accounting sees kt tensors only. A learner who writes the loops over
// raw pointers can still build the (T x T) scores in a std::vector<double>: the flash_attention
// learner's process replaces the global operator new (call_heap_watch.cpp; this kata's learner's
// process only) to record the largest block allocated while a watch is on. kt's storage uses the
// aligned operator new, which is not replaced: tensors are the accounting's, plain heap blocks the
// watch's. Memory taken with malloc directly is not seen by either, and both are the learner's
// process's own report: the kernel's count of its peak memory is what no submission can change
// (Note [flash_attention memory, as the kernel counts it] in checks.cpp).
#pragma once

#include <cstddef>

namespace grader::kata_flash_attention {

/// Starts recording the largest block the global operator new hands out (process-wide).
void heap_watch_start();
/// Stops recording; the largest block since heap_watch_start, in bytes.
std::size_t heap_watch_stop();

}  // namespace grader::kata_flash_attention
