// What every kata's catalogue test asserts of its entries (Note [mistake catalogue] in
// grader/lib/diagnosis.hpp): on the discriminating cases each entry differs from the reference, and
// from every other entry, on at least one case.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "grader/lib/compare.hpp"
#include "grader/lib/diagnosis.hpp"

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

/// check_entries_apart over a catalogue on the discriminating cases: entry e's output on case c is
/// output(e, c), the reference's reference(c).
template <class Item, class Case, class Output, class Reference>
void check_catalogue_apart(const std::vector<Item>& all, const std::vector<Case>& cases,
                           const Output& output, const Reference& reference) {
  std::vector<std::string> names;
  std::vector<std::vector<kt::Tensor>> out;
  for (const Item& e : all) {
    names.push_back(e.entry.id + " (" + e.entry.what + ")");
    out.emplace_back();
    for (const Case& c : cases) out.back().push_back(output(e, c));
  }
  std::vector<kt::Tensor> expected;
  for (const Case& c : cases) expected.push_back(reference(c));
  check_entries_apart(names, out, expected);
}

/// The same, for a catalogue whose entries compute tensors.
template <class Case, class Reference>
void check_catalogue_apart(const std::vector<CatalogueItem<Case>>& all,
                           const std::vector<Case>& cases, const Reference& reference) {
  check_catalogue_apart(
      all, cases, [](const CatalogueItem<Case>& e, const Case& c) { return e.computes(c); },
      reference);
}

// Note [every catalogued slip is searched] (grader/katas/sampling/detect.cpp)
/// Every entry of a catalogue is reproduced, on every discriminating case, by one of the settings
/// its detectors search: a detector that never sees a catalogued mistake may name its own pitfall
/// where the two draw alike. output(e, c) is entry e's output on case c, searched_output(s, c) the
/// setting s's.
template <class Item, class Case, class Setting, class Output, class SearchedOutput>
void check_catalogue_searched(const std::vector<Item>& all, const std::vector<Case>& cases,
                              const std::vector<Setting>& searched, const Output& output,
                              const SearchedOutput& searched_output) {
  for (const Item& e : all) {
    INFO(e.entry.id + " (" + e.entry.what + ")");
    std::vector<kt::Tensor> want;
    for (const Case& c : cases) want.push_back(output(e, c));
    bool found = false;
    for (size_t s = 0; s < searched.size() && !found; ++s) {
      found = true;
      for (size_t c = 0; c < cases.size() && found; ++c)
        found = kt::equal(searched_output(searched[s], cases[c]), want[c]);
    }
    CHECK(found);
  }
}

}  // namespace grader::testing
