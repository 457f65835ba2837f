// The rope kata's mistake simulations: with no mistake they are the reference, and on a detector's
// case every combination of the four pitfalls' switches gives its own output (Note [rope
// detectors]), so a detector cannot name a pitfall the output does not have.
#include <catch2/catch.hpp>
#include <tuple>
#include <vector>

#include "grader/katas/rope/catalogue.hpp"
#include "grader/katas/rope/mistakes.hpp"
#include "grader/lib/compare.hpp"
#include "reference/rope/rope.hpp"

namespace {

using grader::kata_rope::Frequencies;
using grader::kata_rope::Mistakes;
using grader::kata_rope::rope_with_mistakes;

std::vector<Mistakes> pitfall_combinations() {
  std::vector<Mistakes> all;
  for (const bool interleaved : {false, true})
    for (const bool ignores : {false, true})
      for (const Frequencies f : grader::kata_rope::kAllFrequencies)
        for (const bool flipped : {false, true})
          all.push_back({.interleaved = interleaved,
                         .ignores_start_pos = ignores,
                         .frequencies = f,
                         .sign_flipped = flipped});
  return all;
}

}  // namespace

TEST_CASE("with no mistake, the rope simulation is the reference", "[rope][mistakes]") {
  kt::Generator gen(7);
  for (const int64_t d : {2, 4, 6, 12}) {
    const kt::Tensor x = kt::randn({2, 3, 5, d}, gen);
    for (const int64_t start : {0, 1, 37, 4096}) {
      CAPTURE(d, start);
      CHECK(
          grader::close(rope_with_mistakes(x, start, 500000.0, {}), ref::rope(x, start, 500000.0)));
    }
  }
}

TEST_CASE(
    "on a detector's case, the 56 combinations of the rope pitfalls differ but where the length "
    "makes frequencies over T those over d/2 or d",
    "[rope][mistakes]") {
  kt::Generator gen(11);
  // The smallest case the detectors draw: T = 2, d = 4, start_pos = 1, one batch entry and head.
  for (const auto& [T, d, start] : std::vector<std::tuple<int64_t, int64_t, int64_t>>{
           {2, 4, 1}, {5, 8, 40}, {3, 6, 2}, {3, 8, 5}, {4, 4, 3}}) {
    const kt::Tensor x = kt::randn({1, 1, T, d}, gen);
    const std::vector<Mistakes> all = pitfall_combinations();
    std::vector<kt::Tensor> outs;
    for (const Mistakes& m : all) outs.push_back(rope_with_mistakes(x, start, 10000.0, m));
    for (size_t a = 0; a < outs.size(); ++a) {
      for (size_t b = a + 1; b < outs.size(); ++b) {
        CAPTURE(T, d, start, a, b);
        Mistakes ma = all[a], mb = all[b];
        // Frequencies over T are those over d/2 where T = d/2, and the right ones where T = d.
        const auto over_t_as = [&](Frequencies f) {
          return (ma.frequencies == Frequencies::OverLength && mb.frequencies == f) ||
                 (mb.frequencies == Frequencies::OverLength && ma.frequencies == f);
        };
        const bool same_length_rule = (T * 2 == d && over_t_as(Frequencies::OverHalf)) ||
                                      (T == d && over_t_as(Frequencies::Right));
        ma.frequencies = mb.frequencies = Frequencies::Right;
        const bool only_frequencies = ma.interleaved == mb.interleaved &&
                                      ma.ignores_start_pos == mb.ignores_start_pos &&
                                      ma.sign_flipped == mb.sign_flipped;
        if (same_length_rule && only_frequencies)
          CHECK(grader::close(outs[a], outs[b], 1e-9, 1e-12));
        else
          CHECK_FALSE(grader::close(outs[a], outs[b], 1e-6, 1e-6));
      }
    }
  }
}

TEST_CASE("the catalogue's rope mistakes each change the result", "[rope][mistakes]") {
  kt::Generator gen(3);
  const kt::Tensor x = kt::randn({1, 2, 3, 6}, gen);
  const kt::Tensor right = ref::rope(x, 5, 100.0);
  for (const Mistakes& m :
       {Mistakes{.positions_from_one = true}, Mistakes{.base_ignored = true},
        Mistakes{.cos_sin_swapped = true}, Mistakes{.rotate_half_unsigned = true},
        Mistakes{.first_half_only = true}}) {
    CHECK_FALSE(grader::close(rope_with_mistakes(x, 5, 100.0, m), right, 1e-6, 1e-6));
  }
}

TEST_CASE("every rope catalogue entry differs from the reference and from every other entry",
          "[rope][catalogue]") {
  const auto entries = grader::kata_rope::catalogue();
  const auto cases = grader::kata_rope::discriminating_cases();
  for (size_t a = 0; a < entries.size(); ++a) {
    bool differs_from_reference = false;
    for (const auto& c : cases) {
      const kt::Tensor out = rope_with_mistakes(c.x, c.start_pos, c.base, entries[a].mistakes);
      differs_from_reference =
          differs_from_reference || !grader::close(out, ref::rope(c.x, c.start_pos, c.base));
    }
    CAPTURE(entries[a].entry.what);
    CHECK(differs_from_reference);
    for (size_t b = a + 1; b < entries.size(); ++b) {
      bool differ = false;
      for (const auto& c : cases) {
        differ = differ ||
                 !grader::close(rope_with_mistakes(c.x, c.start_pos, c.base, entries[a].mistakes),
                                rope_with_mistakes(c.x, c.start_pos, c.base, entries[b].mistakes));
      }
      CAPTURE(entries[b].entry.what);
      CHECK(differ);
    }
  }
}
