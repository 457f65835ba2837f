// How the kv_cache kata's learner's process calls the learner's code (Note [the learner's process]
// in grader/lib/remote.hpp): a fresh CachedAttention with the case's weights and an empty KVCache,
// fed the case's chunks in order; what each call did goes back (run.out: the outputs concatenated
// along T, or the first call that threw or returned another shape; the cache after the last call).
#include "grader/learner/projections.hpp"
#include "grader/learner/serve.hpp"
#include "kv_cache.hpp"

namespace grader::kata_kv_cache {
namespace {

const serve::Serve decode("kv_cache", [](wire::Reader& in, wire::Writer& out) {
  const int64_t B = in.i64(), H = in.i64(), d_head = in.i64();
  const bool bias = in.boolean();
  const std::vector<kt::Tensor> t = in.tensors();
  const kt::Shape chunks = in.shape();
  if (t.size() != 9 || !t[0].defined() || t[0].dim() != 3)
    throw wire::Malformed("a kv_cache case that is not x and eight weights");
  const kt::Tensor& x = t[0];
  const int64_t D = H * d_head;
  int64_t call = 0, cache_length = 0;
  bool wrong_shape = false;
  kt::Tensor cache_k, cache_v;
  std::vector<kt::Tensor> outs;
  const Run run = call_learner([&]() -> kt::Tensor {
    CachedAttention m(D, H, bias);
    serve::load_projections(m, {t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8]}, bias);
    KVCache cache;
    int64_t at = 0;
    serve::learner_code_starts(serve::with_projections({}, m, bias));
    for (const int64_t n : chunks) {
      const kt::Tensor chunk = x.narrow(1, at, n).clone();
      serve::name_inputs({{"x", chunk}, {"cache.k", cache.k}, {"cache.v", cache.v}});
      const kt::Tensor o = m.forward(chunk, cache);
      cache_k = cache.k;
      cache_v = cache.v;
      cache_length = cache.length();
      if (!o.defined() || o.sizes() != kt::Shape{B, n, D}) {
        wrong_shape = true;
        return o;
      }
      outs.push_back(o);
      ++call;
      at += n;
    }
    return kt::cat(outs, 1);
  });
  out.run(run);
  out.i64(call);
  out.boolean(wrong_shape);
  out.tensor(cache_k);
  out.tensor(cache_v);
  out.i64(cache_length);
});

}  // namespace
}  // namespace grader::kata_kv_cache
