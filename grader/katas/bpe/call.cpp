// How the bpe kata's learner's process calls the learner's code (Note [the learner's process] in
// grader/lib/remote.hpp): kata::bpe_train on the words and num_merges it was sent, or
// kata::bpe_encode on each word it was sent with the merges it was sent. Strings go as texts. Back
// go the Run (run.out: a placeholder, the results follow), whether the call threw
// std::invalid_argument, then the merges (train) or each word's symbols (encode), unless there are
// more than kMaxItems of them, and whether an input changed. The runner's side is call_learner_on
// in cases.cpp; what one writes, the other reads, in the same order.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bpe.hpp"
#include "grader/learner/serve.hpp"

namespace grader::kata_bpe {
namespace {

constexpr size_t kMaxItems = 100000;

const serve::Serve call("bpe", [](wire::Reader& in, wire::Writer& out) {
  const bool train = in.boolean();
  std::vector<std::pair<std::string, int64_t>> words;
  const uint64_t n = in.u64();
  if (n > kMaxItems) throw wire::Malformed("a bpe case of too many words");
  for (uint64_t i = 0; i < n; ++i) {
    std::string w = in.text();
    words.emplace_back(std::move(w), in.i64());
  }
  const int64_t num_merges = in.i64();
  std::vector<::kata::Merge> merges;
  const uint64_t m = in.u64();
  if (m > kMaxItems) throw wire::Malformed("a bpe case of too many merges");
  for (uint64_t i = 0; i < m; ++i) {
    std::string a = in.text();
    merges.emplace_back(std::move(a), in.text());
  }
  const auto words0 = words;
  const auto merges0 = merges;
  bool invalid_argument = false;
  std::vector<::kata::Merge> learned;
  std::vector<std::vector<std::string>> encoded;
  out.run(call_learner([&] {
    serve::learner_code_starts();
    try {
      if (train) {
        learned = ::kata::bpe_train(words, num_merges);
      } else {
        for (const auto& [word, count] : words) encoded.push_back(::kata::bpe_encode(word, merges));
      }
    } catch (const std::invalid_argument&) {
      invalid_argument = true;
      throw;
    }
    return kt::zeros({1});
  }));
  out.boolean(invalid_argument);
  size_t items = learned.size();
  for (const auto& e : encoded) items += e.size();
  out.boolean(items > kMaxItems);
  if (items <= kMaxItems) {
    out.u64(learned.size());
    for (const auto& [a, b] : learned) {
      out.text(a);
      out.text(b);
    }
    out.u64(encoded.size());
    for (const auto& symbols : encoded) {
      out.u64(symbols.size());
      for (const std::string& s : symbols) out.text(s);
    }
  }
  out.boolean(words != words0 || merges != merges0);
});

}  // namespace
}  // namespace grader::kata_bpe
