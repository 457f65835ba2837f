// What a learner's file defines for the katas whose grader code (which can call the learner) the
// unit tests link without a learner: each calls its stand_in function when a test set one, and
// says it is not there otherwise.
#include "grader/tests/lib/learner_stand_ins.hpp"

#include "grader/katas/mha_family/call.hpp"

#include "katas/attention_backward/attention_backward.hpp"
#include "katas/flash_attention/flash_attention.hpp"
#include "katas/kv_cache/kv_cache.hpp"
#include "katas/rope/rope.hpp"
#include "katas/sdpa/sdpa.hpp"
#include "katas/softmax/softmax.hpp"

namespace stand_in {

std::function<kt::Tensor(const kt::Tensor&, int64_t)> softmax;
std::function<kt::Tensor(const kt::Tensor&, const kt::Tensor&, const kt::Tensor&,
                         const std::optional<kt::Tensor>&, bool)>
    sdpa;
std::function<kt::Tensor(const kt::Tensor&, int64_t, double)> rope;
std::function<kt::Tensor(const CachedAttention&, const kt::Tensor&, KVCache&)> cached_attention;
std::function<kt::Tensor(const grader::mha::Case&)> mha_forward;

}  // namespace stand_in

namespace kata {

kt::Tensor softmax(const kt::Tensor& x, int64_t dim) {
  if (!stand_in::softmax) throw kt::NotImplemented("unit tests have no learner's softmax");
  return stand_in::softmax(x, dim);
}

kt::Tensor scaled_dot_product_attention(const kt::Tensor& q, const kt::Tensor& k,
                                        const kt::Tensor& v,
                                        const std::optional<kt::Tensor>& attn_mask,
                                        bool is_causal) {
  if (!stand_in::sdpa)
    throw kt::NotImplemented("unit tests have no learner's scaled_dot_product_attention");
  return stand_in::sdpa(q, k, v, attn_mask, is_causal);
}

kt::Tensor apply_rope(const kt::Tensor& x, int64_t start_pos, double base) {
  if (!stand_in::rope) throw kt::NotImplemented("unit tests have no learner's apply_rope");
  return stand_in::rope(x, start_pos, base);
}

AttentionGrads attention_backward(const kt::Tensor&, const kt::Tensor&, const kt::Tensor&,
                                  const kt::Tensor&, bool) {
  throw kt::NotImplemented("unit tests have no learner's attention_backward");
}

kt::Tensor flash_attention(const kt::Tensor&, const kt::Tensor&, const kt::Tensor&, bool, int64_t) {
  throw kt::NotImplemented("unit tests have no learner's flash_attention");
}

}  // namespace kata

kt::Tensor CachedAttention::forward(const kt::Tensor& x, KVCache& cache) const {
  if (!stand_in::cached_attention)
    throw kt::NotImplemented("unit tests have no learner's CachedAttention::forward");
  return stand_in::cached_attention(*this, x, cache);
}

namespace {

const grader::mha::ServeForward mha_forward([](const grader::mha::Case& c) {
  if (!stand_in::mha_forward) throw kt::NotImplemented("unit tests have no learner's mha forward");
  return stand_in::mha_forward(c);
});

}  // namespace
