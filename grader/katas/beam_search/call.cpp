// How the beam_search kata's learner's process calls the learner's code (Note [the learner's
// process] in grader/lib/remote.hpp): kata::beam_search over the case's model (model.hpp), which
// returns the same tensor every time a prefix comes again, as a model with a cache would. What
// goes back: the Run, its out the hypotheses packed in one Float64 tensor (count, then each one's
// size, tokens, log_prob and score); the number of model calls and the prefixes asked, in order
// (the first kMaxRecorded, packed: size then tokens); whether a tensor the model returned was
// modified. The runner's side is call_learner_on in cases.cpp.
#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "beam_search.hpp"
#include "grader/katas/beam_search/model.hpp"
#include "grader/learner/serve.hpp"

namespace grader::kata_beam_search {
namespace {

constexpr size_t kMaxRecorded = 4096;

const serve::Serve call("beam_search", [](wire::Reader& in, wire::Writer& out) {
  Model m;
  m.v = in.i64();
  m.seed = in.u64();
  m.kind = ModelKind(in.i64());
  m.eos = in.i64();
  m.float32 = in.boolean();
  m.strided = in.boolean();
  const int64_t bos = in.i64();
  const int64_t eos = in.i64();
  const int64_t beam_width = in.i64();
  const int64_t max_new_tokens = in.i64();
  const double length_penalty = in.f64();
  if (m.v < 1 || m.v > 64) throw wire::Malformed("a beam_search model of no tokens");
  std::map<std::vector<int64_t>, std::pair<kt::Tensor, std::vector<double>>> given;
  std::vector<int64_t> asked;  // packed: size, tokens
  int64_t calls = 0;
  size_t recorded = 0;
  // A search never asks past bos + max_new_tokens: a longer prefix is a loop that does not stop,
  // said at once rather than after the time or memory limit (not a kt::ValueError, which the
  // bad_arguments_throw check reads as the learner's own).
  const size_t longest = 1 + size_t(std::max<int64_t>(max_new_tokens, 1));
  const ::kata::NextLogProbs model = [&](const std::vector<int64_t>& prefix) {
    if (prefix.size() > longest)
      throw std::length_error(
          "the model was asked about a prefix of " + std::to_string(prefix.size()) +
          " tokens, more than bos + max_new_tokens = " + std::to_string(longest) +
          ": a search never goes past max_new_tokens steps (does your loop stop?)");
    ++calls;
    if (recorded < kMaxRecorded) {
      ++recorded;
      asked.push_back(int64_t(prefix.size()));
      asked.insert(asked.end(), prefix.begin(), prefix.end());
    }
    auto it = given.find(prefix);
    if (it == given.end()) {
      std::vector<double> values = model_values(m, prefix);
      kt::Tensor t = model_tensor(m, values);
      it = given.emplace(prefix, std::make_pair(t, std::move(values))).first;
    }
    return it->second.first;
  };
  out.run(call_learner([&] {
    serve::learner_code_starts();
    const std::vector<::kata::Hypothesis> hyps =
        ::kata::beam_search(model, bos, eos, beam_width, max_new_tokens, length_penalty);
    std::vector<double> packed{double(hyps.size())};
    for (const ::kata::Hypothesis& h : hyps) {
      packed.push_back(double(h.tokens.size()));
      packed.insert(packed.end(), h.tokens.begin(), h.tokens.end());
      packed.push_back(h.log_prob);
      packed.push_back(h.score);
    }
    return kt::from_vector(packed, {int64_t(packed.size())});
  }));
  out.i64(calls);
  out.tensor(kt::from_vector(asked, {int64_t(asked.size())}));
  bool changed = false;
  for (const auto& [prefix, tensor_values] : given)
    changed = changed || tensor_values.first.to(kt::Float64).contiguous().to_vector<double>() !=
                             tensor_values.second;
  out.boolean(changed);
});

}  // namespace
}  // namespace grader::kata_beam_search
