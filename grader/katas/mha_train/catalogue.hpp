// The mha_train kata's mistake catalogue (Note [mistake catalogue] in grader/lib/diagnosis.hpp):
// without dropout (eval(), or dropout_p = 0) the module is multi-head attention, so its mistakes
// there are the MHA family's (grader/katas/mha_family/catalogue.hpp), computed on this kata's case;
// the dropout's own mistakes are the kata's pitfalls, named by their detectors.
#pragma once

#include <vector>

#include "grader/katas/mha_family/catalogue.hpp"
#include "grader/katas/mha_train/cases.hpp"
#include "grader/lib/diagnosis.hpp"

namespace grader::kata_mha_train {

/// The case as the MHA family's (no attn_mask: forward takes the causal flag).
mha::Case as_mha(const Case& c);

/// The MHA family's entries that can show in this kata (those that differ from the reference on
/// the discriminating cases: the attn_mask's entries cannot).
std::vector<mha::MhaEntry> catalogue();

/// Fixed eval() cases on which every entry differs from every other and from the reference (a
/// test asserts it): B = 2, T = 3, 2 heads, d_head = 3, biases, causal and not.
std::vector<Case> discriminating_cases();

/// Makes the failure of a case without dropout, once shrunk, carry the catalogue entry the
/// learner's outputs equal, else the first diverging step, and the attention map.
void diagnose_after_shrinking(Failure& f, const Case& failing);

}  // namespace grader::kata_mha_train
