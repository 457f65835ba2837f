// The doubles test's one assertion (Note [every double named exactly] in doubles.hpp): every run of
// every_single_and_double names exactly what it should, each wrong run reported with its slips.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "grader/tests/doubles/doubles.hpp"

namespace doubles {

/// `context` says which forms of the slips the kata's learner takes, when it has several.
inline void check_named_exactly(const Kata& kata, const std::string& context = "") {
  for (const Verdict& v : every_single_and_double(kata, 1)) {
    INFO((context.empty() ? "" : context + "; ") << "slips " << text(v.slips) << ": " << v.wrong);
    CHECK(v.wrong.empty());
  }
}

}  // namespace doubles
