// What the decoder_block kata's pitfall detectors share. Each detector lives in pitfalls/ID.cpp and
// registers the check "pitfall_ID"; kata.toml gives its points.
//
// Note [decoder_block detectors]
// The five pitfalls are choices in one computation (Steps in mistakes.hpp): post-norm for pre-norm
// (post_norm), a residual added to the normed input (residual_from_normed, in either sublayer),
// the MLP reading the block's input (mlp_reads_block_input, GPT-J's parallel form), and the MLP's
// activation (silu_on_up_branch, missing_activation). A detector searches every such computation
// and names its pitfall when the learner's output equals one that makes it and none that does not,
// so two mistakes are named both and an output no choice explains is named with none. The MLP's
// two are looked for in mlp(x) itself (x of shape (B, T, d_model), d_model and d_ff 2-6), the
// block's three in forward(x) (T 2-5 and d_head 2-3: one token or one feature makes choices
// coincide), where the activation is searched too, so that a wrong MLP cannot hide them.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/katas/decoder_block/cases.hpp"
#include "grader/katas/decoder_block/mistakes.hpp"

namespace grader::kata_decoder_block {

inline constexpr int kDetectorCases = 30;

/// Every computation searched for a call (mlp: the activations; forward: the activations with
/// every placement of the norms and residuals).
std::vector<Steps> searched_steps(bool mlp_only);

std::optional<Steps> steps_with(const Case& c, const kt::Tensor& got, bool Made::*pitfall);

/// A detector's body on mlp cases (mlp_only) or forward cases.
Outcome detect(uint64_t seed, bool mlp_only, bool Made::*pitfall, const char* id,
               const std::function<std::string(const Case&, const Steps&)>& message);

}  // namespace grader::kata_decoder_block
