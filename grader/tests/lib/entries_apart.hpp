// What every kata's catalogue test asserts of its entries (Note [mistake catalogue] in
// grader/lib/diagnosis.hpp): on the discriminating cases each entry differs from the reference, and
// from every other entry, on at least one case.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "grader/lib/compare.hpp"

namespace grader::testing {

/// out[i][c]: entry i's output on case c; names[i] says which entry it is in a failure.
inline void check_entries_apart(const std::vector<std::string>& names,
                                const std::vector<std::vector<kt::Tensor>>& out,
                                const std::vector<kt::Tensor>& reference) {
  for (size_t i = 0; i < out.size(); ++i) {
    INFO(names[i]);
    bool differs = false;
    for (size_t c = 0; c < reference.size(); ++c)
      differs = differs || !close(out[i][c], reference[c]);
    CHECK(differs);
    for (size_t j = i + 1; j < out.size(); ++j) {
      INFO("and " << names[j]);
      bool apart = false;
      for (size_t c = 0; c < reference.size(); ++c) apart = apart || !close(out[i][c], out[j][c]);
      CHECK(apart);
    }
  }
}

}  // namespace grader::testing
