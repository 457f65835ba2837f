// How the sdpa kata's learner's process calls the learner's code (Note [the learner's process] in
// grader/lib/remote.hpp): kata::scaled_dot_product_attention on the q, k, v (and mask, when the
// case has one) it was sent.
#include <optional>

#include "grader/learner/serve.hpp"
#include "sdpa.hpp"

namespace grader::kata_sdpa {
namespace {

const serve::Serve sdpa("sdpa", [](wire::Reader& in, wire::Writer& out) {
  const std::vector<kt::Tensor> t = in.tensors();
  const bool causal = in.boolean();
  if (t.size() != 4)
    throw wire::Malformed("an sdpa case of " + std::to_string(t.size()) + " tensors");
  const std::optional<kt::Tensor> mask =
      t[3].defined() ? std::optional<kt::Tensor>(t[3]) : std::nullopt;
  out.run(call_learner([&] {
    serve::learner_code_starts({{"q", t[0]}, {"k", t[1]}, {"v", t[2]}, {"attn_mask", t[3]}});
    return ::kata::scaled_dot_product_attention(t[0], t[1], t[2], mask, causal);
  }));
});

}  // namespace
}  // namespace grader::kata_sdpa
