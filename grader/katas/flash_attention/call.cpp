// How the flash_attention kata's learner's process calls the learner's code (Note [the learner's
// process] in grader/lib/remote.hpp): kata::flash_attention on the q, k, v it was sent, plainly or
// watched: kt's allocation accounting on during the call (its inputs made before, so only what the
// learner's code allocates counts, its result included) and, when asked, the heap watch (Note
// [heap watch] in call_heap_watch.hpp). Both figures are this process's own report.
#include "flash_attention.hpp"
#include "grader/katas/flash_attention/call_heap_watch.hpp"
#include "grader/learner/serve.hpp"

namespace grader::kata_flash_attention {
namespace {

struct Inputs {
  kt::Tensor q, k, v;
  bool causal = false;
  int64_t block = 1;
  bool watch_heap = false;
};

Inputs read_inputs(wire::Reader& in) {
  const std::vector<kt::Tensor> t = in.tensors();
  if (t.size() != 3)
    throw wire::Malformed("a flash case of " + std::to_string(t.size()) + " tensors");
  Inputs i{t[0], t[1], t[2]};
  i.causal = in.boolean();
  i.block = in.i64();
  i.watch_heap = in.boolean();
  return i;
}

const serve::Serve plain("flash_attention", [](wire::Reader& in, wire::Writer& out) {
  const Inputs i = read_inputs(in);
  out.run(call_learner([&] {
    serve::learner_code_starts({{"q", i.q}, {"k", i.k}, {"v", i.v}});
    return ::kata::flash_attention(i.q, i.k, i.v, i.causal, i.block);
  }));
});

const serve::Serve watched("flash_attention.watched", [](wire::Reader& in, wire::Writer& out) {
  const Inputs i = read_inputs(in);
  int64_t peak = 0, largest_heap_block = 0;
  const Run run = call_learner([&] {
    if (i.watch_heap) heap_watch_start();
    const int64_t before = kt::alloc_stats().live_bytes;
    kt::reset_alloc_stats();
    kt::set_alloc_tracking(true);
    struct Off {  // tracking ends however the call ends
      const int64_t before;
      const bool heap;
      int64_t& peak;
      int64_t& largest;
      ~Off() {
        kt::set_alloc_tracking(false);
        peak = kt::alloc_stats().peak_bytes - before;
        if (heap) largest = int64_t(heap_watch_stop());
      }
    } off{before, i.watch_heap, peak, largest_heap_block};
    serve::learner_code_starts({{"q", i.q}, {"k", i.k}, {"v", i.v}});
    return ::kata::flash_attention(i.q, i.k, i.v, i.causal, i.block);
  });
  out.run(run);
  out.i64(peak);
  out.i64(largest_heap_block);
});

}  // namespace
}  // namespace grader::kata_flash_attention
