// Diagnosis beyond the named pitfalls: a kata's mistake catalogue, and the rule for claiming that a
// wrong output is one of its entries.
//
// Note [mistake catalogue]
// A kata lists, step by step, every plausible single-step mistake of its computation (a projection
// swapped or left out, the scale missing, the mask ignored, the softmax over another axis, ...) as
// a variant of its mistakes function. When a general check fails, the output is compared with every
// entry on the smallest failing case and on a few fixed cases chosen so that the entries give
// different outputs from each other (a test asserts they do). An entry is claimed only when it is
// the one entry that equals the output on every case and differs from the reference on one of
// them; otherwise nothing is said. Claims are diagnosis only: named pitfalls (their detectors)
// remain what is scored and hinted. An entry that is a named pitfall has that pitfall's id.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/lib/check.hpp"
#include "kt/tensor.hpp"

namespace grader {

struct CatalogueEntry {
  std::string id;    // "mask_ignored"; a named pitfall's id when the entry is that pitfall
  std::string what;  // completes "your output equals ...": "attention with attn_mask ignored"
  std::string fix;   // one or two sentences: what to change
};

/// The index of the one entry whose output equals the learner's on every case (equal(e, i)) and
/// differs from the reference on at least one (differs(e, i)), or nullopt when none or several do.
std::optional<size_t> unique_match(size_t entries, size_t cases,
                                   const std::function<bool(size_t entry, size_t c)>& equal,
                                   const std::function<bool(size_t entry, size_t c)>& differs);

/// unique_match on tensors: the one entry whose output (entry_output(entry, c), each computed at
/// most once and only when needed) is the learner's got[c] on every case (same_as_mistake) and
/// differs from expected[c] on one (not close); nullopt when none or several. An entry that cannot
/// run on a case returns an undefined tensor there, which fits nothing.
std::optional<size_t> match_outputs(
    size_t entries, const std::vector<kt::Tensor>& got, const std::vector<kt::Tensor>& expected,
    const std::function<kt::Tensor(size_t entry, size_t c)>& entry_output);

/// Records the match in the failure: its id and "Your output equals WHAT ... FIX", plus "This is
/// the pitfall ID" when the kata registers the check pitfall_ID.
void set_diagnosis(Failure& f, const CatalogueEntry& entry, size_t cases);

}  // namespace grader
