// How the sampling kata's learner's process calls the learner's code (Note [the learner's process]
// in grader/lib/remote.hpp): kata::sample_token `calls` times on the logits it was sent, with one
// generator seeded with the case's seed for all of them; the tokens go back as the Run's Int64
// tensor, then the generator as the calls left it (its bytes: the grader counts the draws) and
// whether logits still holds what it was sent. The runner's side is call_learner_on in cases.cpp.
#include <type_traits>
#include <vector>

#include "grader/learner/serve.hpp"
#include "sampling.hpp"

namespace grader::kata_sampling {
namespace {

static_assert(std::is_trivially_copyable_v<kt::Generator>, "sent as its bytes");

const serve::Serve call("sampling", [](wire::Reader& in, wire::Writer& out) {
  const kt::Tensor logits = in.tensor();
  const double temperature = in.f64();
  const int64_t top_k = in.i64();
  const double top_p = in.f64();
  const uint64_t seed = in.u64();
  const int64_t calls = in.i64();
  if (calls < 1 || calls > 100000) throw wire::Malformed("a sampling case of no calls");
  const kt::Tensor logits0 = logits.clone();
  kt::Generator gen(seed);
  std::vector<int64_t> tokens;
  out.run(call_learner([&] {
    for (int64_t i = 0; i < calls; ++i) {
      if (i == 0) serve::learner_code_starts({{"logits", logits}});
      tokens.push_back(::kata::sample_token(logits, temperature, top_k, top_p, gen));
    }
    return kt::from_vector(tokens, {calls});
  }));
  out.raw(&gen, sizeof gen);
  out.boolean(!serve::holds_copy(logits, logits0));
});

}  // namespace
}  // namespace grader::kata_sampling
