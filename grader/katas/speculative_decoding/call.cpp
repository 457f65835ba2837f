// How the speculative_decoding kata's learner's process calls the learner's code (Note [the
// learner's process] in grader/lib/remote.hpp): kata::speculative_step once per draft it was sent,
// with one generator seeded with the case's seed for all of them; the appended tokens go back as
// the Run's Int64 tensor (per call its count, its tokens, then how many numbers it took from the
// generator), then the generator as the calls
// left it (its bytes: the grader counts the draws) and whether an input changed. The runner's side
// is call_learner_on in cases.cpp.
#include <type_traits>
#include <vector>

#include "grader/channel/draws.hpp"
#include "grader/learner/serve.hpp"
#include "speculative_decoding.hpp"

namespace grader::kata_speculative_decoding {
namespace {

static_assert(std::is_trivially_copyable_v<kt::Generator>, "sent as its bytes");

const serve::Serve call("speculative_decoding", [](wire::Reader& in, wire::Writer& out) {
  const kt::Tensor draft_probs = in.tensor();
  const kt::Tensor target_probs = in.tensor();
  const std::vector<int64_t> flat = in.tensor().to(kt::Int64).to_vector<int64_t>();
  const uint64_t seed = in.u64();
  // Per call: its count, then its draft tokens.
  std::vector<std::vector<int64_t>> drafts;
  for (size_t i = 0; i < flat.size();) {
    const auto n = size_t(flat[i++]);
    if (n > flat.size() - i) throw wire::Malformed("a speculative_decoding draft past its end");
    drafts.emplace_back(flat.begin() + long(i), flat.begin() + long(i + n));
    i += n;
  }
  if (drafts.empty() || drafts.size() > 100000)
    throw wire::Malformed("a speculative_decoding case of no calls");
  const kt::Tensor draft0 = draft_probs.clone(), target0 = target_probs.clone();
  kt::Generator gen(seed);
  std::vector<int64_t> packed;
  bool tokens_changed = false;
  out.run(call_learner([&] {
    for (size_t i = 0; i < drafts.size(); ++i) {
      const std::vector<int64_t>& x = drafts[i];
      const std::vector<int64_t> x0 = x;
      if (i == 0)
        serve::learner_code_starts({{"draft_probs", draft_probs}, {"target_probs", target_probs}});
      const kt::Generator before = gen;
      const std::vector<int64_t> t = ::kata::speculative_step(draft_probs, x, target_probs, gen);
      tokens_changed = tokens_changed || x != x0;
      packed.push_back(int64_t(t.size()));
      packed.insert(packed.end(), t.begin(), t.end());
      // Then the numbers this call took from gen (a step takes at most K + 1): where a count
      // first differs from the statement's, the later calls' tokens are out of step.
      packed.push_back(draws_between(before, gen, 4 * int64_t(x.size()) + 16));
    }
    return kt::from_vector(packed, {int64_t(packed.size())});
  }));
  out.raw(&gen, sizeof gen);
  out.boolean(tokens_changed || !serve::holds_copy(draft_probs, draft0) ||
              !serve::holds_copy(target_probs, target0));
});

}  // namespace
}  // namespace grader::kata_speculative_decoding
